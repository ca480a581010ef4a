import { turnKindMetric } from './turnKindMetric.js';

export const unclearHandled = turnKindMetric('unclearHandled', 'unclear', ['Unclear replies handled', '含糊回复处理正确'], [
  'Replies the model cannot act on (no target, no value, ambiguous, off-topic): share that left the draft unchanged.',
  '模型无法执行的回复（没有目标、没有数值、指代不明、离题）中，草稿保持不变的比例。',
]);
