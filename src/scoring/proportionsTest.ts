/**
 * Two single runs compared without pairing: each metric is a share of judged cases, so the one-sided
 * p-value of a fall is read off Newcombe's interval of the difference (util/rateInterval.ts): the
 * level at which that interval just reaches 0. `p < α` exactly when the (1 − 2α) interval lies
 * wholly below 0, the convention of the paired gate.
 */
import { errorFunction } from 'simple-statistics';
import { differenceBounds, type Counted } from '../util/rateInterval.js';

/** P(Z > z) for a standard normal Z. */
function upperNormal(z: number): number {
  return 0.5 * (1 - errorFunction(z / Math.SQRT2));
}

/** The z with P(Z > z) = p, for 0 < p < ½. Not simple-statistics' `probit`: its inverse error function is 0.003 off at 1.96 (1.9572), this bisection is exact to the error function's precision. */
export function normalQuantileAbove(p: number): number {
  return bisect((z) => upperNormal(z) > p);
}

/** One-sided p-value that B's rate is below A's; 1 when it is not lower or a side judged nothing. */
export function fallPValue(a: Counted, b: Counted): number {
  if (a.runs === 0 || b.runs === 0 || b.succeeded / b.runs >= a.succeeded / a.runs) return 1;
  // The interval's upper end grows with z: below 0 at z = 0 (B is lower), above it for a wide enough interval.
  return upperNormal(bisect((z) => differenceBounds(a, b, z)![1] < 0));
}

/** The largest z in [0, 40] for which `holds` is true, given it holds up to a point and not after. */
function bisect(holds: (z: number) => boolean): number {
  let [low, high] = [0, 40];
  for (let i = 0; i < 60; i++) {
    const mid = (low + high) / 2;
    if (holds(mid)) low = mid;
    else high = mid;
  }
  return low;
}
