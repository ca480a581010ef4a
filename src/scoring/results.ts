/** What scoring produces: metric results and the per-dialogue transcript rows the report shows. */
import type { LlmEndpoint, Phase, TurnRoute } from '../domain/vocabulary.js';

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
  /** The day the item is for: shown when it has one, or when the turn expects dates (null: the dialogue's today). */
  readonly date?: string | null;
  /** Only when the turn expects an item's source. */
  readonly source?: 'llm' | 'local';
}

export interface LlmCallReport {
  readonly endpoint: LlmEndpoint;
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
  readonly input: {
    readonly user?: string;
    readonly tap?: 'confirm' | 'cancel';
    readonly advanceMs?: number;
    readonly dispose?: true;
    readonly disposeAfterMs?: number;
  };
  readonly network: 'online' | 'offline';
  readonly route: TurnRoute;
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
  /** Per run, every model call's digest in the order made (scoring/answerDigest.ts): what a later run compares its answers with. */
  readonly answerDigests?: readonly (readonly CallDigest[])[];
  /** The dialogue's own today (its `today` or its file's), only when it differs from the run's. */
  readonly today?: string;
}

/** One model call, digested: its turn, endpoint, and 12 hex digits of the sha256 of its request and of its normalised answer. */
export interface CallDigest {
  readonly turn: number;
  readonly endpoint: string;
  readonly request: string;
  readonly answer: string;
}

/** The pass/fail counts of a run (or of one protocol arm). */
export interface RunSummary {
  /** `skipped`: dialogues the protocol arm cannot run (conversation arm: multi-transaction, unscripted). */
  readonly dialogues: { readonly total: number; readonly passed: number; readonly failed: number; readonly skipped?: number };
  /**
   * `unjudged`: turns (over every run) that counted for no turn-kind metric nor Dates, by why
   * (scoring/metrics/modelTurnKind.ts UNJUDGED_REASONS); absent in reports from before it was kept.
   */
  readonly turns: { readonly total: number; readonly passed: number; readonly failed: number; readonly unjudged?: Readonly<Record<string, number>> };
  /** `notApplicable`: expectations the protocol arm does not judge (not counted in total). */
  readonly checks: { readonly total: number; readonly passed: number; readonly failed: number; readonly notApplicable?: number };
  /** pass@1 and pass^k over dialogues when --repeat k > 1. */
  readonly passAt1: number;
  readonly passHatK: number;
}

/** The repeat-aware gate's findings (scoring/pairedGate.ts). */
export interface PairedTest {
  /** `dialoguePassRate` (the sign test) or a metric name. */
  readonly name: string;
  readonly baseline: number;
  readonly current: number;
  /** Holm-adjusted one-sided p-value of "the candidate is worse". */
  readonly pValue: number;
  readonly rawPValue: number;
  /** Holm-adjusted one-sided p-value of "the candidate is better", by the same test: a rise below α is an improvement (older reports: the sign test's, unadjusted, or absent). */
  readonly risePValue?: number;
  /** Two-sided (1 − 2α) interval of the difference, candidate − baseline (metrics only). */
  readonly interval?: readonly [number, number];
  readonly significant: boolean;
  readonly method: string;
  /** Dialogues whose value for this test differs between the two sides (only they can move it). */
  readonly moved?: number;
}

/**
 * A metric the paired gate did not test this run: too few of its dialogues moved for any test to
 * tell a change from chance at the family's level (scoring/pairedStatistics.ts testableFamily).
 */
export interface SetAsideTest {
  readonly name: string;
  readonly baseline: number;
  readonly current: number;
  /** Its one-sided p-value before any adjustment, for the record: it did not gate. */
  readonly rawPValue: number;
  /** Dialogues it judged on either side, and those of them whose value differs between the sides. */
  readonly judged: number;
  readonly moved: number;
  /** The moved dialogues a test of this family needed. */
  readonly needed: number;
}

export interface FlakyDialogue {
  readonly id: string;
  readonly baseline: number | null;
  readonly current: number | null;
}

export interface PairedComparison {
  readonly alpha: number;
  readonly dialogues: number;
  readonly tests: readonly PairedTest[];
  /** Metrics too thinly moved to gate this run, named so none is dropped silently (absent in older reports). */
  readonly setAside?: readonly SetAsideTest[];
  readonly flaky: readonly FlakyDialogue[];
  /** Dialogues that passed every baseline run and failed every current run (evidence, not a verdict). */
  readonly consistentlyBroken: readonly string[];
  readonly consistentlyFixed: readonly string[];
}

export type ConformanceStatus = 'held' | 'broken' | 'notApplicable';

/** One seed Scenario as judged by the dialogues that tag it (scoring/conformance.ts). */
export interface ConformanceRow {
  readonly seed: string;
  readonly requirement: string;
  readonly scenario: string;
  readonly status: ConformanceStatus;
  /** The dialogues tagged with the scenario. */
  readonly dialogues: readonly string[];
  /** Broken: the first failing check; not applicable: why. */
  readonly detail: string | null;
}

export function countStatuses(rows: readonly ConformanceRow[]): Record<ConformanceStatus, number> {
  const counts: Record<ConformanceStatus, number> = { held: 0, broken: 0, notApplicable: 0 };
  for (const row of rows) counts[row.status]++;
  return counts;
}

/** One dialogue over its `--repeat` runs: how many passed, and its scorer tallies summed. */
export interface RepeatedEntry {
  readonly runsPassed: number;
  readonly runs: number;
  /** Per metric name (metrics/registry.ts). */
  readonly tallies: Readonly<Record<string, unknown>>;
}

/** A run's own repeat results, held compactly (scoring/repeatedRuns.ts): entries in a plain object's key order. */
export interface CompactRepeated extends Iterable<readonly [string, RepeatedEntry]> {
  readonly streamedRecord: true;
  toJSON(): Readonly<Record<string, RepeatedEntry>>;
}

/** A report's repeat section: the run's compact store, or the plain record a report.json or baseline holds. */
export type RepeatedSection = Readonly<Record<string, RepeatedEntry>> | CompactRepeated;

/** One metric's evidence in the sequential gate (scoring/sequentialTest.ts), as report.json keeps it. */
export interface MetricEvidence<K extends string = string> {
  readonly name: K;
  /** Dialogues that gave this metric a difference. */
  readonly dialogues: number;
  readonly baseline: number;
  readonly current: number;
  /** Evidence of a fall (the family's e-values are summed against family size / α). */
  readonly eRegression: number;
  /** Evidence that any fall is smaller than the margin (threshold 1 / α, reached once is enough). */
  readonly eNoRegression: number;
  /** The dialogue count at which "no regression larger than the margin" was reached; null while not. */
  readonly clearedAt: number | null;
}
