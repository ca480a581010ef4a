/**
 * A one-sided test of the mean of bounded observations (each in [−1, 1]) that may be read after
 * every observation: testing by betting (Waudby-Smith & Ramdas, "Estimating means of bounded
 * random variables by betting", JRSS-B 2024). A gambler starts with wealth 1 and before each
 * observation stakes a share λ of it, chosen from the earlier observations only, on the mean lying
 * on the far side of `nullMean`: wealth is multiplied by 1 + λ·(x − nullMean) when betting that
 * the mean is above it, by 1 − λ·(x − nullMean) when below. Under the null the expected factor is
 * at most 1, so wealth is a non-negative supermartingale (an e-process) and by Ville's inequality
 * P(wealth ever reaches 1/a) ≤ a, however often it is looked at and whenever the looking stops.
 *
 * The stake is the paper's aGRAPA rule, the Kelly bet of a second-order approximation: the drift
 * seen so far over its variance plus its square, clipped to [0, cap × the largest stake one
 * observation cannot ruin] (1 / the largest adverse move). The estimates start from one
 * pseudo-observation at the null mean with variance ¼, so the first stake is 0 when testing below
 * 0, and differences that stay at 0 never stake at all.
 */
export type BetDirection = 'below' | 'above';

/**
 * The share of the largest safe stake bet at most (the paper truncates at ½ or ¾; of ½, ¾ and 0.9
 * the calibration found 0.9 quickest to decide, false alarms still far under α: docs/gating.md). Only low-noise
 * differences reach the cap: with none at all (shared seeds, nothing changed), each dialogue
 * multiplies the no-regression wealth by 1 + cap·margin/(1 − margin), so the cap sets how many
 * judged dialogues clear a metric (scripts/sequential-calibration.mjs).
 */
export const DEFAULT_STAKE_CAP = 0.9;

const PRIOR_VARIANCE = 0.25;

/**
 * Where the observations may lie, and the finite population they may be drawn from.
 *
 * `low`/`high`: the bounds every observation keeps (default [−1, 1]); the largest safe stake is set
 * by the largest adverse move the bounds allow.
 *
 * `population`: the observations are a finite population of this size drawn without replacement in
 * a uniformly random order (Waudby-Smith & Ramdas, "Confidence sequences for sampling without
 * replacement", NeurIPS 2020), and H0 is about the population's mean. Given the first t − 1 draws
 * (sum S), the t-th draw's conditional mean under a population mean μ0 is (N·μ0 − S)/(N − t + 1),
 * so each bet is placed against that moving null mean: the wealth stays a non-negative
 * supermartingale under H0 at every look, and the evidence sharpens as the population runs out.
 * When what was seen already leaves the null impossible (the draws left would have to lie beyond
 * their bound), the wealth is infinite: the population's mean is then known to lie on the far side.
 */
export interface ObservationRange {
  readonly low?: number;
  readonly high?: number;
  readonly population?: number;
}

export class BettingEProcess {
  private count = 0;
  private sum = 0;
  private squaredResiduals = 0;
  private sumOfSquares = 0;
  private logWealth = 0;
  private readonly largestStake: number;
  private readonly low: number;
  private readonly high: number;
  private readonly population: number | undefined;

  constructor(
    /** The boundary of the null: H0 is "mean ≥ nullMean" when betting below, "mean ≤ nullMean" when above. */
    readonly nullMean: number,
    readonly direction: BetDirection,
    private readonly cap: number = DEFAULT_STAKE_CAP,
    range: ObservationRange = {},
  ) {
    this.low = range.low ?? -1;
    this.high = range.high ?? 1;
    this.population = range.population;
    // 1 − cap·(largest adverse move) must stay positive, or one observation could ruin the gambler.
    const adverse = this.adverseMove(nullMean);
    if (!(cap > 0 && cap < 1 && adverse > 0))
      throw new RangeError(`stake cap ${cap} must be in (0, 1) and the null mean ${nullMean} inside (${this.low}, ${this.high})`);
    if (this.population !== undefined && !(Number.isInteger(this.population) && this.population >= 1))
      throw new RangeError(`population ${this.population} must be a whole number ≥ 1`);
    this.largestStake = cap / adverse;
  }

