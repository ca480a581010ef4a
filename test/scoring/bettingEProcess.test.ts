import { describe, expect, it } from 'vitest';
import { BettingEProcess } from '../../src/scoring/bettingEProcess.js';
import { SequentialFamily } from '../../src/scoring/sequentialTest.js';
import { mulberry32 } from '../../src/util/random.js';

/** The first n at which the process reaches `threshold`, or null within `limit` observations. */
function crossing(process: BettingEProcess, next: (i: number) => number, threshold: number, limit: number): number | null {
  for (let i = 1; i <= limit; i++) {
    process.observe(next(i));
    if (process.e >= threshold) return i;
  }
  return null;
}

describe('betting e-process for a bounded mean', () => {
  it('never bets, and so never alarms, on differences that are all 0', () => {
    const process = new BettingEProcess(0, 'below');
    for (let i = 0; i < 10_000; i++) process.observe(0);
    expect(process.e).toBe(1);
    expect(process.nextStake()).toBe(0);
  });

  it('with a cap of ½, on differences of −1 every time stakes the cap from the second on, so e = 1.5^(n−1) and α = 0.05 alarms at n = 9', () => {
    // First stake 0 (the estimate starts at the null mean); then the drift 1/2 over variance 0.625 + 0.25
    // asks for 0.57, capped at 0.5, and the drift only grows: each later observation multiplies wealth by 1.5.
    const process = new BettingEProcess(0, 'below', 0.5);
    process.observe(-1);
    expect(process.e).toBe(1);
    for (let n = 2; n <= 8; n++) {
      process.observe(-1);
      expect(process.e).toBeCloseTo(1.5 ** (n - 1), 9);
      expect(process.e).toBeLessThan(20);
    }
    process.observe(-1);
    expect(process.e).toBeGreaterThanOrEqual(20); // 1.5^8 = 25.6: the first n with 1.5^(n−1) ≥ 1/0.05
  });

  it('never stakes on a fall while the differences seen point the other way', () => {
    const process = new BettingEProcess(0, 'below');
    for (let i = 0; i < 200; i++) process.observe(i % 2 === 0 ? 0.5 : -0.3);
    expect(process.e).toBe(1);
  });

  it('clears a margin on differences that stay at 0 no sooner than the cap allows (factor ≤ 1 + cap·margin/(1 − margin))', () => {
    const process = new BettingEProcess(-0.1, 'above', 0.5);
    const n = crossing(process, () => 0, 20, 1000);
    // Wealth ≤ (1 + 0.5·0.1/0.9)^n, so 20 needs n ≥ log 20 / log 1.0556 = 55.4.
    expect(n).not.toBeNull();
    expect(n!).toBeGreaterThanOrEqual(56);
    expect(n!).toBeLessThanOrEqual(62);
  });

  it('rejects observations outside [−1, 1] and stake caps that could lose everything', () => {
    expect(() => new BettingEProcess(0, 'below').observe(1.5)).toThrow(RangeError);
    expect(() => new BettingEProcess(0, 'below', 1)).toThrow(RangeError);
    expect(() => new BettingEProcess(-0.1, 'above', 1)).toThrow(RangeError);
    expect(() => new BettingEProcess(-1, 'above', 0.5)).toThrow(RangeError);
  });

  it('under a null mean of exactly 0 reaches 1/α in at most about α of 2 000 streams (Ville)', () => {
    const random = mulberry32(7);
    let alarms = 0;
    const streams = 2000;
    for (let s = 0; s < streams; s++) {
      const process = new BettingEProcess(0, 'below');
      // Differences of two Bernoulli(p) draws, p different per observation: mean 0, bounded.
      if (
        crossing(
          process,
          () => {
            const p = random();
            return (random() < p ? 1 : 0) - (random() < p ? 1 : 0);
          },
          20,
          400,
        ) !== null
      )
        alarms++;
    }
    // Ville's inequality bounds the rate by 0.05; 2 000 streams put a true 5 % under 130 with room to spare.
    expect(alarms / streams).toBeLessThanOrEqual(0.065);
  });
});

