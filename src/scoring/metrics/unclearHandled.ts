import { turnKindMetric } from './turnKindMetric.js';

export const unclearHandled = turnKindMetric(
  'unclearHandled',
  'unclear',
  ['Unclear replies handled', '含糊回复处理正确'],
  [
    'Replies the model cannot act on (no target, no value, ambiguous, off-topic): share that left the draft unchanged.',
    '模型无法执行的回复（没有目标、没有数值、指代不明、离题）中，草稿保持不变的比例。',
  ],
  [
    'Draft `[吃饭60, 洗脚60]`. 「改成50」 expecting the same draft with `outcome: unclear` is an unclear turn (nothing says which item): handled when both items are exactly as they were, days included; a run that changed either is not.',
    '草稿 `[吃饭60, 洗脚60]`。期望草稿不变、`outcome: unclear` 的「改成50」是含糊回复轮（没说改哪笔）：两笔完全不变（包括日期）即为已处理；改了任一笔的运行未处理。',
  ],
);
