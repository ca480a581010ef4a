import { ratio, Scorer, type ScoredDialogue } from './scorer.js';

export class DialogueSuccessScorer extends Scorer<{ judged: number; passed: number }> {
  constructor() {
    super({ judged: 0, passed: 0 });
  }

  add(run: ScoredDialogue): void {
    this.t.judged++;
    if (run.passed) this.t.passed++;
  }

  result() {
    return {
      score: ratio(this.t.passed, this.t.judged),
      counts: { ...this.t },
      description: 'Dialogues in which every check of every turn passed.',
    };
  }
}
