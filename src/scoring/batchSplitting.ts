import { matchesItem } from './turnChecks.js';
import { snapshotBatch } from './turnChecks.js';
import { checkPassed, ratio, type ScoredDialogue, type Scorer } from './scorer.js';

const FIELDS = ['amount', 'type', 'category'] as const;

/** New utterances split into a batch: item count, per-field accuracy, exact batch. */
export class BatchSplittingScorer implements Scorer {
  private turns = 0;
  private countExact = 0;
  private exact = 0;
  private readonly fieldJudged: Record<string, number> = { amount: 0, type: 0, category: 0 };
  private readonly fieldRight: Record<string, number> = { amount: 0, type: 0, category: 0 };

  add({ traces, checks }: ScoredDialogue): void {
    traces.forEach((trace, i) => {
      const expected = trace.turn.expect?.batch;
      if (!expected || trace.turn.user === undefined || trace.phaseBefore === 'CONFIRMING') return;
      const actual = snapshotBatch(trace.batchAfter) ?? [];
      this.turns++;
      if (actual.length === expected.length) this.countExact++;
      if (checkPassed(checks[i]!, 'batch')) this.exact++;
      expected.forEach((want, position) => {
        for (const field of FIELDS) {
          if (want[field] === undefined) continue;
          this.fieldJudged[field]!++;
          const got = actual[position];
          if (got && matchesItem({ [field]: want[field] }, got)) this.fieldRight[field]!++;
        }
      });
    });
  }

  result() {
    const fieldAccuracy = Object.fromEntries(FIELDS.map((f) => [f, ratio(this.fieldRight[f]!, this.fieldJudged[f]!)]));
    return {
      score: ratio(this.exact, this.turns),
      counts: { judged: this.turns, countExact: this.countExact, exactBatch: this.exact },
      details: { countAccuracy: ratio(this.countExact, this.turns), fieldAccuracy },
      description: 'New utterances split into the right transactions: share of exactly right batches (count, order and fields).',
    };
  }
}
