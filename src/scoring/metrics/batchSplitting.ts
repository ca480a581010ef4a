import { matchesField } from '../turnChecks.js';
import { checkPassed, ratio, Scorer, type ScoredDialogue } from '../scorer.js';
import type { ExpectedItem } from '../../datasets/datasetTypes.js';
import { defineMetric, JUDGED } from './definition.js';

/** The fields a split is judged on (the parse-turn metric judges new items the same way). */
export const SPLIT_FIELDS = ['amount', 'type', 'category'] as const;

/** Whether a parsed item has the expected value of one split field; null when the dataset leaves the field open. */
export function splitFieldRight(want: ExpectedItem, field: (typeof SPLIT_FIELDS)[number], got: object | undefined, tolerant: boolean): boolean | null {
  if (want[field] === undefined) return null;
  return got !== undefined && matchesField(want, field, got, tolerant);
}

const empty = () => ({
  judged: 0,
  countExact: 0,
  exactBatch: 0,
  fieldJudged: { amount: 0, type: 0, category: 0 },
  fieldRight: { amount: 0, type: 0, category: 0 },
});

/** New utterances split into a batch: item count, per-field accuracy, exact batch. */
export class BatchSplittingScorer extends Scorer<ReturnType<typeof empty>> {
  constructor() {
    super(empty());
  }

  add({ traces, checks, tolerant = false }: ScoredDialogue): void {
    const t = this.t;
    traces.forEach((trace, i) => {
      const expected = trace.turn.expect?.batch;
      if (!expected || trace.turn.user === undefined || trace.phaseBefore === 'CONFIRMING') return;
      // The items' parse results carry the compared fields as the batch snapshot does.
      const actual = trace.batchAfter?.items ?? [];
      t.judged++;
      if (actual.length === expected.length) t.countExact++;
      if (checkPassed(checks[i]!, 'batch')) t.exactBatch++;
      expected.forEach((want, position) => {
        for (const field of SPLIT_FIELDS) {
          const right = splitFieldRight(want, field, actual[position]?.result, tolerant);
          if (right === null) continue;
          t.fieldJudged[field]++;
          if (right) t.fieldRight[field]++;
        }
      });
    });
  }

  result() {
    const t = this.t;
    const fieldAccuracy = Object.fromEntries(SPLIT_FIELDS.map((f) => [f, ratio(t.fieldRight[f], t.fieldJudged[f])]));
    return {
      score: ratio(t.exactBatch, t.judged),
      counts: { judged: t.judged, countExact: t.countExact, exactBatch: t.exactBatch },
      details: { countAccuracy: ratio(t.countExact, t.judged), fieldAccuracy },
    };
  }
}

export const batchSplitting = defineMetric({
  name: 'batchSplitting',
  label: ['Batch splitting', '多笔拆分'],
  describe: () => [
    'New utterances split into the right transactions: share of exactly right batches (count, order and fields).',
    '新输入被拆成正确交易的比例：笔数、顺序和字段完全正确的批次。',
  ],
  counts: {
    judged: JUDGED,
    countExact: ['right number of items', '笔数正确'],
    exactBatch: ['batch exactly right', '批次完全正确'],
  },
  details: {
    countAccuracy: ['share with the right number of items', '笔数正确的比例'],
    fieldAccuracy: ['per field (amount, type, category): share right', '各字段（金额、类型、分类）正确的比例'],
  },
  scorer: () => new BatchSplittingScorer(),
  pairedTest: 'randomization',
});