  /** The share of wealth the next observation will be bet with, from the observations so far. */
  nextStake(): number {
    const nullNow = this.currentNull();
    const adverse = this.adverseMove(nullNow);
    if (!(adverse > 0)) return 0;
    const mean = (this.nullMean + this.sum) / (this.count + 1);
    const variance = (PRIOR_VARIANCE + this.squaredResiduals) / (this.count + 1);
    const drift = this.direction === 'below' ? nullNow - mean : mean - nullNow;
    if (drift <= 0) return 0;
    return Math.min(this.cap / adverse, drift / (variance + drift * drift));
  }

  observe(x: number): void {
    if (!(x >= this.low && x <= this.high)) throw new RangeError(`observation ${x} is outside [${this.low}, ${this.high}]`);
    if (this.population !== undefined && this.count >= this.population) throw new RangeError(`all ${this.population} of the population were already observed`);
    const nullNow = this.currentNull();
    const move = this.direction === 'below' ? nullNow - x : x - nullNow;
    if (!(this.adverseMove(nullNow) > 0)) {
      // The draws left must all sit at their bound under H0: any move the other way refutes it.
      if (move > 1e-12) this.logWealth = Infinity;
    } else {
      this.logWealth += Math.log1p(this.nextStake() * move);
    }
    const mean = (this.nullMean + this.sum) / (this.count + 1);
    this.squaredResiduals += (x - mean) ** 2;
    this.sum += x;
    this.sumOfSquares += x * x;
    this.count++;
  }

  /** The mean the next draw has under the null's boundary: the null mean, or without replacement what the population has left. */
  private currentNull(): number {
    if (this.population === undefined) return this.nullMean;
    return (this.population * this.nullMean - this.sum) / (this.population - this.count);
  }

  /** The largest move against the bet an observation can make when the null mean is `nullMean`. */
  private adverseMove(nullMean: number): number {
    return this.direction === 'below' ? this.high - nullMean : nullMean - this.low;
  }

  /** Observations so far. */
  get n(): number {
    return this.count;
  }

  /** The e-value now: the gambler's wealth. */
  get e(): number {
    return Math.exp(this.logWealth);
  }

  /** The mean of the observations so far (0 before any). */
  get mean(): number {
    return this.count === 0 ? 0 : this.sum / this.count;
  }

  /** The observations' variance about their mean (0 before any). */
  get variance(): number {
    return this.count === 0 ? 0 : Math.max(0, this.sumOfSquares / this.count - this.mean ** 2);
  }

  /** The largest share of wealth one bet may stake (the cap over the largest adverse move). */
  get stakeLimit(): number {
    return this.largestStake;
  }
}

/**
 * The judged observations a process needs to reach `threshold` when every observation sits at 0,
 * the best a metric can do when nothing changed and nothing is noisy (shared seeds, a deterministic
 * backend): a metric judged on fewer dialogues can never reach it. Null beyond `limit`.
 */
export function observationsToReach(
  nullMean: number,
  direction: BetDirection,
  threshold: number,
  cap: number = DEFAULT_STAKE_CAP,
  limit = 100_000,
): number | null {
  const process = new BettingEProcess(nullMean, direction, cap);
  while (process.e < threshold) {
    if (process.n >= limit) return null;
    process.observe(0);
  }
  return process.n;
}

/**
 * About how many more observations like those seen so far bring the process from `e` to
 * `threshold`: the gap in log-wealth over the growth per observation at the stake the rule tends
 * to (the drift over its variance plus its square, within the limit), to second order. Null when the
 * observations do not lean the process's way at all.
 */
export function observationsStillNeeded(drift: number, variance: number, stakeLimit: number, e: number, threshold: number): number | null {
  if (e >= threshold) return 0;
  if (!(drift > 0)) return null;
  const stake = Math.min(stakeLimit, drift / (variance + drift * drift));
  const growth = stake * drift - (stake * stake * (variance + drift * drift)) / 2;
  if (!(growth > 0)) return null;
  return Math.ceil((Math.log(threshold) - Math.log(e)) / growth);
}
