import { describe, expect, it } from 'vitest';
import type { DialogueReport, GateResult, TurnReport } from '../../src/report/model/reportTypes.js';
import {
  behaviourName,
  brokenFirst,
  changedBehaviours,
  knockOnMetrics,
  moreBehavioursLine,
  oldAndNewLine,
  whatBroke,
  whatBrokeHeading,
} from '../../src/report/model/whatBroke.js';
import { makeReport } from './fixtures.js';

const item = (index: number, amount: number) => ({ index, status: 'pending' as const, amount, type: 'EXPENSE' as const, category: '餐饮', description: null });

function turn(index: number, fields: Partial<TurnReport>): TurnReport {
  return {
    index,
    input: { user: `第${index}句` },
    network: 'online',
    route: 'llm',
    intent: { kind: 'newInput' },
    stateAfter: 'CONFIRMING',
    tts: [],
    batch: null,
    saved: [],
    llmCalls: [],
    checks: [],
    passed: true,
    firstTtsMs: 0,
    virtualMs: 0,
    ...fields,
  };
}

/** A draft of 60 and 30, then a correction turn whose batch check compares `expected` with what came out. */
function corrected(id: string, expected: number[], actual: number[], extra: Partial<TurnReport> = {}): DialogueReport {
  const first = turn(0, { batch: [item(0, 60), item(1, 30)], llmCalls: [{ endpoint: 'parse', request: '', responseText: '', outcome: 'ok', latencyMs: 1 }] });
  const check = { name: 'batch', passed: false, expected: expected.map((amount) => ({ amount })), actual: actual.map((amount, i) => item(i, amount)) };
  const second = turn(1, { intent: { kind: 'correction' }, batch: actual.map((amount, i) => item(i, amount)), checks: [check], passed: false, ...extra });
  return { id, title: id, tags: [], file: 'd.yaml', passed: false, failedChecks: 1, runsPassed: 0, runs: 1, turns: [first, second], turnCount: 2 };
}

