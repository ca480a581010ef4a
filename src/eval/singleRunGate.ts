/**
 * The gate on a model with noise, one run a side or repeated: the dialogue is the unit of evidence.
 * Per dialogue, each metric keeps its right and judged counts over its repeats (the per-dialogue
 * tallies every noisy run keeps), and a metric's change is the sum of the dialogues' contributions
 * to the pooled metric the report shows. One paired test over dialogues decides
 * (scoring/pairedGate.ts): an exact sign test on the dialogues' pass rates (McNemar's at one run),
 * and per metric a randomization test that swaps whole dialogues between the sides, so turns of one
 * dialogue that fail together are never counted as independent draws; the family is
 * Holm-adjusted. A fall below α and beyond `--tolerance` fails the gate; a rise passes the same test
 * in the same family before it is called an improvement. The dialogues that broke (fixed) are the
 * evidence of a significant fall (rise), never one alone.
 */
import type { Baseline } from '../report/json/baseline.js';
import type { GateFinding, GateResult } from '../report/model/reportTypes.js';
import type { PairedComparison, PairedTest } from '../scoring/results.js';
import { PASS_RATE_TEST } from '../scoring/metrics/registry.js';
import { comparePaired } from '../scoring/pairedGate.js';
import { signTest } from '../scoring/pairedStatistics.js';
import { repeatedRecord } from '../scoring/repeatedRuns.js';
import { mulberry32 } from '../util/random.js';
import { round } from '../util/round.js';
import { gateNote } from '../report/words/gateNoteWords.js';

export interface NoisyGateOptions {
  readonly tolerance: number;
  readonly alpha: number;
  readonly resamples: number;
  readonly seed: number;
  readonly deadlineMs: number;
}

/** Both sides repeated (`--repeat k`): the verdict rests on `paired`, with its flaky dialogues. */
export function compareRepeatedRuns(baseline: Baseline, current: Baseline, label: string, options: NoisyGateOptions): GateResult {
  const paired = pairedTests(baseline, current, options);
  const { regressions, improvements } = findings(paired.tests, options, paired.consistentlyBroken, paired.consistentlyFixed);
  return { baseline: label, passed: regressions.length === 0, regressions, improvements, paired };
}

/** One run a side: the same test over the dialogues both ran. */
export function compareSingleRuns(baseline: Baseline, current: Baseline, label: string, options: NoisyGateOptions): GateResult {
  const flips = (from: boolean) => Object.keys(current.dialogues).filter((id) => baseline.dialogues[id] === from && current.dialogues[id] !== from);
  if (!baseline.repeated || !current.repeated) return passRateOnly(baseline, current, label, options, flips);
  const paired = pairedTests(baseline, current, options);
  const { regressions, improvements } = findings(paired.tests, options, flips(true), flips(false));
  return {
    baseline: label,
    passed: regressions.length === 0,
    regressions,
    improvements,
    singleRuns: { alpha: options.alpha, dialogues: paired.dialogues, tests: paired.tests, ...(paired.setAside ? { setAside: paired.setAside } : {}) },
  };
}

function pairedTests(baseline: Baseline, current: Baseline, options: NoisyGateOptions): PairedComparison {
  return comparePaired(repeatedRecord(baseline.repeated!), repeatedRecord(current.repeated!), {
    alpha: options.alpha,
    resamples: options.resamples,
    random: mulberry32(options.seed),
    deadlineMs: options.deadlineMs,
  });
}

/** The findings of a tested family: falls beyond α and the tolerance, rises beyond α, each with the dialogues that moved that way as its evidence. */
function findings(
  tests: readonly PairedTest[],
  options: Pick<NoisyGateOptions, 'tolerance' | 'alpha'>,
  broke: readonly string[],
  fixed: readonly string[],
): { regressions: GateFinding[]; improvements: GateFinding[] } {
  const finding = (t: PairedTest, pValue: number): GateFinding => ({
    kind: 'metric',
    name: t.name,
    baseline: t.baseline,
    current: t.current,
    ...(options.tolerance > 0 ? { tolerance: options.tolerance } : {}),
    significance: { pValue, ...(t.interval ? { interval: t.interval } : {}), method: t.method },
  });
  const regressions = tests.filter((t) => t.significant && t.baseline - t.current > options.tolerance + 1e-9).map((t) => finding(t, t.pValue));
  const improvements = tests
    .filter((t) => t.risePValue !== undefined && t.risePValue < options.alpha && t.current > t.baseline)
    .map((t) => finding(t, t.risePValue!));
  if (regressions.length > 0) for (const id of broke) regressions.push({ kind: 'dialogue', name: id, baseline: true, current: false });
  if (improvements.length > 0) for (const id of fixed) improvements.push({ kind: 'dialogue', name: id, baseline: false, current: true });
  return { regressions, improvements };
}

/**
 * A side that kept no per-dialogue scores (a baseline or report made before every noisy run kept
 * them): only the dialogues' pass/fail pair, by McNemar's exact test; the metrics are not tested,
 * and the verdict says so.
 */
function passRateOnly(baseline: Baseline, current: Baseline, label: string, options: NoisyGateOptions, flips: (from: boolean) => string[]): GateResult {
  const ids = Object.keys(current.dialogues).filter((id) => baseline.dialogues[id] !== undefined);
  const pairs = ids.map((id) => ({ baseline: baseline.dialogues[id] ? 1 : 0, candidate: current.dialogues[id] ? 1 : 0 }));
  const fall = signTest(pairs);
  const rise = signTest(pairs.map((p) => ({ baseline: p.candidate, candidate: p.baseline })));
  const rate = (key: 'baseline' | 'candidate') => (ids.length === 0 ? 1 : round(pairs.filter((p) => p[key] === 1).length / ids.length));
  const test: PairedTest = {
    name: PASS_RATE_TEST,
    baseline: rate('baseline'),
    current: rate('candidate'),
    rawPValue: fall.pValue,
    pValue: fall.pValue,
    risePValue: rise.pValue,
    significant: fall.pValue < options.alpha,
    method: `McNemar's exact test: ${fall.worse} dialogues worse, ${fall.better} better, ${fall.ties} unchanged`,
  };
  const warning = gateNote('passFailOnly', { side: !baseline.repeated ? 'baseline' : 'run' });
  const { regressions, improvements } = findings([test], options, flips(true), flips(false));
  return {
    baseline: label,
    passed: regressions.length === 0,
    regressions,
    improvements,
    singleRuns: { alpha: options.alpha, dialogues: ids.length, tests: [test] },
    warnings: [warning],
  };
}
