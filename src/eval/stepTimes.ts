import { nearestRank as percentile } from '../util/nearestRank.js';

/** Exact values kept up to this many; past it they fold into a histogram (memory flat, ≤ 0.5 % off). */
const EXACT_UP_TO = 50_000;
/** Histogram bucket i holds values in [GROWTH^(i-1), GROWTH^i) × FLOOR_US. */
const GROWTH = 1.01;
const FLOOR_US = 0.001;

export interface StepTimeSummary {
  readonly count: number;
  readonly p50: number | null;
  readonly p99: number | null;
  readonly max: number | null;
}

/**
 * The Layer-1 step times of a run (one per local turn), for p50/p99/max. A small run keeps every
 * value and its percentiles are exact; a long one counts values in 1 %-wide buckets and quotes
 * each percentile as its bucket's midpoint, so the run never holds a number per turn.
 */
export class StepTimes {
  private exact: number[] | null = [];
  private readonly buckets = new Map<number, number>();
  private count = 0;
  private max = -Infinity;

  add(us: number): void {
    this.count++;
    if (us > this.max) this.max = us;
    if (this.exact) {
      this.exact.push(us);
      if (this.exact.length <= EXACT_UP_TO) return;
      for (const value of this.exact) this.bucket(value);
      this.exact = null;
      return;
    }
    this.bucket(us);
  }

  summary(): StepTimeSummary {
    if (this.exact) {
      const sorted = [...this.exact].sort((a, b) => a - b);
      return { count: sorted.length, p50: percentile(sorted, 50), p99: percentile(sorted, 99), max: sorted.at(-1) ?? null };
    }
    return { count: this.count, p50: this.rank(50), p99: this.rank(99), max: this.max };
  }

  private bucket(us: number): void {
    const index = us <= FLOOR_US ? 0 : Math.ceil(Math.log(us / FLOOR_US) / Math.log(GROWTH));
    this.buckets.set(index, (this.buckets.get(index) ?? 0) + 1);
  }

  /** Nearest rank, as util/nearestRank counts it, read off the buckets. */
  private rank(p: number): number {
    const rank = Math.max(1, Math.ceil((p / 100) * this.count));
    let seen = 0;
    for (const index of [...this.buckets.keys()].sort((a, b) => a - b)) {
      seen += this.buckets.get(index)!;
      if (seen >= rank) return Math.min(this.max, index === 0 ? FLOOR_US : FLOOR_US * GROWTH ** (index - 0.5));
    }
    return this.max;
  }
}
