import { ratio, type ScoredDialogue, type Scorer } from './scorer.js';

/** The share of passed checks among the named kinds, e.g. tts + ttsIncludes. */
export class CheckShareScorer implements Scorer {
  private judged = 0;
  private passed = 0;

  constructor(
    private readonly names: readonly string[],
    private readonly description: string,
  ) {}

  add({ checks }: ScoredDialogue): void {
    for (const check of checks.flat()) {
      if (!this.names.includes(check.name)) continue;
      this.judged++;
      if (check.passed) this.passed++;
    }
  }

  result() {
    return { score: ratio(this.passed, this.judged), counts: { judged: this.judged, passed: this.passed }, description: this.description };
  }
}
