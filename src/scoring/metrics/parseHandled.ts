import { turnKindMetric } from './turnKindMetric.js';

export const parseHandled = turnKindMetric(
  'parseHandled',
  'parse',
  ['Parse turns handled', '新输入拆分正确'],
  [
    "New utterances the model must parse: share split right (item count, and each item's amount, type and category).",
    '需要模型解析的新输入中拆分正确的比例（笔数，以及每笔的金额、类型和分类）。',
  ],
  [
    'Today 2026-03-01. 「吃饭60，打车30」 with no draft before, expecting `batch: [{amount: 60, type: EXPENSE, category: 餐饮}, {amount: 30, type: EXPENSE, category: 交通}]`, is a parse turn: a run that leaves those two items is handled; one item of 90 is not (wrong count). 「昨天打车30」 expecting `[{amount: 30, date: 2026-02-28}]` is handled only with the item on 2026-02-28 (an item without a date is for today). The local 「确认」 after it is no parse turn (not model-facing).',
    '今天为 2026-03-01。之前无草稿的「吃饭60，打车30」，期望 `batch: [{amount: 60, type: EXPENSE, category: 餐饮}, {amount: 30, type: EXPENSE, category: 交通}]`，是解析轮：运行留下这两笔即为已处理；只有一笔 90 则未处理（笔数错）。期望 `[{amount: 30, date: 2026-02-28}]` 的「昨天打车30」只有条目日期为 2026-02-28 才算已处理（没有日期的条目属于今天）。之后本地处理的「确认」不是解析轮（不面向模型）。',
  ],
);
