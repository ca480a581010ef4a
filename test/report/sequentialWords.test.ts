import { describe, expect, it } from 'vitest';
import { sequentialSentence } from '../../src/report/sequentialWords.js';
import type { GateResult, SequentialSummary } from '../../src/report/reportTypes.js';

const metric = (name: string, eRegression: number, eNoRegression: number, clearedAt: number | null) => ({ name, dialogues: 14, baseline: 0.6, current: 0.1, eRegression, eNoRegression, clearedAt });

function gate(summary: Partial<SequentialSummary>): GateResult {
  const sequential: SequentialSummary = {
    method: 'betting',
    alpha: 0.05,
    margin: 0.1,
    orderSeed: 1,
    decision: 'regression',
    stop: 'decided',
    undecided: 'fail',
    dialoguesTested: 14,
    dialoguesRun: 14,
    dialoguesInSuite: 66,
    calls: 52,
    regressionThreshold: 20,
    noRegressionThreshold: 20,
    alarmed: ['persistence'],
    metrics: [metric('persistence', 41, 0.01, null), metric('tts', 1, 25, 9), metric('routing', 1, 3.2, null)],
    ...summary,
  };
  return { baseline: 'b.json', passed: false, regressions: [], improvements: [], sequential };
}

describe('where a sequential run stopped, in words', () => {
  it('names the metric that fell with its e-value and threshold', () => {
    expect(sequentialSentence(gate({}), 'en')).toBe('Stopped after 14 of 66 dialogues (52 model calls): Persistence fell, e = 41 ≥ 20.');
    expect(sequentialSentence(gate({}), 'zh')).toContain('后停止：');
  });

  it('says when no metric fell by the margin', () => {
    expect(sequentialSentence(gate({ decision: 'noRegression', alarmed: [] }), 'en')).toBe("Stopped after 14 of 66 dialogues (52 model calls): no metric fell by 10 pp or more (each metric's e ≥ 20).");
  });

  it('says an undecided run ran out of budget, how far it got, which metrics are still open (least evidence first) and what that does to the gate', () => {
    const sentence = sequentialSentence(gate({ decision: 'undecided', stop: 'budget', budget: '200 calls', alarmed: [] }), 'en');
    expect(sentence).toBe(
      'Not decided: the budget of 200 calls ran out after 14 of 66 dialogues (52 model calls); a fall of 10 pp not yet ruled out for Persistence (14 dialogues, e = 0.01 of 20), Routing (14 dialogues, e = 3.2 of 20); an undecided run fails the gate (--undecided pass lets it through).',
    );
    expect(sequentialSentence(gate({ decision: 'undecided', stop: 'suiteEnd', undecided: 'pass', alarmed: [] }), 'en')).toMatch(/^Not decided: the suite ended .* let through by --undecided pass\.$/);
  });

  it('is absent without --sequential', () => {
    expect(sequentialSentence({ baseline: 'b', passed: true, regressions: [], improvements: [] }, 'en')).toBeNull();
  });
});
