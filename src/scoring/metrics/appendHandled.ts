import { turnKindMetric } from './turnKindMetric.js';

export const appendHandled = turnKindMetric('appendHandled', 'append', ['Appends handled', '追加处理正确'], [
  'Lines that add an item to the draft (or are refused at the cap): share that added exactly the expected items, split right, and left the others as they were.',
  '向草稿追加一笔（或因达上限被拒绝）的输入中，恰好追加了期望条目、拆分正确且其他条目不变的比例。',
]);
