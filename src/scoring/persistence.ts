import { ratio, type ScoredDialogue, type Scorer } from './scorer.js';

/**
 * Saving: `saved` expectations, plus the seed's atomicity invariant on every failed save —
 * no row of the batch committed and the DraftBatch kept.
 */
export class PersistenceScorer implements Scorer {
  private judged = 0;
  private passed = 0;
  private failedSaves = 0;
  private rolledBack = 0;
  private rowsSaved = 0;

  add({ traces, checks }: ScoredDialogue): void {
    traces.forEach((trace, i) => {
      this.rowsSaved += trace.saved.length;
      for (const check of checks[i]!) {
        if (check.name !== 'saved') continue;
        this.judged++;
        if (check.passed) this.passed++;
      }
      if (trace.saveErrors.length > 0) {
        this.failedSaves++;
        this.judged++;
        if (trace.saved.length === 0 && trace.batchAfter !== null) {
          this.rolledBack++;
          this.passed++;
        }
      }
    });
  }

  result() {
    return {
      score: ratio(this.passed, this.judged),
      counts: { judged: this.judged, passed: this.passed, rowsSaved: this.rowsSaved, failedSaves: this.failedSaves, rolledBackAndKept: this.rolledBack },
      description: 'Confirmed items saved as expected in one SQLite transaction; a failed save commits nothing and keeps the DraftBatch.',
    };
  }
}
