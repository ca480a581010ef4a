import { turnKindMetric } from './turnKindMetric.js';

export const correctionHandled = turnKindMetric('correctionHandled', 'correction', ['Corrections handled', '纠正处理正确'], [
  'Corrections the model must apply: share that changed the right item(s) and the right fields, and nothing else.',
  '需要模型执行的纠正中，改对了条目和字段且未改动其他内容的比例。',
]);
