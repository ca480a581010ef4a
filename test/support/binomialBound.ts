/**
 * The smallest c with P(X > c) < 0.001 for X ~ Binomial(n, p): a simulation that counts more than c
 * events of a chance at most p is not unlucky, it is wrong.
 */
export function binomialBound(n: number, p: number): number {
  let logPmf = n * Math.log(1 - p);
  let cumulative = Math.exp(logPmf);
  let c = 0;
  while (1 - cumulative >= 0.001) {
    logPmf += Math.log((n - c) / (c + 1)) + Math.log(p / (1 - p));
    c++;
    cumulative += Math.exp(logPmf);
  }
  return c;
}
