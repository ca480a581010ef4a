import { turnKindMetric } from './turnKindMetric.js';

export const confirmHandled = turnKindMetric(
  'confirmHandled',
  'confirm',
  ['Confirms handled', '确认处理正确'],
  [
    'Confirmations the model must recognise: share handled as the dataset expects (usually the draft saved and closed).',
    '需要模型识别的确认中，按数据集期望处理的比例（通常为保存并关闭草稿）。',
  ],
  [
    'Draft `[吃饭60 pending, 打车30 cancelled]`. 「嗯对就这样」 routed to the model, expecting `batch: null` and `saved: [{amount: 60}]`, is a confirm turn: handled when no draft is left and exactly one row was saved (every item not cancelled); a run that kept the draft or saved both is not. 「确认」 answered by the local rules (`route: local`) is not model-facing and counts for no metric of this kind.',
    '草稿 `[吃饭60 pending, 打车30 cancelled]`。交给模型、期望 `batch: null` 和 `saved: [{amount: 60}]` 的「嗯对就这样」是确认轮：不留草稿且恰好保存一行（每条未取消的条目）即为已处理；保留草稿或两笔都保存的运行未处理。由本地规则处理的「确认」（`route: local`）不面向模型，不计入这类指标。',
  ],
);
