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

/** A paired difference's two-sided (1 − 2α) percentile interval, for showing the size of a change. */
export interface DeltaInterval {
  readonly low: number;
  readonly high: number;
}

/**
 * Bootstraps several paired statistics at once, clustered by dialogue: every resample draws
 * dialogue indices with replacement (the same draw for both sides) and `deltasOf(draw)` gives each
 * statistic's candidate − baseline on exactly those dialogues. The intervals describe a change; the
 * gate does not decide on them (see randomizationPValues).
 */
export function bootstrapDeltas<K extends string>(
  count: number,
  names: readonly K[],
  deltasOf: (draw: readonly number[]) => Readonly<Record<K, number>>,
  options: { readonly alpha: number; readonly resamples: number; readonly random: () => number },
): Record<K, DeltaInterval> {
  const deltas = new Map<K, number[]>(names.map((name) => [name, []]));
  for (let r = 0; r < options.resamples; r++) {
    const draw = Array.from({ length: count }, () => Math.floor(options.random() * count));
    const resampled = deltasOf(draw);
    for (const name of names) deltas.get(name)!.push(resampled[name]);
  }
  const intervals = {} as Record<K, DeltaInterval>;
  for (const name of names) {
    const list = deltas.get(name)!;
    intervals[name] = { low: quantile(list, options.alpha), high: quantile(list, 1 - options.alpha) };
  }
  return intervals;
}

/** Deltas closer than this are the same sum computed in another order. */
const SAME_DELTA = 1e-12;

/**
 * The paired randomization test of several statistics at once. With no change, a dialogue's two
 * sides are exchangeable, so each resample swaps every dialogue's baseline and candidate with
 * probability ½ (`deltasOf(swapped)` gives each statistic's candidate − baseline then), and the
 * observed delta is one more draw among the resampled ones. Its one-sided p-value of "worse" is its
 * rank from the bottom among the n + 1, over n + 1, resamples that tie with it ranked below or above
 * it at random: under no change that rank is uniform, so P(p ≤ a) ≤ a at any suite size and
 * however few dialogues a metric judges, and a metric whose deltas often tie (few dialogues move
 * it) is not made stricter than α either. The bootstrap's "share of resamples not worse" is only
 * near that: on small suites it fell at or below Holm's cut up to twice as often as the cut
 * (docs/gate-calibration.md).
 */
export function randomizationPValues<K extends string>(
  count: number,
  names: readonly K[],
  observed: Readonly<Record<K, number>>,
  deltasOf: (swapped: readonly boolean[]) => Readonly<Record<K, number>>,
  options: { readonly resamples: number; readonly random: () => number },
): Record<K, number> {
  const tails = randomizationTails(count, names, observed, deltasOf, options);
  return Object.fromEntries(names.map((name) => [name, tails[name].fall])) as Record<K, number>;
}

/**
 * Both one-sided p-values of the same randomization test from one set of resamples: `fall` as
 * randomizationPValues gives it, and `rise`, the observed delta's rank from the top, so that a rise
 * passes the same test as a fall before it is called one.
 */
export function randomizationTails<K extends string>(
  count: number,
  names: readonly K[],
  observed: Readonly<Record<K, number>>,
  deltasOf: (swapped: readonly boolean[]) => Readonly<Record<K, number>>,
  options: { readonly resamples: number; readonly random: () => number },
): Record<K, { readonly fall: number; readonly rise: number }> {
  const below = Object.fromEntries(names.map((name) => [name, 0])) as Record<K, number>;
  const above = Object.fromEntries(names.map((name) => [name, 0])) as Record<K, number>;
  const tied = Object.fromEntries(names.map((name) => [name, 0])) as Record<K, number>;
  for (let r = 0; r < options.resamples; r++) {
    const swapped = Array.from({ length: count }, () => options.random() < 0.5);
    const resampled = deltasOf(swapped);
    for (const name of names) {
      const delta = resampled[name];
      if (Math.abs(delta - observed[name]) <= SAME_DELTA) tied[name]++;
      else if (delta < observed[name]) below[name]++;
      else above[name]++;
    }
  }
  const out = {} as Record<K, { fall: number; rise: number }>;
  for (const name of names) {
    const tiedBelow = Math.floor(options.random() * (tied[name] + 1));
    out[name] = { fall: (below[name] + tiedBelow + 1) / (options.resamples + 1), rise: (above[name] + (tied[name] - tiedBelow) + 1) / (options.resamples + 1) };
  }
  return out;
}

/**
 * The fewest dialogues that must move for a paired test to tell a change from chance at `level`:
 * under no change each moved dialogue is as likely to have moved either way, so even all d of them
 * moving down happens with probability 2^-d, and a test on d moved dialogues cannot reach a level
 * below that (its p-value is at least about 2^-d).
 */
export function movedNeeded(level: number): number {
  let needed = 0;
  while (0.5 ** needed > level) needed++;
  return needed;
}

/**
 * Which tests of a family of m can gate: those on which enough dialogues moved that all of them
 * moving down would clear Holm's first threshold, α / m. The others could never be significant
 * whichever way their dialogues moved; they are set aside (named, never gating on the draw that
 * breaks a randomization test's ties) and stay in Holm's family with p = 1, so setting them aside
 * never makes another test quicker to alarm. Which tests are set aside depends only on how many
 * dialogues moved, which swapping the sides does not change.
 */
export function testableFamily(moved: readonly number[], alpha: number): boolean[] {
  const needed = movedNeeded(alpha / Math.max(1, moved.length));
  return moved.map((d) => d >= needed);
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

/** A dialogue that both passed and failed within one side's repeats. */
export function isFlaky(runsPassed: number, runs: number): boolean {
  return runs > 1 && runsPassed > 0 && runsPassed < runs;
}
