import { describe, expect, it } from 'vitest';
import { sequentialSentence } from '../../src/report/words/sequentialWords.js';
import type { GateResult, SequentialSummary } from '../../src/report/model/reportTypes.js';

const metric = (name: string, eRegression: number, eNoRegression: number, clearedAt: number | null) => ({
  name,
  dialogues: 14,
  baseline: 0.6,
  current: 0.1,
  eRegression,
  eNoRegression,
  clearedAt,
});

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
    minutes: 0.5,
    regressionEvidence: 61,
    regressionThreshold: 60,
    noRegressionThreshold: 20,
    alarmed: ['persistence'],
    dialoguesToClear: 34,
    setAside: [],
    wouldDecideAt: null,
    metrics: [metric('persistence', 41, 0.01, null), metric('tts', 1, 25, 9), metric('routing', 1, 3.2, null)],
    ...summary,
  };
  return { baseline: 'b.json', passed: false, regressions: [], improvements: [], sequential };
}

describe('where a sequential run stopped, in words', () => {
  it("names the metric that fell with its e-value, and the family's summed e-values against their threshold", () => {
    expect(sequentialSentence(gate({}), 'en')).toBe(
      "Stopped after 14 of 66 dialogues (52 model calls): Persistence fell (e = 41); the 3 metrics' e-values sum to 61 ≥ 60.",
    );
    expect(sequentialSentence(gate({}), 'zh')).toContain('后停止：');
  });

  it('says when no metric fell by the margin, naming the metrics too thinly judged to clear and what clearing needs', () => {
    expect(sequentialSentence(gate({ decision: 'noRegression', alarmed: [] }), 'en')).toBe(
      "Cleared after 14 of 66 dialogues (52 model calls): no metric fell by 10 pp or more (each metric's e ≥ 20).",
    );
    const thin = gate({ decision: 'noRegression', alarmed: [], setAside: [{ name: 'cancelHandled', judged: 14 }] });
    expect(sequentialSentence(thin, 'en')).toMatch(
      /\. Too few judged dialogues to clear: Cancels handled \(14\); a metric needs 34 to clear 10 pp, so it is not covered\.$/,
    );
    expect(sequentialSentence(thin, 'zh')).toContain('取消处理正确（14）');
  });

  it('says an undecided run ran out of budget, how far it got, which metrics are still open (least evidence first), what would decide and what that does to the gate', () => {
    const sentence = sequentialSentence(gate({ decision: 'undecided', stop: 'budget', budget: '200 calls', alarmed: [], wouldDecideAt: 50 }), 'en');
    expect(sentence).toBe(
      'Not decided: the budget of 200 calls ran out after 14 of 66 dialogues (52 of 200 calls); a fall of 10 pp not yet ruled out for Persistence (14 dialogues, e = 0.01 of 20), Routing (14 dialogues, e = 3.2 of 20); at the differences seen so far, about 50 dialogues would decide; an undecided run fails the gate (--undecided pass lets it through).',
    );
    expect(sequentialSentence(gate({ decision: 'undecided', stop: 'suiteEnd', undecided: 'pass', alarmed: [] }), 'en')).toMatch(
      /^Not decided: the selection ended, after .* let through by --undecided pass\.$/,
    );
  });

  it('"17 dialogues in 1 of 15 minutes; at the fall seen so far, about N dialogues would decide": a selection that ends with budget left says so, and that it is too small', () => {
    const small = gate({
      decision: 'undecided',
      stop: 'suiteEnd',
      budget: '15 min',
      minutes: 1,
      dialoguesRun: 17,
      dialoguesTested: 17,
      dialoguesInSuite: 17,
      alarmed: [],
      wouldDecideAt: 60,
    });
    expect(sequentialSentence(small, 'en')).toMatch(
      /^Not decided: the selection ended with budget left, after 17 of 17 dialogues \(52 model calls\) in 1 of 15 min; .*; at the differences seen so far, about 60 dialogues would decide \(the selection has 17: select more, or widen --margin from 10 pp\);/,
    );
    expect(sequentialSentence(small, 'en')).not.toMatch(/No change/);
  });

  it('a selection where no metric can clear the margin says so instead of an empty list', () => {
    const none = gate({
      decision: 'undecided',
      stop: 'suiteEnd',
      alarmed: [],
      setAside: [
        { name: 'persistence', judged: 14 },
        { name: 'tts', judged: 14 },
        { name: 'routing', judged: 14 },
      ],
    });
    const sentence = sequentialSentence(none, 'en')!;
    expect(sentence).toContain(
      'no metric is judged on the 34 dialogues clearing 10 pp needs, so this selection cannot clear it (select more dialogues, or widen --margin)',
    );
    expect(sentence).not.toMatch(/ruled out for ;/);
  });

  it('a run that compared nothing says so, in both languages, and never "No change"', () => {
    const nothing = gate({ decision: 'undecided', stop: 'suiteEnd', undecided: 'pass', dialoguesTested: 0, dialoguesRun: 43, alarmed: [] });
    expect(sequentialSentence(nothing, 'en')).toBe(
      'Nothing compared: none of the 43 dialogues run is in the baseline, so the gate has no evidence either way and fails, whatever --undecided says.',
    );
    expect(sequentialSentence(nothing, 'zh')).toContain('没有可比较的对话');
  });

  it('is absent without --sequential', () => {
    expect(sequentialSentence({ baseline: 'b', passed: true, regressions: [], improvements: [] }, 'en')).toBeNull();
  });
});
