import type { ExpectedItem } from '../../datasets/datasetTypes.js';
import type { TurnTrace } from '../../sim/trace.js';
import { checkPassed, ratio, Scorer, type ScoredDialogue } from '../scorer.js';
import { matchesField } from '../turnChecks.js';
import { defineMetric, JUDGED } from './definition.js';

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
