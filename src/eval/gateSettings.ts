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
}

export const DEFAULT_ALPHA = 0.05;
export const DEFAULT_RESAMPLES = 1000;
