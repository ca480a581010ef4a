// Over 300 lines on purpose: the one definition of report.json's shape, which every format and the schema compiler read.
/** The shape of report.json. Bump REPORT_SCHEMA_VERSION on any incompatible change. */
export const REPORT_SCHEMA_VERSION = 1;

export type { CallDigest, CheckReport, DialogueReport, ItemSnapshot, LlmCallReport, MetricResult, RunSummary, TurnReport } from '../../scoring/results.js';
export type { MetricName } from '../../scoring/metrics/registry.js';
import type {
  DialogueReport,
  MetricEvidence,
  MetricResult,
  PairedComparison,
  PairedTest,
  RepeatedSection,
  SetAsideTest,
  RunSummary,
} from '../../scoring/results.js';
import type { MetricName } from '../../scoring/metrics/registry.js';
import type { Protocol } from '../../domain/vocabulary.js';
import type { RecordedGateNote } from './gateNotes.js';
import type { Trend, TrendRun } from '../../history/historyQueries.js';

/** The history's trend, as a report shows it (the history defines it: it is what the history returns). */
export type { Trend, TrendRun };

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
  /** Things the reader must know to trust the verdict, e.g. the baseline ran other datasets: codes with parameters (model/gateNotes.ts). */
  readonly warnings?: readonly RecordedGateNote[];
  /** What the verdict could not judge (a prompt change the backend does not read, answers only replayed): the headline says it. */
  readonly notJudged?: readonly RecordedGateNote[];
  /** Where each side's answers came from (model backends): live during its run, or replayed from a cassette. */
  readonly answers?: { readonly baseline?: ModelInfo['answers']; readonly current?: ModelInfo['answers'] };
  /** How many of the model calls both sides made were answered as before (eval/answerChanges.ts): whether an edit reached the model. */
  readonly answerChanges?: AnswerChanges;
  /** Metrics the baseline's model met too rarely for a fall to show (eval/weakMetrics.ts): "cannot be judged with this model", never "no change". */
  readonly cannotJudge?: readonly WeakMetric[];
  /** Present when the server said other models answered than in the baseline: the headline says so. */
  readonly servedModels?: { readonly baseline: readonly string[]; readonly current: readonly string[] };
  /** With `--repeat` on both sides: the paired statistics the verdict rests on. */
  readonly paired?: PairedComparison;
  /** One run a side of a model with noise: the tests against chance the verdict rests on (eval/singleRunGate.ts). */
  readonly singleRuns?: SingleRunTests;
  /** With `--sequential`: the sequential test that decided, and where it stopped. */
  readonly sequential?: SequentialSummary;
  /** What differs between the two arms besides the outcome: prompt files, sampling. */
  readonly arms?: ArmsDifference;
  /** Which dialogues the run and the baseline have in common (same id and content): the gate decided on those only. */
  readonly pairing?: DialoguePairing;
}

/** The dialogues a run and its baseline pair (eval/dialoguePairing.ts). */
export interface DialoguePairing {
  /** Same id and, where both sides kept one, the same content digest. */
  readonly paired: number;
  /** The run's selected dialogues and the baseline's. */
  readonly run: number;
  readonly baseline: number;
  readonly onlyInRun: number;
  readonly onlyInBaseline: number;
  /** Of those apart: an id on both sides whose content differs (counted in both "only in"). */
  readonly changedContent?: number;
  /** A side kept no content digests (a report from before them): paired by id. */
  readonly byIdOnly?: true;
}

/** The model calls compared with the baseline's, by digest of the normalised answer. */
export interface AnswerChanges {
  readonly compared: number;
  /** Calls answered as before, and calls answered otherwise (or made by one side only). */
  readonly same: number;
  readonly changed: number;
  /** Calls asked otherwise than the baseline's (another request digest, or made by one side only); absent in reports from before it was counted. */
  readonly requestsChanged?: number;
  /** With repeats in the baseline: its later runs' calls against its first run's, answered otherwise: how often noise alone changes answers. */
  readonly baselineRepeats?: { readonly compared: number; readonly changed: number };
}

/** A metric the baseline met `succeeded` times of `judged`: too rarely for a fall to show. */
export interface WeakMetric {
  readonly name: string;
  readonly succeeded: number;
  readonly judged: number;
}

/** The single-run gate's tests: McNemar's exact test on the dialogues' pass rate, Newcombe's interval on each metric, Holm-adjusted. */
export interface SingleRunTests {
  readonly alpha: number;
  /** Dialogues both runs had. */
  readonly dialogues: number;
  readonly tests: readonly PairedTest[];
  /** Tests on which too few dialogues moved to tell a change from chance at the family's level. */
  readonly setAside?: readonly SetAsideTest[];
}

