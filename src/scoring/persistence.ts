import { ratio, Scorer, type ScoredDialogue } from './scorer.js';

/**
 * Saving: `saved` expectations, plus the seed's atomicity invariant on every failed save —
 * no row of the batch committed and the DraftBatch kept.
 */
export class PersistenceScorer extends Scorer<{
  judged: number;
  passed: number;
  rowsSaved: number;
  failedSaves: number;
  rolledBackAndKept: number;
}> {
  constructor() {
    super({ judged: 0, passed: 0, rowsSaved: 0, failedSaves: 0, rolledBackAndKept: 0 });
  }

  add({ traces, checks }: ScoredDialogue): void {
    const t = this.t;
    traces.forEach((trace, i) => {
      t.rowsSaved += trace.saved.length;
      for (const check of checks[i]!) {
        if (check.name !== 'saved') continue;
        t.judged++;
        if (check.passed) t.passed++;
      }
      if (trace.saveErrors.length > 0) {
        t.failedSaves++;
        t.judged++;
        if (trace.saved.length === 0 && trace.batchAfter !== null) {
          t.rolledBackAndKept++;
          t.passed++;
        }
      }
    });
  }

  result() {
    return {
      score: ratio(this.t.passed, this.t.judged),
      counts: { ...this.t },
      description: 'Confirmed items saved as expected in one SQLite transaction; a failed save commits nothing and keeps the DraftBatch.',
    };
  }
}
