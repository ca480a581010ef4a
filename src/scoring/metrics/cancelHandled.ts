import { turnKindMetric } from './turnKindMetric.js';

export const cancelHandled = turnKindMetric('cancelHandled', 'cancel', ['Cancels handled', '取消处理正确'], [
  'Cancellations the model must recognise: share handled as the dataset expects (usually the draft dropped, nothing saved).',
  '需要模型识别的取消中，按数据集期望处理的比例（通常为丢弃草稿、不保存任何内容）。',
]);
