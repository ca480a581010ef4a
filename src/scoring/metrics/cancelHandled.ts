import { turnKindMetric } from './turnKindMetric.js';

export const cancelHandled = turnKindMetric(
  'cancelHandled',
  'cancel',
  ['Cancels handled', '取消处理正确'],
  [
    'Cancellations the model must recognise: share handled as the dataset expects (usually the draft dropped, nothing saved).',
    '需要模型识别的取消中，按数据集期望处理的比例（通常为丢弃草稿、不保存任何内容）。',
  ],
  [
    'Draft `[吃饭60, 打车30]`. 「算了全都不要了」 routed to the model, expecting `batch: null` and `saved: []`, is a cancel turn: handled when no draft is left and nothing was saved; a run that saved a row, or kept the draft, is not.',
    '草稿 `[吃饭60, 打车30]`。交给模型、期望 `batch: null` 和 `saved: []` 的「算了全都不要了」是取消轮：不留草稿且什么都没保存即为已处理；保存了一行或保留草稿的运行未处理。',
  ],
);
