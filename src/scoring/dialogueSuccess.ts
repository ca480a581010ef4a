import { ratio, type ScoredDialogue, type Scorer } from './scorer.js';

export class DialogueSuccessScorer implements Scorer {
  private total = 0;
  private passed = 0;

  add(run: ScoredDialogue): void {
    this.total++;
    if (run.passed) this.passed++;
  }

  result() {
    return {
      score: ratio(this.passed, this.total),
      counts: { judged: this.total, passed: this.passed },
      description: 'Dialogues in which every check of every turn passed.',
    };
  }
}