describe('sequential family over metrics', () => {
  const settings = { alpha: 0.05, margin: 0.1, stakeCap: 0.5 };

  it('with a family of 8 alarms on a metric that falls by 1 every dialogue at n = 14 (the sum 1.5^13 + 7 ≥ 8/0.05 = 160 > 1.5^12 + 7), naming it', () => {
    const family = new SequentialFamily(['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h'], settings);
    const falls = new Map([['a' as const, { baseline: 1, current: 0 }]]);
    for (let n = 1; n <= 13; n++) expect(family.observe(falls)).toBe('undecided');
    expect(family.observe(falls)).toBe('regression');
    expect(family.state().alarmed).toEqual(['a']);
    expect(family.state().dialogues).toBe(14);
  });

  it('says "no regression larger than the margin" once every metric is cleared, and not before', () => {
    const family = new SequentialFamily(['a', 'b'], settings);
    const same = new Map([['a' as const, { baseline: 1, current: 1 }]]);
    for (let i = 0; i < 200; i++) family.observe(same);
    // b was never judged: it cannot be cleared, so the run stays undecided.
    expect(family.decision).toBe('undecided');
    expect(family.state().metrics.find((m) => m.name === 'a')!.clearedAt).not.toBeNull();
    const both = new Map([
      ['a' as const, { baseline: 1, current: 1 }],
      ['b' as const, { baseline: 0, current: 0 }],
    ]);
    let decision = family.decision;
    for (let i = 0; i < 200 && decision === 'undecided'; i++) decision = family.observe(both);
    expect(decision).toBe('noRegression');
  });

  it('a decision stands: later observations do not move it', () => {
    const family = new SequentialFamily(['a'], settings);
    const falls = new Map([['a' as const, { baseline: 1, current: 0 }]]);
    while (family.observe(falls) === 'undecided');
    const seen = family.state().dialogues;
    family.observe(new Map([['a' as const, { baseline: 0, current: 1 }]]));
    expect(family.state().dialogues).toBe(seen);
    expect(family.decision).toBe('regression');
  });
});

// Issue 45, item 3: the clearing bet against a finite population drawn without replacement
// (Waudby-Smith & Ramdas 2020). Under the null boundary (the population's mean exactly 0) its wealth
// must reach 1/α in at most α of the random orders, at any look.
describe('betting without replacement on a finite population', () => {
  it('a population of 60 with mean exactly 0 reaches 20 in at most 5 % of 2 000 seeded orders, and one with mean 0.2 in nearly all', () => {
    const random = mulberry32(11);
    const centred = Array.from({ length: 60 }, (_, i) => (i % 3 === 0 ? 0.9 : -0.45));
    const shifted = centred.map((x) => Math.min(1.1, x + 0.2));
    const crossedIn = (population: number[]) => {
      let crossed = 0;
      for (let order = 0; order < 2000; order++) {
        const list = [...population];
        for (let i = list.length - 1; i > 0; i--) {
          const j = Math.floor(random() * (i + 1));
          [list[i], list[j]] = [list[j]!, list[i]!];
        }
        const process = new BettingEProcess(0, 'above', undefined, { low: -0.9, high: 1.1, population: list.length });
        if (crossing(process, (i) => list[i - 1]!, 20, list.length) !== null) crossed++;
      }
      return crossed / 2000;
    };
    expect(centred.reduce((a, b) => a + b, 0)).toBeCloseTo(0, 9);
    expect(crossedIn(centred)).toBeLessThanOrEqual(0.05);
    expect(crossedIn(shifted)).toBeGreaterThan(0.9);
  });

  it('once what was seen leaves the null impossible, the wealth is infinite: 3 draws of 1.1 from a population of 4 in [−0.9, 1.1] cannot have mean ≤ 0', () => {
    const process = new BettingEProcess(0, 'above', undefined, { low: -0.9, high: 1.1, population: 4 });
    for (let i = 0; i < 3; i++) process.observe(1.1);
    process.observe(0);
    expect(process.e).toBe(Infinity);
  });
});
