import { mulberry32 } from '../util/random.js';
import { bootstrapDeltas } from '../scoring/pairedStatistics.js';
import { TARGET_NAMES, type TargetName, type TargetTimings } from './interleaved.js';
import { sig, summarize } from './stats.js';

export const STATISTICS = ['mean', 'p50', 'p99'] as const;
export type Statistic = (typeof STATISTICS)[number];

/** Two-sided level of every B/A interval. */
export const CONFIDENCE = 0.95;

/** One build's cost of a call over the utterances (each at its median over rounds). */
export interface CostFigures {
  readonly meanUs: number;
  readonly p50Us: number;
  readonly p99Us: number;
}

/** slower: the whole interval above 1 + tolerance; faster: wholly below 1 / (1 + tolerance). */
export type RatioVerdict = 'slower' | 'faster' | 'within';

export interface Ratio {
  /** B / A. */
  readonly ratio: number;
  readonly low: number;
  readonly high: number;
  readonly verdict: RatioVerdict;
}

export interface TargetComparison {
  readonly baseline: CostFigures;
  readonly candidate: CostFigures;
  readonly ratios: Readonly<Record<Statistic, Ratio>>;
}

export interface CompareOptions {
  readonly tolerance: number;
  readonly resamples: number;
  readonly seed: number;
}

function statisticsOf(costs: Float64Array, draw?: readonly number[]): Record<Statistic, number> {
  const summary = summarize(draw ? Float64Array.from(draw, (i) => costs[i]!) : Float64Array.from(costs));
  return { mean: summary.mean, p50: summary.p50, p99: summary.p99 };
}

function costFigures(costs: Float64Array): CostFigures {
  const s = statisticsOf(costs);
  return { meanUs: sig(s.mean), p50Us: sig(s.p50), p99Us: sig(s.p99) };
}

/**
 * B/A of each statistic with a percentile bootstrap over utterances: a resample draws utterance
 * positions with replacement, the same draw for both builds, so the pairing is kept.
 */
export function compareBuilds(timings: Readonly<Record<TargetName, TargetTimings>>, options: CompareOptions): Record<TargetName, TargetComparison> {
  const sides = (target: TargetName) => timings[target].perUtterance as readonly [Float64Array, Float64Array];
  const names = TARGET_NAMES.flatMap((target) => STATISTICS.map((statistic) => `${target} ${statistic}`));
  const count = sides(TARGET_NAMES[0])[0].length;
  // bootstrapDeltas counts a delta ≥ 0 as "not worse"; for time that is B ≤ A, so each delta is
  // log(A/B) and B/A = exp(−delta) (a percentile interval maps through the monotone exp).
  const intervals = bootstrapDeltas(
    count,
    names,
    (draw) => {
      const deltas: Record<string, number> = {};
      for (const target of TARGET_NAMES) {
        const [a, b] = sides(target);
        const baseline = statisticsOf(a, draw);
        const candidate = statisticsOf(b, draw);
        for (const statistic of STATISTICS) deltas[`${target} ${statistic}`] = Math.log(baseline[statistic] / candidate[statistic]);
      }
      return deltas;
    },
    { alpha: (1 - CONFIDENCE) / 2, resamples: options.resamples, random: mulberry32(options.seed) },
  );
  const result = {} as Record<TargetName, TargetComparison>;
  for (const target of TARGET_NAMES) {
    const [a, b] = sides(target);
    const baseline = statisticsOf(a);
    const candidate = statisticsOf(b);
    const ratios = {} as Record<Statistic, Ratio>;
    for (const statistic of STATISTICS) {
      const interval = intervals[`${target} ${statistic}`]!;
      const low = Math.exp(-interval.high);
      const high = Math.exp(-interval.low);
      ratios[statistic] = {
        ratio: sig(candidate[statistic] / baseline[statistic], 3),
        low: sig(low, 3),
        high: sig(high, 3),
        verdict: verdictOf(low, high, options.tolerance),
      };
    }
    result[target] = { baseline: costFigures(a), candidate: costFigures(b), ratios };
  }
  return result;
}

function verdictOf(low: number, high: number, tolerance: number): RatioVerdict {
  if (low > 1 + tolerance) return 'slower';
  if (high < 1 / (1 + tolerance)) return 'faster';
  return 'within';
}

/** Every statistic whose B/A interval lies wholly above 1 + tolerance, as "target statistic". */
export function slowerFindings(comparison: Readonly<Record<TargetName, TargetComparison>>): string[] {
  return TARGET_NAMES.flatMap((target) => STATISTICS.filter((s) => comparison[target].ratios[s].verdict === 'slower').map((s) => `${target} ${s}`));
}
