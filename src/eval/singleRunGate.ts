/**
 * The gate on one run a side of a model with noise (a model over HTTP, a `--perturb`ed one): a move
 * fails it only when chance is an unlikely explanation, as with repeats. The dialogues' pass rate
 * is tested by McNemar's exact test over the dialogues both ran; every metric by Newcombe's
 * interval of the two shares from its judged counts (scoring/proportionsTest.ts); the family is
 * Holm-adjusted. A significant fall smaller than `--tolerance` is forgiven. Dialogues that broke
 * are the evidence of a significant regression, never one alone.
 */
import type { Baseline } from '../report/json/baseline.js';
import type { GateFinding, GateResult, SingleRunTests } from '../report/model/reportTypes.js';
import type { PairedTest } from '../scoring/results.js';
import { PASS_RATE_TEST } from '../scoring/metrics/registry.js';
import { holmAdjust, signTest } from '../scoring/pairedStatistics.js';
import { fallPValue, normalQuantileAbove } from '../scoring/proportionsTest.js';
import { differenceInterval, type Counted } from '../util/rateInterval.js';

type RawTest = Omit<PairedTest, 'pValue' | 'significant'> & { readonly risePValue: number };

export function compareSingleRuns(baseline: Baseline, current: Baseline, label: string, options: { tolerance: number; alpha: number }): GateResult {
  const raw = [passRateTest(baseline, current), ...metricTests(baseline, current, options.alpha)];
  const falls = holmAdjust(raw.map((t) => t.rawPValue));
  const rises = holmAdjust(raw.map((t) => t.risePValue));
  const tests: PairedTest[] = raw.map(({ risePValue: _, ...t }, i) => ({
    ...t,
    pValue: round(falls[i]!),
    significant: falls[i]! < options.alpha && t.baseline - t.current > options.tolerance + 1e-9,
  }));
  const finding = (t: PairedTest, pValue: number): GateFinding => ({
    kind: 'metric',
    name: t.name,
    baseline: t.baseline,
    current: t.current,
    ...(options.tolerance > 0 ? { tolerance: options.tolerance } : {}),
    significance: { pValue: round(pValue), ...(t.interval ? { interval: t.interval } : {}), method: t.method },
  });
  const regressions = tests.filter((t) => t.significant).map((t) => finding(t, t.pValue));
  const improvements = tests.flatMap((t, i) => (rises[i]! < options.alpha ? [finding(t, rises[i]!)] : []));
  const flips = (from: boolean) => Object.keys(current.dialogues).filter((id) => baseline.dialogues[id] === from && current.dialogues[id] !== from);
  if (regressions.length > 0) for (const id of flips(true)) regressions.push({ kind: 'dialogue', name: id, baseline: true, current: false });
  for (const id of flips(false)) improvements.push({ kind: 'dialogue', name: id, baseline: false, current: true });
  const singleRuns: SingleRunTests = { alpha: options.alpha, dialogues: pairedIds(baseline, current).length, tests };
  return { baseline: label, passed: regressions.length === 0, regressions, improvements, singleRuns };
}

function pairedIds(baseline: Baseline, current: Baseline): string[] {
  return Object.keys(current.dialogues).filter((id) => baseline.dialogues[id] !== undefined);
}

function passRateTest(baseline: Baseline, current: Baseline): RawTest {
  const ids = pairedIds(baseline, current);
  const pairs = ids.map((id) => ({ baseline: baseline.dialogues[id] ? 1 : 0, candidate: current.dialogues[id] ? 1 : 0 }));
  const fall = signTest(pairs);
  const rise = signTest(pairs.map((p) => ({ baseline: p.candidate, candidate: p.baseline })));
  const rate = (key: 'baseline' | 'candidate') => (ids.length === 0 ? 1 : round(pairs.filter((p) => p[key] === 1).length / ids.length));
  return {
    name: PASS_RATE_TEST,
    baseline: rate('baseline'),
    current: rate('candidate'),
    rawPValue: fall.pValue,
    risePValue: rise.pValue,
    method: `McNemar's exact test: ${fall.worse} dialogues worse, ${fall.better} better, ${fall.ties} unchanged`,
  };
}

function metricTests(baseline: Baseline, current: Baseline, alpha: number): RawTest[] {
  const z = normalQuantileAbove(alpha);
  return Object.entries(current.metrics).flatMap(([name, score]): RawTest[] => {
    const before = baseline.metrics[name];
    const a = counted(before, baseline.judged?.[name]);
    const b = counted(score, current.judged?.[name]);
    if (before === undefined || !a || !b) return [];
    return [{
      name,
      baseline: before,
      current: score,
      rawPValue: fallPValue(a, b),
      risePValue: fallPValue(b, a),
      interval: differenceInterval(a, b, z)!,
      method: `Newcombe interval of two shares: ${a.succeeded} of ${a.runs} → ${b.succeeded} of ${b.runs}`,
    }];
  });
}

function counted(score: number | undefined, judged: number | undefined): Counted | null {
  return score === undefined || !judged ? null : { succeeded: Math.round(score * judged), runs: judged };
}

function round(value: number): number {
  return Math.round(value * 10_000) / 10_000;
}
