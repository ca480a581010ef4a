import { ratio, Scorer, type ScoredDialogue } from '../scorer.js';
import { defineMetric, JUDGED, PASSED } from './definition.js';

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
    };
  }
}

export const dialogueSuccess = defineMetric({
  name: 'dialogueSuccess',
  label: ['Dialogue success', '对话成功率'],
  describe: () => ['Dialogues in which every check of every turn passed.', '每一轮的每项检查都通过的对话所占比例。'],
  counts: { judged: JUDGED, passed: PASSED },
  details: {},
  scorer: () => new DialogueSuccessScorer(),
  pairedTest: 'signTest',
  listedFirst: true,
});
