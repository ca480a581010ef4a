import type { ExpectedItem } from '../../datasets/datasetTypes.js';
import type { TurnTrace } from '../../sim/trace.js';
import { checkPassed, ratio, Scorer, type ScoredDialogue } from '../scorer.js';
import { matchesField } from '../turnChecks.js';
import { defineMetric, JUDGED, type Words } from './definition.js';

/** A date-only correction (那笔是昨天的) is a field correction too. */
const FIELDS = ['amount', 'type', 'category', 'description', 'date'] as const;

/**
 * Field corrections on a batch: did the change land on the right ORIGINAL item after the
 * pending-only renumbering, and is the batch exactly right afterwards.
 */
export class CorrectionIndexMappingScorer extends Scorer<{
  judged: number;
  rightIndex: number;
  exactBatch: number;
  afterCancelOrConfirm: number;
  afterCancelOrConfirmExact: number;
}> {
  constructor() {
    super({ judged: 0, rightIndex: 0, exactBatch: 0, afterCancelOrConfirm: 0, afterCancelOrConfirmExact: 0 });
  }

  add({ traces, checks }: ScoredDialogue): void {
    const t = this.t;
    traces.forEach((trace, i) => {
      const targets = expectedTargets(trace);
      // A turn that names the index pairs of its correction is judged by them too, batch or not.
      const pairs = trace.turn.expect?.mapping;
      const mappingPassed = checkPassed(checks[i]!, 'mapping');
      if (targets === null && !(pairs && pairs.length > 0)) return;
      t.judged++;
      const actual = [...new Set(trace.mapping.map((m) => m.originalIndex))].sort((a, b) => a - b);
      if (targets === null ? mappingPassed === true : sameSet(targets, actual) && mappingPassed !== false) t.rightIndex++;
      const batchPassed = checkPassed(checks[i]!, 'batch');
      const exact = (targets === null ? batchPassed !== false : batchPassed === true) && mappingPassed !== false;
      if (exact) t.exactBatch++;
      if (trace.batchBefore?.items.some((item) => item.status !== 'pending')) {
        t.afterCancelOrConfirm++;
        if (exact) t.afterCancelOrConfirmExact++;
      }
    });
  }

  result() {
    const t = this.t;
    return {
      score: ratio(t.exactBatch, t.judged),
      counts: { ...t },
      details: { indexAccuracy: ratio(t.rightIndex, t.judged) },
    };
  }
}

const METHOD: Words = [
  [
    '**Which turns count** (`src/scoring/metrics/correctionIndexMapping.ts`). A user turn that starts in CONFIRMING (in the run) and',
    "expects a batch of as many items as the run's batch before it, where at least one expected item's amount, type, category,",
    "description or date differs from that item before the turn (a date compared as the day it is for: null is the dialogue's today);",
    "those items' original indices are the targets. A turn that states `expect.mapping` counts too, batch or not. Every other turn",
    '(a parse, a confirm, a cancel, an unclear reply, an append, a turn without `expect.batch`, a tap) is not judged, and a dialogue',
    'with no judged turn is n/a. Of a judged turn: **rightIndex** when the original indices the applied answer landed on (after the',
    'pending-only renumbering) are exactly the targets and the `mapping` check, if any, passed (a mapping-only turn: that check passed);',
    '**exactBatch** when, besides, the `batch` check passed (a mapping-only turn: did not fail). The score is exactBatch / judged,',
    '`indexAccuracy` rightIndex / judged; `afterCancelOrConfirm` counts the judged turns whose batch already had an item confirmed or',
    'cancelled (where renumbering matters).',
  ].join('\n'),
  [
    '**哪些轮次计入**（`src/scoring/metrics/correctionIndexMapping.ts`）。运行中从 CONFIRMING 开始的用户轮，期望的批次条目数与该轮之前运行的',
    '批次相同，且至少有一个期望条目的金额、类型、分类、描述或日期与该条目在本轮之前的值不同（日期按所属的那一天比较：null 即对话的',
    '今天）；这些条目的原始序号就是目标。写明 `expect.mapping` 的轮次也计入，不论是否写明批次。其他轮次（解析、确认、取消、含糊回复、',
    '追加、没有 `expect.batch` 的轮次、点按）不评判；没有被评判轮次的对话为 n/a。被评判的轮次中：执行的回答（仅 pending 条目重编号',
    '之后）落到的原始序号恰好等于目标，且 `mapping` 检查（如有）通过，记 **rightIndex**（只写了 mapping 的轮次：该检查通过）；此外',
    '`batch` 检查也通过（只写了 mapping 的轮次：未失败），记 **exactBatch**。得分 = exactBatch / 评判数，`indexAccuracy` = rightIndex / 评判数；',
    '`afterCancelOrConfirm` 统计批次中已有条目被确认或取消的被评判轮次（此时重编号才起作用）。',
  ].join('\n'),
];

