import { binomialDistribution, quantile } from 'simple-statistics';

/**
 * Paired statistics for comparing two runs of the same dialogues, each possibly repeated k times.
 * The dialogue is the unit: its repeats are not independent evidence, so every test and interval
 * here resamples or counts dialogues, never single runs.
 */

export interface PassRates {
  readonly baseline: number;
  readonly candidate: number;
}

export interface SignTest {
  /** Dialogues whose pass rate fell, rose, or stayed equal. */
  readonly worse: number;
  readonly better: number;
  readonly ties: number;
  /** One-sided exact p-value of "at least this many of the discordant dialogues got worse" under no change. */
  readonly pValue: number;
}

/**
 * The exact sign test on discordant dialogues (McNemar's exact test when k = 1): under no change a
 * dialogue that moved is as likely to have moved down as up, so `worse` ~ Binomial(worse + better, ½).
 */
export function signTest(pairs: readonly PassRates[]): SignTest {
  let worse = 0;
  let better = 0;
  for (const { baseline, candidate } of pairs) {
    if (candidate < baseline) worse++;
    else if (candidate > baseline) better++;
  }
  const discordant = worse + better;
  return { worse, better, ties: pairs.length - discordant, pValue: upperTail(worse, discordant) };
}

/** P(X >= x) for X ~ Binomial(n, ½). */
function upperTail(x: number, n: number): number {
  if (n === 0 || x === 0) return 1;
  // simple-statistics stops the table once the mass left is negligible, so sum the lower part.
  const pmf = binomialDistribution(n, 0.5) as number[];
  let below = 0;
  for (let i = 0; i < x; i++) below += pmf[i] ?? 0;
  return Math.min(1, Math.max(0, 1 - below));
}

/**
 * Bootstraps any paired statistic clustered by dialogue: each resample draws dialogue indices with
 * replacement and `delta(draw)` computes candidate minus baseline on exactly those dialogues.
 */
export function bootstrapDelta(
  count: number,
  delta: (draw: readonly number[]) => number,
  options: { readonly alpha: number; readonly resamples: number; readonly random: () => number },
): MetricInterval | null {
  if (count === 0) return null;
  const observed = delta(Array.from({ length: count }, (_, i) => i));
  const deltas: number[] = [];
  const draw = new Array<number>(count);
  for (let r = 0; r < options.resamples; r++) {
    for (let i = 0; i < count; i++) draw[i] = Math.floor(options.random() * count);
    deltas.push(delta(draw));
  }
  const notWorse = deltas.filter((d) => d >= 0).length;
  return {
    delta: observed,
    low: quantile(deltas, options.alpha),
    high: quantile(deltas, 1 - options.alpha),
    pValue: notWorse / deltas.length,
  };
}

/**
 * Holm's step-down adjustment: p-values of a family of tests made comparable to one α, so checking
 * several metrics at once does not multiply the false alarms.
 */
export function holmAdjust(pValues: readonly number[]): number[] {
  const order = pValues.map((p, i) => [p, i] as const).sort((a, b) => a[0] - b[0]);
  const adjusted = new Array<number>(pValues.length);
  let running = 0;
  order.forEach(([p, i], rank) => {
    running = Math.max(running, Math.min(1, (pValues.length - rank) * p));
    adjusted[i] = running;
  });
  return adjusted;
}

/** One dialogue's share of a metric on each side: numerator and denominator summed over its repeats. */
export interface PairedTally {
  readonly baseline: { readonly hits: number; readonly total: number };
  readonly candidate: { readonly hits: number; readonly total: number };
}

export interface MetricInterval {
  /** Candidate minus baseline, as ratios of the summed tallies. */
  readonly delta: number;
  /** The two-sided (1 − 2α) percentile interval of the delta. */
  readonly low: number;
  readonly high: number;
  /** Share of resamples in which the candidate was not worse: a one-sided bootstrap p-value. */
  readonly pValue: number;
}

/**
 * A paired bootstrap clustered by dialogue: resample dialogues with replacement (the same draw for
 * both sides), recompute each side's ratio, and read the delta's percentiles.
 */
export function pairedBootstrap(
  tallies: readonly PairedTally[],
  options: { readonly alpha: number; readonly resamples: number; readonly random: () => number },
): MetricInterval | null {
  const used = tallies.filter((t) => t.baseline.total > 0 && t.candidate.total > 0);
  return bootstrapDelta(used.length, (draw) => ratioDelta(used, draw), options);
}

function ratioDelta(tallies: readonly PairedTally[], draw: readonly number[]): number {
  let bh = 0, bt = 0, ch = 0, ct = 0;
  for (const i of draw) {
    const t = tallies[i]!;
    bh += t.baseline.hits;
    bt += t.baseline.total;
    ch += t.candidate.hits;
    ct += t.candidate.total;
  }
  return ch / ct - bh / bt;
}

/** A dialogue that both passed and failed within one side's repeats. */
export function isFlaky(runsPassed: number, runs: number): boolean {
  return runs > 1 && runsPassed > 0 && runsPassed < runs;
}
