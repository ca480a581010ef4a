import { describe, expect, it } from 'vitest';
import { fallPValue, normalQuantileAbove } from '../../src/scoring/proportionsTest.js';
import { differenceInterval } from '../../src/util/rateInterval.js';

describe("the fall of a share between two single runs, read off Newcombe's interval", () => {
  it('normal quantiles: 1.645 above 5 %, 1.960 above 2.5 %', () => {
    expect(normalQuantileAbove(0.05)).toBeCloseTo(1.6449, 3);
    expect(normalQuantileAbove(0.025)).toBeCloseTo(1.96, 3);
  });

  it('p < α exactly when the (1 − 2α) interval lies wholly below 0', () => {
    const z = normalQuantileAbove(0.05);
    for (const [a, b] of [
      [90, 80],
      [90, 85],
      [50, 40],
      [20, 12],
      [9, 1],
      [3, 0],
    ] as const) {
      const before = { succeeded: a, runs: 100 };
      const after = { succeeded: b, runs: 100 };
      const interval = differenceInterval(before, after, z)!;
      expect(fallPValue(before, after) < 0.05, `${a} → ${b}: ${interval}`).toBe(interval[1] < 0);
    }
  });

  it('no fall, or nothing judged, is p = 1; a larger fall on the same counts is a smaller p', () => {
    expect(fallPValue({ succeeded: 5, runs: 10 }, { succeeded: 6, runs: 10 })).toBe(1);
    expect(fallPValue({ succeeded: 5, runs: 0 }, { succeeded: 0, runs: 10 })).toBe(1);
    expect(fallPValue({ succeeded: 80, runs: 100 }, { succeeded: 70, runs: 100 })).toBeLessThan(
      fallPValue({ succeeded: 80, runs: 100 }, { succeeded: 75, runs: 100 }),
    );
  });
});