const EXAMPLE: Words = [
  'Today 2026-03-01, batch `[吃饭60, 洗脚60 confirmed, 红包30]`. 「第二笔改成80」 sends the two pending items renumbered 0 and 1, so 第二笔 is sent index 1, original index 2; the turn expects `[{amount: 60}, {amount: 60}, {amount: 80}]`, target 2. A run that changed original item 2 to 80 counts rightIndex and exactBatch (and afterCancelOrConfirm); one that changed 洗脚 (original 1) counts neither. 「红包那笔是昨天的」 expecting `[..., ..., {date: 2026-02-28}]` is judged the same way (a date-only correction, target 2: its day moves from today); a following 「嗯对」 expecting `batch: null` is not judged.',
  '今天为 2026-03-01，批次 `[吃饭60, 洗脚60 confirmed, 红包30]`。「第二笔改成80」发送的两条 pending 条目重编号为 0 和 1，所以第二笔是发送序号 1、原始序号 2；该轮期望 `[{amount: 60}, {amount: 60}, {amount: 80}]`，目标为 2。把原始第 2 条改成 80 的运行记 rightIndex 和 exactBatch（也计入 afterCancelOrConfirm）；改了洗脚（原始 1）的运行都不记。期望 `[..., ..., {date: 2026-02-28}]` 的「红包那笔是昨天的」同样评判（只改日期的纠正，目标 2：日期从今天移走）；之后期望 `batch: null` 的「嗯对」不评判。',
];

export const correctionIndexMapping = defineMetric({
  name: 'correctionIndexMapping',
  label: ['Correction index mapping', '纠正序号映射'],
  describe: () => [
    'Corrections applied to the right original item (after pending-only renumbering) with the batch exactly right afterwards.',
    '纠正落到正确的原始条目上（仅 pending 条目重编号之后），且之后批次完全正确。',
  ],
  counts: {
    judged: JUDGED,
    rightIndex: ['right item corrected', '纠正到正确的笔'],
    exactBatch: ['batch exactly right', '批次完全正确'],
    afterCancelOrConfirm: ['after a cancel or confirm', '取消或确认之后'],
    afterCancelOrConfirmExact: ['after a cancel or confirm, exactly right', '取消或确认之后完全正确'],
  },
  details: {
    indexAccuracy: ['share corrected on the right item', '纠正到正确条目的比例'],
  },
  method: METHOD,
  example: EXAMPLE,
  scorer: () => new CorrectionIndexMappingScorer(),
  pairedTest: 'randomization',
});

/** Original indices the dataset expects this turn to change, or null when the turn is no field correction. */
function expectedTargets(trace: TurnTrace): number[] | null {
  const expected = trace.turn.expect?.batch;
  if (trace.phaseBefore !== 'CONFIRMING' || trace.turn.user === undefined || !expected || !trace.batchBefore) return null;
  const before = trace.batchBefore.items;
  if (expected.length !== before.length) return null;
  const targets: number[] = [];
  expected.forEach((want, position) => {
    const was = before[position]!;
    if (changesFields(want, was.result, trace.today)) targets.push(want.index ?? was.index);
  });
  return targets.length > 0 ? targets.sort((a, b) => a - b) : null;
}

/** `was`: the item's parse result, which carries the compared fields as the batch snapshot does. */
function changesFields(want: ExpectedItem, was: object, today: string): boolean {
  for (const field of FIELDS) if (want[field] !== undefined && !matchesField(want, field, was, false, today)) return true;
  return false;
}

function sameSet(a: readonly number[], b: readonly number[]): boolean {
  return a.length === b.length && a.every((value, i) => value === b[i]);
}