describe('what broke for users: the first failure of each dialogue, grouped by behaviour', () => {
  const refused = {
    endpoint: 'correct' as const,
    request: {},
    responseText: '{}',
    outcome: 'invalid',
    detail: 'index 2 is out of range (currentBatch has 2 items)',
    latencyMs: 120,
  };
  const dialogues = [
    corrected('wrong-item-1', [50, 30], [60, 50]),
    corrected('wrong-item-2', [60, 10], [10, 30]),
    corrected('not-applied', [60, 25], [60, 30], { llmCalls: [refused] }),
    corrected('wrong-value', [50, 30], [55, 30]),
  ];

  it('tells a wrong item from a change not made and a wrong value, with a count and one example each', () => {
    const behaviours = changedBehaviours(
      dialogues.map((d) => d.id),
      dialogues,
    );
    expect(behaviours.map((b) => [b.key, b.count, b.example.id])).toEqual([
      ['correction:batch:wrongItem', 2, 'wrong-item-1'],
      ['correction:batch:notApplied', 1, 'not-applied'],
      ['correction:batch:wrongValue', 1, 'wrong-value'],
    ]);
    // In the words a reader uses (issue 49): the entries as the user named them, not field paths.
    expect(behaviours[0]!.example).toMatchObject({
      turn: 2,
      input: '「第1句」',
      difference: 'the draft has 「餐饮 60元」 where 「餐饮 50元」 was meant; the draft has 「餐饮 50元」 where 「餐饮 30元」 was meant',
      why: null,
    });
    // The model call's complaint is an internal: not beside a plain example.
    expect(behaviours[1]!.example.why).toBeNull();
    expect(behaviourName('en', behaviours[0]!.key)).toBe('Corrections: the wrong item was changed');
    expect(behaviourName('zh', behaviours[1]!.key)).toBe('纠正：没有改动');
    expect(behaviours.every((b) => b.metric === 'correctionIndexMapping')).toBe(true);
  });

  // Issue 40, item 7: "a description correction is grouped under 'appends'".
  it('a line the correction model got without a correction word is a correction when the draft keeps its items, an append when it grows', () => {
    const correctCall = {
      endpoint: 'correct' as const,
      request: {},
      responseText: '{"corrections":[],"intent":"append","confidence":0.3}',
      outcome: 'ok',
      latencyMs: 1,
    };
    const noMarker = { intent: { kind: 'newInput' }, llmCalls: [correctCall] };
    const behaviours = changedBehaviours(
      ['last-is-17', 'added', 'refused-when-full'],
      [
        corrected('last-is-17', [60, 17], [60, 30], noMarker),
        corrected('added', [60, 30, 8], [60, 30], noMarker),
        // An append the app must refuse (a full draft) keeps the draft as it was: still an append.
        corrected('refused-when-full', [60, 30], [60, 30], noMarker),
      ],
    );
    expect(behaviours.map((b) => [b.key, b.ids])).toEqual([
      ['append:batch:notAdded', ['added']],
      ['append:batch:notApplied', ['refused-when-full']],
      ['correction:batch:notApplied', ['last-is-17']],
    ]);
  });

  // Issue 40, item 7: "1 more behaviours".
  it('counts the behaviours past the first lines in the singular when there is one, in both languages', () => {
    const behaviours = changedBehaviours(
      dialogues.map((d) => d.id),
      dialogues,
    );
    expect(moreBehavioursLine('en', behaviours.slice(2))).toBe('…and 1 more behaviour (1 dialogue)');
    expect(moreBehavioursLine('en', behaviours.slice(0, 1))).toBe('…and 1 more behaviour (2 dialogues)');
    expect(moreBehavioursLine('en', behaviours.slice(1))).toBe('…and 2 more behaviours (2 dialogues)');
    expect(moreBehavioursLine('zh', behaviours.slice(2))).toBe('……另有 1 类问题（1 段对话）');
  });

  it('counts only the dialogues asked about, each once', () => {
    expect(changedBehaviours(['wrong-item-2', 'not-applied'], dialogues).map((b) => [b.key, b.ids])).toEqual([
      ['correction:batch:notApplied', ['not-applied']],
      ['correction:batch:wrongItem', ['wrong-item-2']],
    ]);
  });

  it('marks a regressed metric knock-on when no first failure is measured by it', () => {
    const behaviours = changedBehaviours(
      dialogues.map((d) => d.id),
      dialogues,
    );
    const metric = (name: string) => ({ kind: 'metric' as const, name, baseline: 0.9, current: 0.5 });
    const gate: GateResult = {
      baseline: 'b.json',
      passed: false,
      regressions: [metric('correctionIndexMapping'), metric('persistence'), metric('metrics.confidenceFallback'), metric('dialogueSuccess')],
      improvements: [],
    };
    expect([...knockOnMetrics(gate, behaviours)].sort()).toEqual(['confidenceFallback', 'persistence']);
    expect(knockOnMetrics(gate, []).size).toBe(0);
    expect(knockOnMetrics(null, behaviours).size).toBe(0);
  });

  it('puts the dialogues that broke first in a failure list', () => {
    expect(brokenFirst(dialogues, ['wrong-value', 'not-applied']).map((d) => d.id)).toEqual(['not-applied', 'wrong-value', 'wrong-item-1', 'wrong-item-2']);
  });
});

describe('one name per metric, however a gate spells it', () => {
  it('the sign test over dialogues (dialoguePassRate) is Dialogue success on the card, the console and the headline', async () => {
    const { metricComparison, metricKey } = await import('../../src/report/model/reportQueries.js');
    const { metricName } = await import('../../src/report/words/labels.js');
    const metricLabel = (name: string) => metricName('en', metricKey(name));
    const finding = { kind: 'metric' as const, name: 'dialoguePassRate', baseline: 0.8, current: 0.4, significance: { pValue: 0.0006, method: 'sign' } };
    const gate: GateResult = { baseline: 'b.json', passed: false, regressions: [finding], improvements: [] };
    expect(metricLabel('dialoguePassRate')).toBe('Dialogue success');
    expect(metricLabel('metrics.routing.score')).toBe('Routing');
    expect(metricComparison(gate, 'dialogueSuccess')?.direction).toBe('regression');
  });
});