/** `run --sequential` (eval/sequentialRun.ts): how the anytime-valid test decided and how far the run got. */
export interface SequentialSummary {
  readonly method: string;
  readonly alpha: number;
  readonly margin: number;
  /** Seeds the order the dialogues ran in. */
  readonly orderSeed: number;
  /** `--budget` as read: `10 min`, `200 calls`. */
  readonly budget?: string;
  readonly decision: 'regression' | 'noRegression' | 'undecided';
  /** Both sides' answers repeat (no run-to-run noise): every flip is a change. */
  readonly exact?: boolean;
  /** With `exact`: the dialogue seen to pass in the baseline and fail now, which decided the regression. */
  readonly broke?: readonly string[];
  /** Why the run stopped: the test decided, the budget ran out, or the suite ended first. */
  readonly stop: 'decided' | 'budget' | 'suiteEnd';
  /** What an undecided run does to the gate. */
  readonly undecided: 'fail' | 'pass';
  /** Dialogues that entered the test (the baseline has them), dialogues run, dialogues selected. */
  readonly dialoguesTested: number;
  readonly dialoguesRun: number;
  readonly dialoguesInSuite: number;
  /** Model calls the run's dialogues made. */
  readonly calls: number;
  /** Wall minutes from the start of the run to the summary. */
  readonly minutes: number;
  /** The family's regression e-values summed; a regression when it reaches `regressionThreshold` (family size / α). */
  readonly regressionEvidence: number;
  readonly regressionThreshold: number;
  readonly noRegressionThreshold: number;
  /** On a regression, the metrics named as fallen under the family's control (closed testing with the mean e-value). */
  readonly alarmed: readonly string[];
  /** Judged dialogues of equal length a metric needs (all unchanged, the whole population it judged) to be cleared at this margin. */
  readonly dialoguesToClear: number;
  /** Metrics the baseline judged on fewer dialogues of the selection than that: set aside from clearing, and named. */
  readonly setAside: readonly { readonly name: string; readonly judged: number }[];
  /** When undecided: about how many dialogues in all would decide at the differences seen so far (null: no trend yet). */
  readonly wouldDecideAt: number | null;
  readonly metrics: readonly MetricEvidence[];
}

/** How an arm sampled (run.provenance.sampling): the temperature and seed sent, the response format and token cap. */
export interface Sampling {
  readonly temperature?: number;
  readonly seed?: number;
  readonly responseFormat?: string;
  /** max_tokens each endpoint's requests carry (gateway/answerFormat.ts). */
  readonly maxTokens?: Readonly<Record<string, number>>;
}

/** What differs between baseline and candidate besides their outcome (eval/armsDifference.ts). */
export interface ArmsDifference {
  /** Prompt files whose contents differ; changed lines counted when both provenances keep per-line hashes, else null. */
  readonly prompts: readonly {
    readonly file: string;
    readonly added: number | null;
    readonly removed: number | null;
    /** The changed lines with a line of context ("+ …", "- …", "  …", "…" between hunks), when both sides kept the text. */
    readonly diff?: readonly string[];
  }[];
  readonly sampling: { readonly baseline: Sampling | null; readonly current: Sampling | null };
  /** The runs' today when it differs (the prompts name it); null for a baseline that did not record one (its prompts said unknown). */
  readonly today?: { readonly baseline: string | null; readonly current: string | null };
}

/** A run's own content digests, held compactly (report/model/digestRecord.ts): entries in a plain object's key order. */
export interface CompactDigests extends Iterable<readonly [string, string]> {
  readonly streamedRecord: true;
  readonly size: number;
  toJSON(): Readonly<Record<string, string>>;
}

/** `run.provenance.dialogues`: the run's compact record, or the plain one a report.json or baseline holds. */
export type DigestSection = Readonly<Record<string, string>> | CompactDigests;

/** What produced a run (eval/provenance.ts): file hashes, backend, model, base URL, repeat, commit. */
export interface Provenance {
  readonly prompts: Readonly<Record<string, string>>;
  readonly datasets: Readonly<Record<string, string>>;
  readonly backend: string;
  readonly model: string;
  readonly baseUrl?: string;
  readonly repeat: number;
  readonly perturb?: unknown;
  readonly git: { readonly commit: string; readonly dirty: boolean } | null;
  /** Why `git` is null: the run was not in a git checkout, git is not installed, or the checkout has no commit yet. */
  readonly noGit?: 'notACheckout' | 'gitNotInstalled' | 'noCommit';
  /** Per prompt file, a short hash of each line, so a later run can count the lines its prompts changed. */
  readonly promptLines?: Readonly<Record<string, readonly string[]>>;
  /** Per prompt file, its text (a few KB), so a later run against this one as its baseline can show how a prompt changed. */
  readonly promptText?: Readonly<Record<string, string>>;
  /** A model over HTTP: how it was asked to sample. */
  readonly sampling?: Sampling;
  /** Each dialogue the run selected: id → a short digest of its content (datasets/dialogueDigest.ts), so a later run pairs by id and content. */
  readonly dialogues?: DigestSection;
  /**
   * The run's today (`run --today`, else 2026-03-01): the prompts name it. Absent in reports from
   * before it was recorded, whose prompts said today was unknown. A dialogue with its own says so
   * in its record (DialogueReport.today).
   */
  readonly today?: string;
}

