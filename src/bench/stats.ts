/** Nearest-rank percentile of an ascending-sorted array. */
export function percentileOf(sorted: ArrayLike<number>, p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const rank = Math.max(1, Math.ceil((p / 100) * sorted.length));
  return sorted[Math.min(rank, sorted.length) - 1]!;
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
