import { turnKindMetric } from './turnKindMetric.js';

export const parseHandled = turnKindMetric('parseHandled', 'parse', ['Parse turns handled', '新输入拆分正确'], [
  'New utterances the model must parse: share split right (item count, and each item\'s amount, type and category).',
  '需要模型解析的新输入中拆分正确的比例（笔数，以及每笔的金额、类型和分类）。',
]);