/** The run's model. For a model's answers (openai, replay), also where they came from. */
export interface ModelInfo {
  readonly backend: string;
  readonly model: string;
  /** Answers the model gave during the run (live) and answers a cassette gave (replayed). */
  readonly answers?: { readonly live: number; readonly replayed: number };
  /** The models the server said answered, with their `system_fingerprint` when given. */
  readonly servedModels?: readonly string[];
  /** `--model-latency virtual:MS`: answers were placed MS after each call; real latency was not judged. */
  readonly virtualLatencyMs?: number;
}

/** What a shard's report says the run selected (before the shard split) and this shard's part of it. */
export interface SelectionRecord {
  readonly dialogues: number;
  readonly idsSha256: string;
  readonly shard: { readonly dialogues: number; readonly idsSha256: string };
}

export interface RunInfo {
  readonly startedAt: string;
  readonly finishedAt: string;
  /** Everything measured in wall time lives here, so the rest of the report is deterministic. */
  readonly timing: Readonly<Record<string, unknown>>;
  readonly llm: ModelInfo;
  readonly datasets: readonly string[];
  readonly mode: 'e2e' | 'gold';
  /** `both`: the main report is the batch arm's, `arms` compares the two. */
  readonly protocol: Protocol | 'both';
  readonly seed: number;
  readonly repeat: number;
  /** The `--repeat` asked when the backend's answers repeat, so the run ran once (every repeat would answer alike). */
  readonly repeatAsked?: number;
  readonly filter: readonly string[];
  readonly exclude?: readonly string[];
  readonly shard: string | null;
  /** A shard's: the ids the whole run selected and this shard's part, as order-free digests (eval/selectionDigest.ts). */
  readonly selection?: SelectionRecord;
  readonly provenance?: Provenance;
  /** `--fail-on failures`: with a baseline, a failed dialogue fails the run even if it failed before. */
  readonly failOn?: 'failures';
}

/** The dialogues of a report, in order: an array, or a log that streams them back from its file (report/model/dialogueLog.ts). */
export interface DialogueList extends Iterable<DialogueReport> {
  readonly length: number;
}

/** A report.json as read back: its dialogues are an array. */
export type ReadReport = Report<readonly DialogueReport[]>;

/** A report. A run's own may stream its dialogues from a file (report/model/dialogueLog.ts): iterate them, once or more. */
export interface Report<Dialogues extends DialogueList = DialogueList> {
  readonly schemaVersion: number;
  readonly run: RunInfo;
  readonly summary: RunSummary;
  readonly metrics: Readonly<Record<MetricName, MetricResult>>;
  readonly gate: GateResult | null;
  readonly dialogues: Dialogues;
  /** Each scorer's raw state (counters and sorted value lists), so `merge` recomputes metrics exactly. */
  readonly tallies: Readonly<Record<MetricName, unknown>>;
  /**
   * Dialogues neither passed nor failed: not applicable to this backend (their answers only a script
   * gives) or outside the protocol arm. Counted apart in every format.
   */
  readonly notApplicable?: readonly { readonly id: string; readonly title: string; readonly file: string; readonly reason: string }[];
  /** With `--repeat` > 1: each dialogue's pass count and tallies over its repeats, for the paired gate (a run's own are held compactly, scoring/repeatedRuns.ts). */
  readonly repeated?: RepeatedSection;
  /** With `--protocol both`: each protocol arm over the same dialogues. */
  readonly arms?: { readonly batch: ArmReport; readonly conversation: ArmReport };
  /** Every metric again per slice of the suite (feature tag, seed, scenario, dataset file). */
  readonly slices?: readonly SliceReport[];
  /** How to show the report (language, trend from the run history): not part of report.json. */
  readonly view?: ReportView;
}

export type SliceKind = 'feature' | 'seed' | 'scenario' | 'file';

export interface SliceReport {
  readonly kind: SliceKind;
  readonly name: string;
  readonly dialogues: { readonly total: number; readonly passed: number; readonly failed: number };
  /** Score and counts only: the full details stay with the whole-run metrics. */
  readonly metrics: Readonly<Record<string, SliceMetric>>;
  /** The scorers' raw state over the slice, so `merge` recomputes slice metrics exactly. */
  readonly tallies?: Readonly<Record<string, unknown>>;
}

export interface SliceMetric {
  readonly score: number;
  readonly counts: Readonly<Record<string, number>>;
}

export type Lang = 'en' | 'zh';

export interface ReportView {
  readonly lang?: Lang;
  readonly trend?: Trend;
}

/** One protocol arm of a `--protocol both` run. */
export interface ArmReport {
  readonly summary: Report['summary'];
  readonly metrics: Readonly<Record<MetricName, MetricResult>>;
  readonly skipped?: readonly { readonly id: string; readonly reason: string }[];
}
