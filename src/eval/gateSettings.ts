import type { SequentialSummary } from '../report/model/reportTypes.js';
// Apart from gateVerdict.ts, so the flags' defaults load without the paired statistics (a run
// without --baseline never needs them).
export interface GateSettings {
  readonly tolerance: number;
  /** Significance level of the repeat-aware gate. */
  readonly alpha: number;
  readonly resamples: number;
  readonly seed: number;
  /** The correction deadline the run's latency was scored against (its config's), for the paired gate's rescoring. */
  readonly deadlineMs: number;
  /** `--sequential`: the sequential test's outcome, which then decides the gate (eval/sequentialRun.ts). */
  readonly sequential?: SequentialSummary;
}

export const DEFAULT_ALPHA = 0.05;
export const DEFAULT_RESAMPLES = 1000;
/** `--sequential`'s default margin: "no regression" means no metric fell by 10 pp or more. */
export const DEFAULT_MARGIN = 0.1;