// Issue 32: "What fails for users: 245" counted the 98 dialogues the unperturbed model already failed.
describe('old failures apart from new ones', () => {
  it('against a baseline, counts the failing dialogues that already failed there apart from those that broke', () => {
    const report = makeReport();
    const failing = [...report.dialogues].filter((d) => !d.passed).length;
    const oldFailure = { ...report.dialogues[1]!, id: 'old-failure' };
    const withOld = makeReport({ dialogues: [...report.dialogues, oldFailure], summary: report.summary });
    const broke = whatBroke(withOld);
    expect(broke.ids).toEqual(['multi-correct-02']);
    expect(broke.apart).toEqual({ alreadyFailing: failing, newSincePreviousRun: null });
    expect(oldAndNewLine('en', broke)).toBe(`Not counted here: ${failing} more failing dialogues already failed in the baseline.`);
  });

  /** Two failing dialogues, no baseline. */
  function twoFailing() {
    const report = makeReport({ gate: null });
    const failure = [...report.dialogues].find((d) => !d.passed)!;
    return makeReport({ gate: null, dialogues: [...report.dialogues, { ...failure, id: 'old-failure' }], summary: report.summary });
  }

  it('without a baseline, splits the failing dialogues by whether this run began their failing streak', () => {
    const report = twoFailing();
    const failingIds = [...report.dialogues].filter((d) => !d.passed).map((d) => d.id);
    const run = (id: number | null) => ({ id, startedAt: report.run.startedAt, passed: false, metrics: {} });
    const streaks = Object.fromEntries(
      failingIds.map((id, i) => [id, { lastPassed: null, firstFailed: i === 0 ? report.run.startedAt : '2025-01-01T00:00:00.000Z' }]),
    );
    const broke = whatBroke({ ...report, view: { trend: { runs: [run(1), run(null)], dialogues: streaks } } });
    expect(broke.apart).toEqual({ alreadyFailing: failingIds.length - 1, newSincePreviousRun: 1 });
    expect(oldAndNewLine('zh', broke)).toBe(`另有 ${failingIds.length - 1} 段失败的对话在上一次可比运行中就已失败，未计入此处。`);
    expect(whatBroke(report).apart).toBeUndefined();
  });

  // Issue 40, item 3: "the history comparison's examples of what broke were already failing in the previous run".
  it('since the previous run, what broke and its examples are the newly failing dialogues only; the old ones are counted apart', () => {
    const report = twoFailing();
    const failingIds = [...report.dialogues].filter((d) => !d.passed).map((d) => d.id);
    expect(failingIds.length).toBeGreaterThan(1);
    const run = (id: number | null) => ({ id, startedAt: report.run.startedAt, passed: false, metrics: {} });
    const streaks = (fresh: readonly string[]) =>
      Object.fromEntries(
        failingIds.map((id) => [id, { lastPassed: null, firstFailed: fresh.includes(id) ? report.run.startedAt : '2025-01-01T00:00:00.000Z' }]),
      );
    const [newOne] = failingIds.slice(-1);
    const broke = whatBroke({ ...report, view: { trend: { runs: [run(1), run(null)], dialogues: streaks([newOne!]) } } });
    expect(broke.ids).toEqual([newOne]);
    expect(broke.behaviours.flatMap((b) => b.ids)).toEqual([newOne]);
    expect(broke.behaviours.map((b) => b.example.id)).toEqual([newOne]);
    expect(whatBrokeHeading('en', false, broke)).toBe('What broke since the previous run: 1 dialogue newly failing');
    expect(whatBrokeHeading('zh', false, broke)).toBe('自上一次运行以来：1 段对话新近失败');
    expect(oldAndNewLine('en', broke)).toBe(
      `Not counted here: ${failingIds.length - 1} more failing dialogues were already failing in the previous comparable run.`,
    );

    // Nothing new: the failing dialogues are shown, said to be old.
    const none = whatBroke({ ...report, view: { trend: { runs: [run(1), run(null)], dialogues: streaks([]) } } });
    expect(none.ids).toEqual(failingIds);
    expect(whatBrokeHeading('en', false, none)).toBe(`What fails for users: ${failingIds.length} dialogues`);
    expect(oldAndNewLine('en', none)).toBe(`None newly failing since the previous comparable run: all ${failingIds.length} were already failing before.`);
  });
});
