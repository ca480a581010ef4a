import { turnKindMetric } from './turnKindMetric.js';

export const correctionHandled = turnKindMetric(
  'correctionHandled',
  'correction',
  ['Corrections handled', '纠正处理正确'],
  [
    'Corrections the model must apply: share that changed the right item(s) and the right fields, and nothing else.',
    '需要模型执行的纠正中，改对了条目和字段且未改动其他内容的比例。',
  ],
  [
    'Today 2026-03-01, draft `[吃饭60, 打车30]`. 「第二笔改成35」 expecting `[{amount: 60}, {amount: 35}]` is a correction turn: handled when item 2 is 35 and item 1 is still 60 with its type, category, description, day and status. 「打车那笔是昨天的」 expecting `[{amount: 60, date: null}, {amount: 30, date: 2026-02-28}]` is a correction too (the day changes from today): handled when item 2 is on 2026-02-28 and item 1 still on today; a run that moved item 1 instead is not. A turn whose expected draft stays as it was and whose outcome is unclear is no correction turn (unclearHandled counts it).',
    '今天为 2026-03-01，草稿 `[吃饭60, 打车30]`。期望 `[{amount: 60}, {amount: 35}]` 的「第二笔改成35」是纠正轮：第 2 笔为 35、第 1 笔仍为 60 且类型、分类、描述、日期和状态不变，即为已处理。期望 `[{amount: 60, date: null}, {amount: 30, date: 2026-02-28}]` 的「打车那笔是昨天的」也是纠正轮（日期从今天改变）：第 2 笔日期为 2026-02-28、第 1 笔仍为今天即为已处理；改了第 1 笔日期的运行未处理。期望草稿不变且结果为 unclear 的轮次不是纠正轮（由 unclearHandled 计）。',
  ],
);
