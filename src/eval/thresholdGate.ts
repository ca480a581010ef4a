/** The gate for single runs: each metric against its tolerance, each dialogue's pass → fail flip. */
import type { Baseline } from '../report/json/baseline.js';
import type { GateFinding, GateResult } from '../report/model/reportTypes.js';

export interface GateOptions {
  /** How far a metric may fall below the baseline before the gate fails (default 0). */
  readonly tolerance: number;
}

/**
 * Fails on a metric that fell by more than its tolerance, or a dialogue that passed in
 * the baseline and fails now. New dialogues and dialogues gone missing are not regressions.
 */
export function compareToBaseline(baseline: Baseline, current: Baseline, label: string, options: GateOptions): GateResult {
  const regressions: GateFinding[] = [];
  const improvements: GateFinding[] = [];
  for (const [name, score] of Object.entries(current.metrics)) {
    const before = baseline.metrics[name];
    if (before === undefined) continue;
    const { tolerance } = options;
    const finding = { kind: 'metric' as const, name, baseline: before, current: score, tolerance };
    if (score < before - tolerance - 1e-9) regressions.push(finding);
    else if (score > before + 1e-9) improvements.push(finding);
  }
  for (const [id, passed] of Object.entries(current.dialogues)) {
    const before = baseline.dialogues[id];
    if (before === undefined || before === passed) continue;
    (before ? regressions : improvements).push({ kind: 'dialogue', name: id, baseline: before, current: passed });
  }
  return { baseline: label, passed: regressions.length === 0, regressions, improvements };
}
