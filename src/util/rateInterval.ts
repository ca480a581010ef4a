import { round } from './round.js';

/** 95% intervals for success rates: Wilson for one rate, Newcombe's hybrid score interval for a difference of two. */

const Z = 1.959964;

export type Interval = readonly [number, number];

/** Wilson score interval of `succeeded` out of `total` (null when there is nothing to judge); `z` 1.96 for 95 %. */
export function wilson(succeeded: number, total: number, z = Z): Interval | null {
  const bounds = wilsonBounds(succeeded, total, z);
  return bounds && [round(bounds[0]), round(bounds[1])];
}

function wilsonBounds(succeeded: number, total: number, z: number): Interval | null {
  if (total === 0) return null;
  const p = succeeded / total;
  const z2 = z * z;
  const centre = (p + z2 / (2 * total)) / (1 + z2 / total);
  const half = (z / (1 + z2 / total)) * Math.sqrt((p * (1 - p)) / total + z2 / (4 * total * total));
  return [Math.max(0, centre - half), Math.min(1, centre + half)];
}

export interface Counted {
  readonly succeeded: number;
  readonly runs: number;
}

/** Interval of rate B − rate A for two independent samples (Newcombe 1998, method 10); `z` 1.96 for 95 %. */
export function differenceInterval(a: Counted, b: Counted, z = Z): Interval | null {
  const bounds = newcombe(a, b, wilson(a.succeeded, a.runs, z), wilson(b.succeeded, b.runs, z));
  return bounds && [round(bounds[0]), round(bounds[1])];
}

/** differenceInterval unrounded, for tests that search the level at which it excludes 0. */
export function differenceBounds(a: Counted, b: Counted, z: number): Interval | null {
  return newcombe(a, b, wilsonBounds(a.succeeded, a.runs, z), wilsonBounds(b.succeeded, b.runs, z));
}

function newcombe(a: Counted, b: Counted, ia: Interval | null, ib: Interval | null): Interval | null {
  if (!ia || !ib) return null;
  const pa = a.succeeded / a.runs;
  const pb = b.succeeded / b.runs;
  const delta = pb - pa;
  const low = delta - Math.sqrt((pb - ib[0]) ** 2 + (ia[1] - pa) ** 2);
  const high = delta + Math.sqrt((ib[1] - pb) ** 2 + (pa - ia[0]) ** 2);
  return [Math.max(-1, low), Math.min(1, high)];
}
