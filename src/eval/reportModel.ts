/** A run's scored suites (one per protocol arm) as the report model, before the baseline gate. */
import { REPORT_SCHEMA_VERSION, type ArmReport, type RunInfo, type Report } from '../report/model/reportTypes.js';
import type { RunSummary } from '../scoring/results.js';
import { summarize } from '../scoring/summary.js';
import type { SuiteResult } from './scoreSuite.js';

function armSummary(result: SuiteResult): RunSummary {
  const summary = summarize(result.dialogues.totals(), result.turns, result.checks);
  if (result.skipped.length === 0 && result.notApplicableChecks === 0) return summary;
  return {
    ...summary,
    dialogues: { ...summary.dialogues, skipped: result.skipped.length },
    checks: { ...summary.checks, notApplicable: result.notApplicableChecks },
  };
}

function armReport(result: SuiteResult): ArmReport {
  return {
    summary: armSummary(result),
    metrics: result.metrics,
    ...(result.skipped.length > 0 ? { skipped: result.skipped.map(({ id, reason }) => ({ id, reason })) } : {}),
  };
}

/**
 * The report model of a run, before the baseline gate. With two arms (`--protocol both`) the
 * batch arm is the report (dialogues, gate, exit code); `arms` only compares.
 */
export function reportModel(results: readonly SuiteResult[], run: RunInfo): Report {
  const result = results[0]!;
  const second = results[1];
  return {
    schemaVersion: REPORT_SCHEMA_VERSION,
    run,
    summary: armSummary(result),
    metrics: result.metrics,
    gate: null,
    dialogues: result.dialogues,
    tallies: result.tallies,
    ...(result.skipped.length > 0 ? { notApplicable: result.skipped } : {}),
    ...(result.repeated ? { repeated: result.repeated } : {}),
    ...(second ? { arms: { batch: armReport(result), conversation: armReport(second) } } : {}),
    slices: result.slices,
  };
}
