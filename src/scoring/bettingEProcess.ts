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

export class BettingEProcess {
  private count = 0;
  private sum = 0;
  private squaredResiduals = 0;
  private sumOfSquares = 0;
  private logWealth = 0;
  private readonly largestStake: number;

  constructor(
    /** The boundary of the null: H0 is "mean ≥ nullMean" when betting below, "mean ≤ nullMean" when above. */
    readonly nullMean: number,
    readonly direction: BetDirection,
    cap: number = DEFAULT_STAKE_CAP,
  ) {
    // 1 − cap·(largest adverse move) must stay positive, or one observation could ruin the gambler.
    const adverse = direction === 'below' ? 1 - nullMean : 1 + nullMean;
    if (!(cap > 0 && cap < 1 && adverse > 0)) throw new RangeError(`stake cap ${cap} must be in (0, 1) and the null mean ${nullMean} inside (−1, 1)`);
    this.largestStake = cap / adverse;
  }

  /** The share of wealth the next observation will be bet with, from the observations so far. */
  nextStake(): number {
    const mean = (this.nullMean + this.sum) / (this.count + 1);
    const variance = (PRIOR_VARIANCE + this.squaredResiduals) / (this.count + 1);
    const drift = this.direction === 'below' ? this.nullMean - mean : mean - this.nullMean;
    if (drift <= 0) return 0;
    return Math.min(this.largestStake, drift / (variance + drift * drift));
  }

  observe(x: number): void {
    if (!(x >= -1 && x <= 1)) throw new RangeError(`observation ${x} is outside [−1, 1]`);
    const stake = this.nextStake();
    const mean = (this.nullMean + this.sum) / (this.count + 1);
    const move = this.direction === 'below' ? this.nullMean - x : x - this.nullMean;
    this.logWealth += Math.log1p(stake * move);
    this.squaredResiduals += (x - mean) ** 2;
    this.sum += x;
    this.sumOfSquares += x * x;
    this.count++;
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
export function observationsToReach(nullMean: number, direction: BetDirection, threshold: number, cap: number = DEFAULT_STAKE_CAP, limit = 100_000): number | null {
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
