/**
 * How much the whole suite moved against the baseline, the first thing a page says of a gate:
 * dialogue success (the share of runs that passed) before and after, and over repeats how many
 * dialogues passed every run on each side. The baseline's every-run count is worked out from the
 * gate's paired dialogues (which ones passed every run on one side only), so no older report needs it.
 */
import { dialogueChanges } from './reportQueries.js';
import { gateTestOf } from './modelExtras.js';
import type { GateResult, Report } from './reportTypes.js';

export interface SuiteMove {
  /** Dialogue success, the share of runs passed, on the paired dialogues. */
  readonly success: { readonly before: number; readonly after: number } | null;
  /** Over repeats: dialogues that passed every run, of `total`. */
  readonly everyRun: { readonly before: number; readonly after: number; readonly total: number; readonly runs: number } | null;
  /** Every dialogue that did worse than in the baseline (broke, or passed fewer runs), sorted. */
  readonly worse: readonly string[];
  readonly better: readonly string[];
}

export function suiteMove(report: Report, gate: GateResult): SuiteMove {
  const changes = dialogueChanges(gate);
  const worse = [...new Set([...changes.broke, ...changes.fewerRuns])].sort();
  const better = [...new Set([...changes.fixed, ...changes.moreRuns])].sort();
  return { success: successMove(report, gate), everyRun: everyRunMove(report, gate), worse, better };
}

function successMove(report: Report, gate: GateResult): SuiteMove['success'] {
  const test = gateTestOf(gate, 'dialogueSuccess');
  if (test) return { before: test.baseline, after: test.current };
  const finding = [...gate.regressions, ...gate.improvements].find((f) => f.kind === 'metric' && f.name === 'dialogueSuccess');
  if (finding && typeof finding.baseline === 'number' && typeof finding.current === 'number') return { before: finding.baseline, after: finding.current };
  return null;
}

function everyRunMove(report: Report, gate: GateResult): SuiteMove['everyRun'] {
  const paired = gate.paired;
  if (!paired || report.run.repeat < 2) return null;
  // Over repeats a dialogue passes when it passed every run.
  const after = report.summary.dialogues.passed;
  const flaky = new Map(paired.flaky.map((f) => [f.id, f]));
  const broken = new Set(paired.consistentlyBroken);
  const fixed = new Set(paired.consistentlyFixed);
  let before = after;
  for (const id of new Set([...flaky.keys(), ...broken, ...fixed])) {
    const f = flaky.get(id);
    const wasEvery = f ? f.baseline === 1 : broken.has(id);
    const isEvery = f ? f.current === 1 : fixed.has(id);
    before += Number(wasEvery) - Number(isEvery);
  }
  return { before, after, total: report.summary.dialogues.total, runs: report.run.repeat };
}
