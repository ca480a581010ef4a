import { describe, expect, it } from 'vitest';
import { BettingEProcess, observationsStillNeeded } from '../../src/scoring/bettingEProcess.js';
import { dialoguesToClear, SequentialFamily } from '../../src/scoring/sequentialTest.js';

type Name = 'a' | 'b' | 'c' | 'd';
const settings = { alpha: 0.05, margin: 0.1, stakeCap: 0.5 };
const fall = (...names: Name[]) => new Map(names.map((name) => [name, { baseline: 1, current: 0 }]));
const same = (...names: Name[]) => new Map(names.map((name) => [name, { baseline: 1, current: 1 }]));

describe('which metrics can be cleared: the judged dialogues a margin needs', () => {
  it('at 10 pp and the default cap a metric needs 34 judged dialogues of difference 0, never fewer than any test needs (0.9^n > 0.05 up to n = 28)', () => {
    const needed = dialoguesToClear(0.1, 0.05);
    // Each 0 multiplies the wealth by at most 1 + 0.9·0.1/0.9 = 1.1, and 1.1^31 < 20.
    expect(needed).toBeGreaterThanOrEqual(32);
    expect(0.9 ** 28).toBeGreaterThan(0.05);
    const process = new BettingEProcess(-0.1, 'above');
    for (let n = 1; n < needed; n++) {
      process.observe(0);
      expect(process.e).toBeLessThan(20);
    }
    process.observe(0);
    expect(process.e).toBeGreaterThanOrEqual(20);
    expect(needed).toBe(34);
  });

  it('a wider margin needs fewer: 25 pp, 13', () => {
    expect(dialoguesToClear(0.25, 0.05)).toBe(13);
    expect(dialoguesToClear(0.25, 0.05)).toBeLessThan(dialoguesToClear(0.1, 0.05));
  });

  it('sets aside, by name and judged count, a metric the baseline judged on fewer dialogues than clearing needs, and clears the others without it', () => {
    const toClear = dialoguesToClear(0.1, 0.05, 0.5);
    const family = new SequentialFamily<Name>(['a', 'b'], settings, { dialogues: 200, judged: new Map([['a', 200], ['b', toClear - 1]]) });
    expect(family.state().setAside).toEqual([{ name: 'b', judged: toClear - 1 }]);
    let decision = family.decision;
    for (let i = 0; i < toClear && decision === 'undecided'; i++) decision = family.observe(i < toClear - 1 ? same('a', 'b') : same('a'));
    expect(decision).toBe('noRegression');
    expect(family.state().dialogues).toBe(toClear);
    // The same differences with b in the clearing family (no judged counts given): b keeps it undecided.
    const strict = new SequentialFamily<Name>(['a', 'b'], settings);
    for (let i = 0; i < toClear; i++) strict.observe(i < toClear - 1 ? same('a', 'b') : same('a'));
    expect(strict.decision).toBe('undecided');
  });

  it('with every metric set aside, it never clears', () => {
    const family = new SequentialFamily<Name>(['a'], settings, { dialogues: 10, judged: new Map([['a', 10]]) });
    for (let i = 0; i < 10; i++) family.observe(same('a'));
    expect(family.decision).toBe('undecided');
    expect(family.state().setAside).toEqual([{ name: 'a', judged: 10 }]);
  });
});

describe('metrics that move as one add their evidence', () => {
  // Cap ½: a metric falling by 1 on every dialogue has e = 1.5^(n−1) (bettingEProcess.test.ts); one never judged stays at 1.
  it('three of four metrics falling by 1 every dialogue alarm at n = 10 (3·1.5^9 + 1 ≥ 4/0.05 = 80; at n = 9, 3·1.5^8 + 1 = 77.9), naming all three', () => {
    const family = new SequentialFamily<Name>(['a', 'b', 'c', 'd'], settings);
    for (let n = 1; n <= 9; n++) expect(family.observe(fall('a', 'b', 'c'))).toBe('undecided');
    expect(family.observe(fall('a', 'b', 'c'))).toBe('regression');
    expect(family.state().alarmed).toEqual(['a', 'b', 'c']);
    expect(family.state().regressionEvidence).toBeCloseTo(3 * 1.5 ** 9 + 1, 6);
  });

  it('Bonferroni (the largest alone against m/α) needs n = 12 on the same differences (1.5^11 = 86.5 ≥ 80 > 1.5^10)', () => {
    const family = new SequentialFamily<Name>(['a', 'b', 'c', 'd'], { ...settings, combine: 'largest' });
    for (let n = 1; n <= 11; n++) expect(family.observe(fall('a', 'b', 'c'))).toBe('undecided');
    expect(family.observe(fall('a', 'b', 'c'))).toBe('regression');
  });

  it('one metric falling alone alarms no later than under Bonferroni: 1.5^(n−1) + 3 ≥ 80 at n = 12, as 1.5^(n−1) ≥ 80', () => {
    const family = new SequentialFamily<Name>(['a', 'b', 'c', 'd'], settings);
    for (let n = 1; n <= 11; n++) expect(family.observe(fall('a'))).toBe('undecided');
    expect(family.observe(fall('a'))).toBe('regression');
    expect(family.state().alarmed).toEqual(['a']);
  });
});

describe('what would decide an undecided run', () => {
  it('observations still needed: differences steady at 0 against a 10 pp margin, stake limit 1, grow log-wealth 0.1 − 0.01/2 = 0.095 each: ln 20 / 0.095 → 32', () => {
    expect(observationsStillNeeded(0.1, 0, 1, 1, 20)).toBe(32);
    expect(observationsStillNeeded(0.1, 0, 1, 20, 20)).toBe(0);
    expect(observationsStillNeeded(0, 0.3, 1, 1, 20)).toBeNull();
    expect(observationsStillNeeded(-0.2, 0.3, 1, 1, 20)).toBeNull();
  });

  it('a family part of the way to clearing estimates more dialogues than it has seen, scaled by the share of dialogues the metric is judged on', () => {
    const judgedOnAll = new SequentialFamily<Name>(['a'], settings, { dialogues: 400, judged: new Map([['a', 400]]) });
    const judgedOnHalf = new SequentialFamily<Name>(['a'], settings, { dialogues: 400, judged: new Map([['a', 200]]) });
    for (let i = 0; i < 10; i++) {
      judgedOnAll.observe(same('a'));
      judgedOnHalf.observe(same('a'));
    }
    const all = judgedOnAll.state().wouldDecideAt!;
    const half = judgedOnHalf.state().wouldDecideAt!;
    expect(all).toBeGreaterThan(10);
    expect(half - 10).toBeGreaterThanOrEqual(2 * (all - 10) - 1);
    expect(half - 10).toBeLessThanOrEqual(2 * (all - 10) + 1);
  });
});
