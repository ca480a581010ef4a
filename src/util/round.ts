/** Rounds to `digits` decimal places (4 by default: shares and p-values as the reports keep them). */
export function round(value: number, digits = 4): number {
  const scale = 10 ** digits;
  return Math.round(value * scale) / scale;
}
