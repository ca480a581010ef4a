import { ratio, Scorer, type ScoredDialogue } from '../scorer.js';
import { defineMetric, JUDGED, PASSED } from './definition.js';

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
    };
  }
}

export const persistence = defineMetric({
  name: 'persistence',
  label: ['Persistence', '保存'],
  describe: () => [
    'Confirmed items saved as expected in one SQLite transaction; a failed save commits nothing and keeps the DraftBatch.',
    '确认的条目在一个 SQLite 事务中按期望保存；保存失败时不提交任何内容并保留草稿批次。',
  ],
  counts: {
    judged: JUDGED,
    passed: PASSED,
    rowsSaved: ['rows saved', '已保存行数'],
    failedSaves: ['failed saves', '保存失败'],
    rolledBackAndKept: ['rolled back, batch kept', '已回滚并保留批次'],
  },
  details: {},
  scorer: () => new PersistenceScorer(),
  pairedTest: 'randomization',
});
