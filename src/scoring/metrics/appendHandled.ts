import { turnKindMetric } from './turnKindMetric.js';

export const appendHandled = turnKindMetric(
  'appendHandled',
  'append',
  ['Appends handled', '追加处理正确'],
  [
    'Lines that add an item to the draft (or are refused at the cap): share that added exactly the expected items, split right, and left the others as they were.',
    '向草稿追加一笔（或因达上限被拒绝）的输入中，恰好追加了期望条目、拆分正确且其他条目不变的比例。',
  ],
  [
    'Today 2026-03-01, draft `[吃饭60]`. 「还有一笔奶茶15」 expecting `[{amount: 60}, {amount: 15, type: EXPENSE, category: 饮品}]` is an append turn: handled when exactly one item is added, 15 / EXPENSE / 饮品, and 吃饭60 is unchanged; adding two items, or changing 吃饭 to 15, is not. 「另外昨天打车30」 expecting the new item with `date: 2026-02-28` also needs that day. On a draft of 10 items an append expected to be refused (the same 10 items, `outcome: appendRefused`) is handled when the draft is unchanged.',
    '今天为 2026-03-01，草稿 `[吃饭60]`。期望 `[{amount: 60}, {amount: 15, type: EXPENSE, category: 饮品}]` 的「还有一笔奶茶15」是追加轮：恰好追加一笔 15 / EXPENSE / 饮品且吃饭60 不变即为已处理；追加两笔、或把吃饭改成 15 则未处理。期望新条目 `date: 2026-02-28` 的「另外昨天打车30」还须日期正确。10 笔的草稿上期望被拒绝的追加（同样的 10 笔，`outcome: appendRefused`）在草稿不变时为已处理。',
  ],
);
