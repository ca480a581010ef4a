import { nearestRank } from '../util/nearestRank.js';

/** Nearest-rank percentile of an ascending-sorted array; NaN when empty (a benchmark's figures are numbers). */
export function percentileOf(sorted: ArrayLike<number>, p: number): number {
  return nearestRank(sorted, p) ?? Number.NaN;
}

export interface SampleSummary {
  readonly count: number;
  readonly p50: number;
  readonly p99: number;
  readonly max: number;
  readonly mean: number;
}

/** Sorts in place. */
export function summarize(samples: Float64Array): SampleSummary {
  samples.sort();
  let sum = 0;
  for (const value of samples) sum += value;
  return {
    count: samples.length,
    p50: percentileOf(samples, 50),
    p99: percentileOf(samples, 99),
    max: samples.length > 0 ? samples[samples.length - 1]! : Number.NaN,
    mean: samples.length > 0 ? sum / samples.length : Number.NaN,
  };
}

/** Rounds to 4 significant digits, enough for µs figures and ratios alike. */
export function sig(value: number, digits = 4): number {
  if (!Number.isFinite(value) || value === 0) return value;
  return Number(value.toPrecision(digits));
}
