import { ratio, Scorer, type ScoredDialogue } from './scorer.js';

/** The share of passed checks among the named kinds, e.g. tts + ttsIncludes. */
export class CheckShareScorer extends Scorer<{ judged: number; passed: number }> {
  constructor(private readonly names: readonly string[]) {
    super({ judged: 0, passed: 0 });
  }

  add({ checks }: ScoredDialogue): void {
    for (const turnChecks of checks) {
      for (const check of turnChecks) {
        if (!this.names.includes(check.name)) continue;
        this.t.judged++;
        if (check.passed) this.t.passed++;
      }
    }
  }

  result() {
    return { score: ratio(this.t.passed, this.t.judged), counts: { ...this.t } };
  }
}
