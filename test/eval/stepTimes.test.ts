import { describe, expect, it } from 'vitest';
import { StepTimes } from '../../src/eval/stepTimes.js';
import { nearestRank as percentile } from '../../src/util/nearestRank.js';

describe('Layer-1 step times of a run (p50/p99/max) in flat memory', () => {
  it('a small run keeps every value: exact nearest-rank percentiles', () => {
    const times = new StepTimes();
    const values = [5, 1.5, 3, 900, 2.25, 4];
    for (const v of values) times.add(v);
    const sorted = [...values].sort((a, b) => a - b);
    expect(times.summary()).toEqual({ count: 6, p50: percentile(sorted, 50), p99: percentile(sorted, 99), max: 900 });
  });

  it('a long run counts values in 1 % buckets: percentiles within 1 % of the exact ones, max exact', () => {
    const times = new StepTimes();
    const values = Array.from({ length: 120_000 }, (_, i) => 1 + ((i * 7919) % 10_000) / 100);
    for (const v of values) times.add(v);
    const sorted = [...values].sort((a, b) => a - b);
    const summary = times.summary();
    expect(summary.count).toBe(values.length);
    expect(summary.max).toBe(sorted.at(-1));
    expect(Math.abs(summary.p50! / percentile(sorted, 50)! - 1)).toBeLessThan(0.01);
    expect(Math.abs(summary.p99! / percentile(sorted, 99)! - 1)).toBeLessThan(0.01);
  });
});
