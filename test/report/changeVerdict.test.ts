import { describe, expect, it } from 'vitest';
import {
  changeVerdict,
  changeWordText,
  gateChangeFacts,
  gateIntervalLevel,
  toneClass,
  type ChangeFacts,
  type ChangeVerdict,
} from '../../src/report/words/changeWords.js';
import type { GateResult } from '../../src/report/model/reportTypes.js';

// Issue 40 item 2: "an interval that excludes 0 is never 'could be chance', one that includes 0 is
// never coloured as a loss or gain".

const at90 = (low: number, high: number) => ({ low, high, level: 90 });

describe("changeVerdict: the word and the colour of a change, from its interval and the gate's test", () => {
  const table: ReadonlyArray<readonly [string, ChangeFacts, ChangeVerdict]> = [
    // Interval wholly below 0.
    ['a fall the gate counted', { delta: -0.08, interval: at90(-0.12, -0.04), test: 'counted' }, { word: 'beyondChance', tone: 'loss' }],
    [
      "a fall beyond its interval that Holm's adjustment left uncounted",
      { delta: -0.023, interval: at90(-0.043, -0.003), test: 'notCounted' },
      { word: 'notCounted', tone: 'loss' },
    ],
    ['a fall beyond its interval with no test of falls', { delta: -0.05, interval: at90(-0.09, -0.01) }, { word: 'beyondInterval', tone: 'loss' }],
    // Interval wholly above 0.
    ['a rise the paired gate does not test (+14.1 to +21.1 pp)', { delta: 0.176, interval: at90(0.141, 0.211) }, { word: 'beyondInterval', tone: 'gain' }],
    ['a rise the single-run gate counted', { delta: 0.09, interval: at90(0.055, 0.128), test: 'counted' }, { word: 'beyondChance', tone: 'gain' }],
    [
      'a rise beyond its interval the single-run gate did not count',
      { delta: 0.04, interval: at90(0.001, 0.08), test: 'notCounted' },
      { word: 'notCounted', tone: 'gain' },
    ],
    // Interval including 0, either side of the delta.
    ['a fall of 1.0 pp with p = 0.72', { delta: -0.01, interval: at90(-0.03, 0.01), test: 'notCounted' }, { word: 'couldBeChance', tone: 'neutral' }],
    ['a rise whose interval includes 0', { delta: 0.032, interval: at90(-0.007, 0.071) }, { word: 'couldBeChance', tone: 'neutral' }],
    [
      'a fall the gate counted although its interval reaches 0',
      { delta: -0.042, interval: at90(-0.1, 0.02), test: 'counted' },
      { word: 'countedAtEdge', tone: 'neutral' },
    ],
    ['an interval touching 0 at its top', { delta: -0.02, interval: at90(-0.04, 0) }, { word: 'couldBeChance', tone: 'neutral' }],
    ['an interval touching 0 at its bottom', { delta: 0.02, interval: at90(0, 0.04) }, { word: 'couldBeChance', tone: 'neutral' }],
    // No interval: the test of the move's direction, else nothing claimed.
    ['a pass-rate fall the sign test counted', { delta: -0.13, test: 'counted' }, { word: 'beyondChance', tone: 'loss' }],
    ['a pass-rate fall the sign test did not count', { delta: -0.016, test: 'notCounted' }, { word: 'couldBeChance', tone: 'neutral' }],
    ['a pass-rate rise the sign test alone finds', { delta: 0.154, alone: true }, { word: 'beyondInterval', tone: 'gain' }],
    ['a pass-rate rise the sign test alone does not find', { delta: 0.01, alone: false }, { word: 'couldBeChance', tone: 'neutral' }],
    ['a move nothing tested', { delta: 0.05 }, { word: 'untested', tone: 'neutral' }],
    // Below the floor (NEGLIGIBLE_MOVE, one point): negligible, never painted, however sure (issue 49: "Routing -0.2 pp" was painted as -17 pp was).
    [
      'a fall of 0.2 pp the gate counted (issue 49)',
      { delta: -0.0024, interval: at90(-0.004, -0.001), test: 'counted' },
      { word: 'negligibleReal', tone: 'neutral' },
    ],
    ['a rise of 0.4 pp that could be chance', { delta: 0.004, interval: at90(-0.001, 0.01) }, { word: 'negligible', tone: 'neutral' }],
    ['a fall of 0.9 pp the sign test counted', { delta: -0.009, test: 'counted' }, { word: 'negligibleReal', tone: 'neutral' }],
    // Answers that repeat: every move is a change.
    ['a fall with answers that repeat', { delta: -0.02, noiseFree: true }, { word: 'beyondChance', tone: 'loss' }],
    ['no move', { delta: 0, interval: at90(-0.01, 0.01) }, { word: 'unchanged', tone: 'neutral' }],
  ];

  it.each(table)('%s', (_, facts, expected) => {
    const verdict = changeVerdict(facts);
    expect(verdict).toEqual(expected);
    const excludes = facts.interval && (facts.interval.high < 0 || facts.interval.low > 0);
    if (excludes) expect(verdict.word).not.toBe('couldBeChance');
    if (facts.interval && !excludes) expect(verdict.tone).toBe('neutral');
  });

  it('names each word in both languages and maps each tone to one page class', () => {
    for (const [, facts] of table) {
      const verdict = changeVerdict(facts);
      expect(changeWordText('en', verdict)).toMatch(/[a-z]/);
      expect(changeWordText('zh', verdict)).toMatch(/[\u4e00-\u9fff]/);
    }
    expect([toneClass('loss'), toneClass('gain'), toneClass('neutral')]).toEqual(['txt-fail', 'txt-pass', 'muted']);
  });

  it("labels the gate's intervals with their true level, 1 − 2α", () => {
    expect(gateIntervalLevel(0.05)).toBe(90);
    expect(gateIntervalLevel(0.025)).toBe(95);
    expect(gateIntervalLevel(0.01)).toBe(98);
  });

  it("reads the gate: a fall by its test, a rise by the single-run gate's improvements or the sign test's p of a rise", () => {
    const test = (name: string, baseline: number, current: number, extra: object = {}) => ({
      name,
      baseline,
      current,
      pValue: 1,
      rawPValue: 1,
      significant: false,
      method: 'm',
      ...extra,
    });
    const paired: GateResult = {
      baseline: 'b.json',
      passed: true,
      regressions: [],
      improvements: [],
      paired: {
        alpha: 0.05,
        dialogues: 518,
        tests: [test('dialoguePassRate', 0.645, 0.799, { risePValue: 0.0001 }), test('batchSplitting', 0.798, 0.893, { interval: [0.079, 0.111] })],
        flaky: [],
        consistentlyBroken: [],
        consistentlyFixed: [],
      },
    };
    expect(gateChangeFacts(paired, 'dialogueSuccess')).toEqual({ delta: 0.799 - 0.645, interval: null, alone: true });
    expect(gateChangeFacts(paired, 'batchSplitting')).toEqual({ delta: 0.893 - 0.798, interval: { low: 0.079, high: 0.111, level: 90 } });
    expect(gateChangeFacts(paired, 'tts')).toBeNull();
    const single: GateResult = {
      baseline: 'b.json',
      passed: true,
      regressions: [],
      improvements: [{ kind: 'metric', name: 'tts', baseline: 0.79, current: 0.885, significance: { pValue: 0.0001, method: 'm' } }],
      singleRuns: {
        alpha: 0.05,
        dialogues: 518,
        tests: [test('tts', 0.79, 0.885, { interval: [0.061, 0.131] }), test('routing', 0.99, 0.994, { interval: [-0.001, 0.01] })],
      },
    };
    expect(changeVerdict(gateChangeFacts(single, 'tts')!)).toEqual({ word: 'beyondChance', tone: 'gain' });
    expect(changeVerdict(gateChangeFacts(single, 'routing')!)).toEqual({ word: 'negligible', tone: 'neutral' });
  });
});
