/**
 * Metrics the baseline's model met too rarely for a fall to show: "no change" on them says nothing
 * (the local 1.5B model handles 1 of 9 append turns on append.yaml --shard 1/3). Where the gate
 * judges against chance (a model with noise), a metric cannot be judged when losing every one of
 * the baseline's successes, s of n → 0 of n, would still read as chance (one-sided p ≥ α by the
 * single-run gate's test, scoring/proportionsTest.ts): at α = 0.05 fewer than 3 successes for n
 * from 4 to 22, fewer than 4 from 23 on. Where every move is a change (a backend that answers alike), only
 * a metric the baseline never met (0 of n) cannot fall.
 */
import type { Baseline } from '../report/json/baseline.js';
import type { WeakMetric } from '../report/model/reportTypes.js';
import { fallPValue } from '../scoring/proportionsTest.js';

export function weakMetrics(baseline: Baseline, options: { alpha: number; chance: boolean }): WeakMetric[] {
  return Object.entries(baseline.metrics).flatMap(([name, score]): WeakMetric[] => {
    const judged = baseline.judged?.[name];
    if (!judged) return [];
    const succeeded = Math.round(score * judged);
    const cannotFall = options.chance ? fallPValue({ succeeded, runs: judged }, { succeeded: 0, runs: judged }) >= options.alpha : succeeded === 0;
    return cannotFall ? [{ name, succeeded, judged }] : [];
  });
}
