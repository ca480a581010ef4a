/** The shape of report.json. Bump REPORT_SCHEMA_VERSION on any incompatible change. */
export const REPORT_SCHEMA_VERSION = 1;

export type { CheckReport, DialogueReport, ItemSnapshot, LlmCallReport, MetricName, MetricResult, RunSummary, TurnReport } from '../scoring/results.js';
import type { DialogueReport, MetricName, MetricResult, PairedComparison, RunSummary } from '../scoring/results.js';
import type { Protocol } from '../domain/vocabulary.js';

export interface GateFinding {
  readonly kind: 'metric' | 'dialogue';
  readonly name: string;
  readonly baseline: number | boolean | null;
  readonly current: number | boolean | null;
  readonly tolerance?: number;
  /** From the repeat-aware gate: Holm-adjusted one-sided p-value and the difference's interval. */
  readonly significance?: { readonly pValue: number; readonly interval?: readonly [number, number]; readonly method: string };
}

export interface GateResult {
  readonly baseline: string;
  readonly passed: boolean;
  readonly regressions: readonly GateFinding[];
  readonly improvements: readonly GateFinding[];
  /** Things the reader must know to trust the verdict, e.g. the baseline ran other datasets. */
  readonly warnings?: readonly string[];
  /** With `--repeat` on both sides: the paired statistics the verdict rests on. */
  readonly paired?: PairedComparison;
}

/** What produced a run (cli/provenance.ts): file hashes, backend, model, base URL, repeat, commit. */
export interface Provenance {
  readonly prompts: Readonly<Record<string, string>>;
  readonly datasets: Readonly<Record<string, string>>;
  readonly backend: string;
  readonly model: string;
  readonly baseUrl?: string;
  readonly repeat: number;
  readonly perturb?: unknown;
  readonly git: { readonly commit: string; readonly dirty: boolean } | null;
}

export interface RunInfo {
  readonly startedAt: string;
  readonly finishedAt: string;
  /** Everything measured in wall time lives here, so the rest of the report is deterministic. */
  readonly timing: Readonly<Record<string, unknown>>;
  readonly llm: { readonly backend: string; readonly model: string };
  readonly datasets: readonly string[];
  readonly mode: 'e2e' | 'gold';
  /** `both`: the main report is the batch arm's, `arms` compares the two. */
  readonly protocol: Protocol | 'both';
  readonly seed: number;
  readonly repeat: number;
  readonly filter: readonly string[];
  readonly exclude?: readonly string[];
  readonly shard: string | null;
  readonly provenance?: Provenance;
  /** `--fail-on failures`: with a baseline, a failed dialogue fails the run even if it failed before. */
  readonly failOn?: 'failures';
}

export interface Report {
  readonly schemaVersion: number;
  readonly run: RunInfo;
  readonly summary: RunSummary;
  readonly metrics: Readonly<Record<MetricName, MetricResult>>;
  readonly gate: GateResult | null;
  readonly dialogues: readonly DialogueReport[];
  /** Each scorer's raw state (counters and sorted value lists), so `merge` recomputes metrics exactly. */
  readonly tallies: Readonly<Record<MetricName, unknown>>;
  /**
   * Dialogues neither passed nor failed: not applicable to this backend (their answers only a script
   * gives) or outside the protocol arm. Counted apart in every format.
   */
  readonly notApplicable?: readonly { readonly id: string; readonly title: string; readonly file: string; readonly reason: string }[];
  /** With `--repeat` > 1: each dialogue's pass count and tallies over its repeats, for the paired gate. */
  readonly repeated?: Readonly<Record<string, { readonly runsPassed: number; readonly runs: number; readonly tallies: Readonly<Record<MetricName, unknown>> }>>;
  /** With `--protocol both`: each protocol arm over the same dialogues. */
  readonly arms?: { readonly batch: ArmReport; readonly conversation: ArmReport };
}

/** One protocol arm of a `--protocol both` run. */
export interface ArmReport {
  readonly summary: Report['summary'];
  readonly metrics: Readonly<Record<MetricName, MetricResult>>;
  readonly skipped?: readonly { readonly id: string; readonly reason: string }[];
}
