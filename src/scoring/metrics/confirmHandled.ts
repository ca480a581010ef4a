import { turnKindMetric } from './turnKindMetric.js';

export const confirmHandled = turnKindMetric('confirmHandled', 'confirm', ['Confirms handled', '确认处理正确'], [
  'Confirmations the model must recognise: share handled as the dataset expects (usually the draft saved and closed).',
  '需要模型识别的确认中，按数据集期望处理的比例（通常为保存并关闭草稿）。',
]);
