/** The shape of report.json. Bump REPORT_SCHEMA_VERSION on any incompatible change. */
export const REPORT_SCHEMA_VERSION = 1;

export type Route = 'local' | 'llm' | 'fallback' | 'offline' | 'none';
export type Phase = 'IDLE' | 'LISTENING' | 'CONFIRMING';
export type MetricName =
  | 'batchSplitting'
  | 'correctionIndexMapping'
  | 'confidenceFallback'
  | 'routing'
  | 'latency'
  | 'tts'
  | 'persistence'
  | 'dialogueSuccess';

export interface MetricResult {
  /** In [0, 1]; 1 when the metric had nothing to judge (see counts.judged). */
  readonly score: number;
  readonly counts: Readonly<Record<string, number>>;
  /** Metric-specific extras, e.g. the routing confusion matrix or latency percentiles. */
  readonly details?: Readonly<Record<string, unknown>>;
  /** One sentence for a product reader: what the score measures. */
  readonly description: string;
}

export interface ItemSnapshot {
  readonly index: number;
  readonly status: 'pending' | 'confirmed' | 'cancelled';
  readonly amount: number | null;
  readonly type: string;
  readonly category: string | null;
  readonly description: string | null;
}

export interface LlmCallReport {
  readonly endpoint: 'parse' | 'correct' | 'conversation';
  /** The DTO sent (e.g. the renumbered currentBatch and correctionText), never the API key. */
  readonly request: unknown;
  readonly responseText: string | null;
  /** ok | malformed | invalid | error | timeout | late (answered after the deadline) | scriptViolation */
  readonly outcome: string;
  readonly detail?: string;
  /** Virtual-clock latency (real latency for real backends); null when it never answered. */
  readonly latencyMs: number | null;
  readonly usage?: { readonly promptTokens: number; readonly completionTokens: number };
}

export interface CheckReport {
  /** e.g. state, route, intent, batch, tts, ttsIncludes, saved, llmRequest, script */
  readonly name: string;
  readonly passed: boolean;
  readonly expected: unknown;
  readonly actual: unknown;
}

export interface TurnReport {
  readonly index: number;
  readonly input: { readonly user?: string; readonly tap?: 'confirm' | 'cancel'; readonly advanceMs?: number };
  readonly network: 'online' | 'offline';
  readonly route: Route;
  /** The Layer-1 intent (kind, and index for confirmItem/cancelItem) when a user line was classified. */
  readonly intent: { readonly kind: string; readonly index?: number } | null;
  readonly stateAfter: Phase;
  readonly tts: readonly string[];
  readonly batch: readonly ItemSnapshot[] | null;
  readonly saved: readonly Readonly<Record<string, unknown>>[];
  readonly llmCalls: readonly LlmCallReport[];
  readonly checks: readonly CheckReport[];
  readonly passed: boolean;
  /** Virtual milliseconds from the turn's input to its first spoken line (null when silent). */
  readonly firstTtsMs: number | null;
  readonly virtualMs: number;
}

export interface DialogueReport {
  readonly id: string;
  readonly title: string;
  readonly tags: readonly string[];
  readonly file: string;
  /** 1-based line of the dialogue's `- id:` in its file. */
  readonly line: number;
  readonly passed: boolean;
  readonly failedChecks: number;
  /** Repeat runs (pass^k): how many of the k runs passed. */
  readonly runsPassed: number;
  readonly runs: number;
  /** Full transcript for failures and a capped sample of passes; empty otherwise (see turnCount). */
  readonly turns: readonly TurnReport[];
  readonly turnCount: number;
}

export interface GateFinding {
  readonly kind: 'metric' | 'dialogue';
  readonly name: string;
  readonly baseline: number | boolean | null;
  readonly current: number | boolean | null;
  readonly tolerance?: number;
}

export interface GateResult {
  readonly baseline: string;
  readonly passed: boolean;
  readonly regressions: readonly GateFinding[];
  readonly improvements: readonly GateFinding[];
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
  readonly protocol: 'batch' | 'conversation' | 'both';
  readonly seed: number;
  readonly repeat: number;
  readonly filter: readonly string[];
  readonly shard: string | null;
}

export interface Report {
  readonly schemaVersion: number;
  readonly run: RunInfo;
  readonly summary: {
    /** `skipped`: dialogues the protocol arm cannot run (conversation arm: multi-transaction, unscripted). */
    readonly dialogues: { readonly total: number; readonly passed: number; readonly failed: number; readonly skipped?: number };
    readonly turns: { readonly total: number; readonly passed: number; readonly failed: number };
    /** `notApplicable`: expectations the protocol arm does not judge (not counted in total). */
    readonly checks: { readonly total: number; readonly passed: number; readonly failed: number; readonly notApplicable?: number };
    /** pass@1 and pass^k over dialogues when --repeat k > 1. */
    readonly passAt1: number;
    readonly passHatK: number;
  };
  readonly metrics: Readonly<Record<MetricName, MetricResult>>;
  readonly gate: GateResult | null;
  readonly dialogues: readonly DialogueReport[];
  /** Each scorer's raw state (counters and sorted value lists), so `merge` recomputes metrics exactly. */
  readonly tallies: Readonly<Record<MetricName, unknown>>;
  /** With `--protocol both`: each protocol arm over the same dialogues. */
  readonly arms?: { readonly batch: ArmReport; readonly conversation: ArmReport };
}

/** One protocol arm of a `--protocol both` run. */
export interface ArmReport {
  readonly summary: Report['summary'];
  readonly metrics: Readonly<Record<MetricName, MetricResult>>;
  readonly skipped?: readonly { readonly id: string; readonly reason: string }[];
}
