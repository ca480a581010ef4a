/** 95% intervals for success rates: Wilson for one rate, Newcombe's hybrid score interval for a difference of two. */

const Z = 1.959964;

export type Interval = readonly [number, number];

function round(value: number): number {
  return Math.round(value * 10_000) / 10_000;
}

/** Wilson score interval of `succeeded` out of `total` (null when there is nothing to judge). */
export function wilson(succeeded: number, total: number): Interval | null {
  if (total === 0) return null;
  const p = succeeded / total;
  const z2 = Z * Z;
  const centre = (p + z2 / (2 * total)) / (1 + z2 / total);
  const half = (Z / (1 + z2 / total)) * Math.sqrt((p * (1 - p)) / total + z2 / (4 * total * total));
  return [round(Math.max(0, centre - half)), round(Math.min(1, centre + half))];
}

/** Interval of rate B − rate A for two independent samples (Newcombe 1998, method 10). */
export function differenceInterval(a: { succeeded: number; runs: number }, b: { succeeded: number; runs: number }): Interval | null {
  const ia = wilson(a.succeeded, a.runs);
  const ib = wilson(b.succeeded, b.runs);
  if (!ia || !ib) return null;
  const pa = a.succeeded / a.runs;
  const pb = b.succeeded / b.runs;
  const delta = pb - pa;
  const low = delta - Math.sqrt((pb - ib[0]) ** 2 + (ia[1] - pa) ** 2);
  const high = delta + Math.sqrt((ib[1] - pb) ** 2 + (pa - ia[0]) ** 2);
  return [round(Math.max(-1, low)), round(Math.min(1, high))];
}
