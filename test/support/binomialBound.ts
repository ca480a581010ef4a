/** P(X ≤ c) for X ~ Binomial(n, p), c = 0…n. */
function cumulative(n: number, p: number): number[] {
  const out: number[] = [];
  let logPmf = n * Math.log(1 - p);
  let sum = 0;
  for (let c = 0; c <= n; c++) {
    if (c > 0) logPmf += Math.log((n - c + 1) / c) + Math.log(p / (1 - p));
    sum += Math.exp(logPmf);
    out.push(sum);
  }
  return out;
}

/**
 * The smallest c with P(X > c) < 0.001 for X ~ Binomial(n, p): a simulation that counts more than c
 * events of a chance at most p is not unlucky, it is wrong.
 */
export function binomialBound(n: number, p: number): number {
  return cumulative(n, p).findIndex((atMost) => 1 - atMost < 0.001);
}

/** The largest c with P(X < c) < 0.001: fewer than c events of a chance of exactly p are not chance either. */
export function binomialLowerBound(n: number, p: number): number {
  const atMost = cumulative(n, p);
  let c = 0;
  while (c < n && atMost[c]! < 0.001) c++;
  return c;
}
