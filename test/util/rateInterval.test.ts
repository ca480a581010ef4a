import { describe, expect, it } from 'vitest';
import { differenceInterval, wilson } from '../../src/util/rateInterval.js';

describe('success-rate intervals', () => {
  it('Wilson: the textbook 95% interval of 8 of 10, and nothing to judge without runs', () => {
    expect(wilson(8, 10)).toEqual([0.4902, 0.9433]);
    expect(wilson(0, 20)![0]).toBe(0);
    expect(wilson(20, 20)![1]).toBe(1);
    expect(wilson(0, 0)).toBeNull();
  });

  it("Newcombe's hybrid score interval of a difference: his worked example 56/70 against 48/80", () => {
    expect(differenceInterval({ succeeded: 48, runs: 80 }, { succeeded: 56, runs: 70 })).toEqual([0.0524, 0.3339]);
    expect(differenceInterval({ succeeded: 56, runs: 70 }, { succeeded: 48, runs: 80 })).toEqual([-0.3339, -0.0524]);
    expect(differenceInterval({ succeeded: 1, runs: 0 }, { succeeded: 1, runs: 2 })).toBeNull();
  });
});
