import type { Dialogue } from '../datasets/datasetTypes.js';
import type { CheckReport, MetricResult } from '../report/reportTypes.js';
import type { TurnTrace } from '../sim/trace.js';

/** One dialogue run, as the scorers see it. */
export interface ScoredDialogue {
  readonly dialogue: Dialogue;
  readonly traces: readonly TurnTrace[];
  readonly checks: readonly (readonly CheckReport[])[];
  readonly passed: boolean;
}

/** Streams over dialogues (constant memory) and yields one metric at the end. */
export interface Scorer {
  add(run: ScoredDialogue): void;
  result(): MetricResult;
}

export function ratio(part: number, whole: number): number {
  return whole === 0 ? 1 : round(part / whole);
}

export function round(value: number, digits = 4): number {
  const scale = 10 ** digits;
  return Math.round(value * scale) / scale;
}

/** Nearest-rank percentile of an ascending-sorted list; null when empty. */
export function percentile(sorted: readonly number[], p: number): number | null {
  if (sorted.length === 0) return null;
  const rank = Math.max(1, Math.ceil((p / 100) * sorted.length));
  return sorted[Math.min(rank, sorted.length) - 1]!;
}

export function checkPassed(checks: readonly CheckReport[], name: string): boolean | null {
  const check = checks.find((c) => c.name === name);
  return check ? check.passed : null;
}
