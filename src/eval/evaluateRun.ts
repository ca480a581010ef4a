/**
 * One evaluation run, from dataset files to the verdict: which dialogues run, each protocol arm
 * through sim and scoring, the report model with its provenance, and the baseline gate. The CLI
 * hands in the parts it built from its flags (the model, external SUT cores, the call traffic)
 * and writes what comes back.
 */
import type { Dialogue } from '../datasets/datasetTypes.js';
import { resolveDatasetFiles, streamCheckedDatasets } from '../datasets/loadDatasets.js';
import { scanDatasetFile } from '../datasets/scanDataset.js';
import { LOCAL_STEP_BUDGET_US } from '../domain/sessionTypes.js';
import { DEFAULT_TODAY } from '../domain/relativeDates.js';
import type { Protocol } from '../domain/vocabulary.js';
import type { ChatBackend } from '../llm/backend.js';
import { toBaseline, type Baseline } from '../report/json/baseline.js';
import type { CompactDigests, Report, RunInfo, Sampling, SelectionRecord } from '../report/model/reportTypes.js';
import { llmTraffic, type CallTraffic } from '../sim/adaptiveWidth.js';
import { checkedDialogues, type FileCounts } from './checkDatasets.js';
import type { GateSettings } from './gateSettings.js';
import { collectProvenance, readGitProvenance } from './provenance.js';
import { reportModel } from './reportModel.js';
import { recordedSettings } from '../scoring/metrics/registry.js';
import { runSuite, type SuiteOptions, type SuiteResult } from './scoreSuite.js';
import type { SequentialRun } from './sequentialRun.js';
import type { RepeatedDialogue } from '../scoring/pairedGate.js';
import { EmptySelectionError, selectDialogues, type Shard } from './selectDialogues.js';
import { SelectionTally } from './selectionDigest.js';

/** Suites whose selection is at most this many dialogues are kept from the check and run as read; larger ones are read again, unchecked, in flat memory. */
const KEEP_CHECKED_DIALOGUES = 5000;

export interface RunSelection {
  /** Dataset files, directories or globs. */
  readonly datasets: readonly string[];
  readonly filter: readonly string[];
  readonly exclude: readonly string[];
  readonly shard: Shard | null;
  readonly protocol: Protocol | 'both';
}

/** The dialogues a run will judge, checked before any of them runs. */
export interface RunPlan {
  /** When the run began: planning is its first step. */
  readonly startedAt: Date;
  readonly wallStart: number;
  readonly files: readonly string[];
  readonly protocols: readonly Protocol[];
  /** Dialogues per arm and run, as far as the files' counts tell before the run. */
  readonly expectedDialogues: number;
  /** A fresh stream of the selected dialogues (one per protocol arm). */
  dialogues(): Iterable<Dialogue>;
  readonly datasetHashes: Readonly<Record<string, string>>;
  /** What the run selects, as the check read it. */
  selection(): SelectionRecord | null;
  /** The content digest of each dialogue the run selects, by id, in a plain object's key order. */
  contents(): CompactDigests;
}

/**
 * Resolves and checks the datasets: a DatasetError (every file's problems) comes from here,
 * before a model is called, a row saved or an external SUT started.
 */
export function planRun(selection: RunSelection): RunPlan {
  const startedAt = new Date();
  const wallStart = performance.now();
  // Dialogues stream from the files (a fresh stream per protocol arm), so memory stays flat as suites grow.
  const files = resolveDatasetFiles([...selection.datasets]);
  // The bytes once for the provenance hashes, without parsing.
  const scans = files.flatMap((file) => {
    const scan = scanDatasetFile(file);
    return scan ? [{ file, ...scan }] : [];
  });
  const protocols: Protocol[] = selection.protocol === 'both' ? ['batch', 'conversation'] : [selection.protocol];
  // Every file is read through (the same check as `validate`) before the first dialogue runs, on
  // every backend: a bad last dialogue must not leave rows in --db, spend a model's calls, reach an
  // external SUT, or be reported after most of the suite has run. The same read selects the
  // dialogues and takes their content digests, so a later read only parses what it runs.
  const counts: FileCounts[] = [];
  const tally = new SelectionTally();
  // A suite the scan already counts past the bound is not kept at all: holding its first few thousand
  // dialogues while the check reads on would set the peak memory of the whole run.
  const scanned = scans.reduce((sum, scan) => sum + scan.dialogues, 0);
  let kept: Dialogue[] | null = scanned <= KEEP_CHECKED_DIALOGUES ? [] : null;
  for (const dialogue of selectDialogues(checkedDialogues(files, counts), selection.filter, selection.shard, selection.exclude, tally)) {
    if (kept && kept.length < KEEP_CHECKED_DIALOGUES) kept.push(dialogue);
    else kept = null;
  }
  const total = counts.reduce((sum, file) => sum + file.dialogues, 0);
  const stamps = counts.flatMap((file) => (file.stamp ? [file.stamp] : []));
  return {
    startedAt,
    wallStart,
    files,
    protocols,
    expectedDialogues: Math.ceil(total / (selection.shard?.count ?? 1)),
    dialogues: () => kept ?? selectDialogues(streamCheckedDatasets(stamps), selection.filter, selection.shard, selection.exclude),
    datasetHashes: Object.fromEntries(scans.map((scan) => [scan.file, scan.sha256])),
    selection: () => tally.record(),
    contents: () => tally.contents,
  };
}

/** The model a run talks to, as the CLI built it from its flags. */
export interface ModelUnderTest {
  readonly backend: ChatBackend;
  /** What report.json names: never a key or a URL with credentials. */
  readonly describe: { readonly backend: string; readonly model: string; readonly perturb?: unknown };
  /** The base URL the provenance keeps (credentials stripped there), for a model over HTTP. */
  readonly baseUrl?: string;
  /** A model over HTTP: the temperature and sampling seed its requests carry (run.provenance.sampling). */
  readonly sampling?: Sampling;
  /** Calls take wall time: worth keeping several dialogues in flight. */
  readonly callsTakeWallTime: boolean;
  /** run.llm once the run is over: the description plus where the answers came from. */
  answers(): RunInfo['llm'];
  /** The model's own timing figures for run.timing, once the run is over. */
  timing(): Partial<RunInfo['timing']>;
}

export interface RunSettings {
  readonly mode: 'e2e' | 'gold';
  readonly protocol: Protocol | 'both';
  readonly seed: number;
  readonly repeat: number;
  /** `--repeat` as asked, when the backend's answers repeat and the run ran once. */
  readonly repeatAsked?: number;
  readonly filter: readonly string[];
  readonly exclude: readonly string[];
  /** `--shard` as given (`2/4`), or null. */
  readonly shard: string | null;
  readonly failOn: 'regressions' | 'failures';
  /** SQLite file the first arm's saved rows go to. */
  readonly db?: string;
  /** Where dialogue records may spill once there are many (a path on the reports' disk). */
  readonly spillNear: string;
  /** Keep each dialogue's scores even with one run (a run that writes a baseline: the sequential gate pairs against them). */
  readonly keepPerDialogue?: boolean;
  /** `--today`: the day a dialogue that names none takes as today (DEFAULT_TODAY when absent). */
  readonly today?: string;
}

export interface RunParts {
  readonly model: ModelUnderTest;
  readonly traffic: CallTraffic;
  /** An external SUT's options for an arm (its core, one dialogue at a time); empty without --sut. */
  sutOptions(protocol: Protocol): Partial<Pick<SuiteOptions, 'core' | 'concurrency'>>;
  /** Told of each dialogue as it finishes (progress, the memory budget). */
  onDialogue?(passed: boolean): void;
  /** Once the suites are over, before the report is built (progress done, model and SUTs closed), whether or not they failed. */
  afterSuites(): Promise<void>;
  readonly gate: { readonly baseline: Baseline; readonly label: string; readonly settings: Omit<GateSettings, 'deadlineMs' | 'sequential'> } | null;
  /** `--sequential`: the order the dialogues run in, when to stop, and the test that decides the gate. */
  readonly sequential?: SequentialRun | null;
}

export interface EvaluatedRun {
  /** The report model with its gate, ready for the reporters. */
  readonly report: Report;
  /** Releases the dialogue records (which may have spilled to disk): call once the reports are written. */
  close(): void;
}

/**
 * Runs the plan's dialogues in each protocol arm and judges them. The dialogue records are
 * released if it fails; otherwise by the caller's `close()` once the reports are written.
 */
export async function evaluateRun(plan: RunPlan, settings: RunSettings, parts: RunParts): Promise<EvaluatedRun> {
  const results: SuiteResult[] = [];
  const close = () => {
    for (const result of results) result.dialogues.close();
  };
  try {
    return { report: await judgedRun(plan, settings, parts, results), close };
  } catch (error) {
    close();
    throw error;
  }
}

async function judgedRun(plan: RunPlan, settings: RunSettings, parts: RunParts, results: SuiteResult[]): Promise<Report> {
  // Started now, so git runs while the suite does.
  const git = readGitProvenance();
  try {
    for (const [arm, protocol] of plan.protocols.entries()) {
      // --sequential: one protocol arm (checked by the CLI), its dialogues in the test's order.
      const sequential = parts.sequential ?? null;
      results.push(
        await runSuite(sequential ? sequential.order(plan.dialogues()) : plan.dialogues(), {
          backend: parts.model.backend,
          mode: settings.mode,
          seed: settings.seed,
          repeat: settings.repeat,
          ...(settings.keepPerDialogue ? { keepPerDialogue: true } : {}),
          protocol,
          today: settings.today ?? DEFAULT_TODAY,
          // --db holds the first arm's rows: both arms draw the same seeded row ids.
          ...(settings.db && arm === 0 ? { dbFile: settings.db } : {}),
          onDialogue: (_d, passed) => parts.onDialogue?.(passed),
          ...(sequential
            ? { onRepeated: (dialogue: Dialogue, scores: RepeatedDialogue, calls: number) => sequential.observe(dialogue.id, scores, calls) }
            : {}),
          spillNear: settings.spillNear,
          // An external SUT holds one session: it sets its own core and concurrency.
          concurrency: parts.model.callsTakeWallTime ? () => parts.traffic.current() : 1,
          ...parts.sutOptions(protocol),
        }),
      );
    }
  } finally {
    await parts.afterSuites();
  }
  const result = results[0]!;
  if (result.dialogues.length === 0 && result.skipped.length === 0) throw new EmptySelectionError(`no dialogue matches --filter ${settings.filter.join(' ')}`);
  const draft = reportModel(results, {
    startedAt: plan.startedAt.toISOString(),
    finishedAt: new Date().toISOString(),
    timing: {
      wallMs: Math.round(performance.now() - plan.wallStart),
      layer1StepUs: { ...result.timing.localStepUs, budgetUs: LOCAL_STEP_BUDGET_US },
      ...llmTraffic(parts.traffic),
      ...parts.model.timing(),
    },
    llm: parts.model.answers(),
    datasets: [...plan.files],
    mode: settings.mode,
    protocol: settings.protocol,
    seed: settings.seed,
    repeat: settings.repeat,
    ...(settings.repeatAsked !== undefined ? { repeatAsked: settings.repeatAsked } : {}),
    filter: [...settings.filter],
    ...(settings.exclude.length > 0 ? { exclude: [...settings.exclude] } : {}),
    shard: settings.shard,
    // A shard says what the whole run selected, so `merge` can prove a set complete on its own.
    ...(settings.shard !== null && plan.selection() ? { selection: plan.selection()! } : {}),
    ...(settings.failOn === 'failures' ? { failOn: 'failures' as const } : {}),
    provenance: await collectProvenance({
      datasets: plan.files,
      backend: parts.model.describe.backend,
      model: parts.model.describe.model,
      ...(parts.model.baseUrl ? { baseUrl: parts.model.baseUrl } : {}),
      repeat: settings.repeat,
      ...(parts.model.describe.perturb ? { perturb: parts.model.describe.perturb } : {}),
      ...(parts.model.sampling ? { sampling: parts.model.sampling } : {}),
      git,
      datasetHashes: plan.datasetHashes,
      dialogues: plan.contents(),
      today: settings.today ?? DEFAULT_TODAY,
    }),
  });
  // The paired statistics load only for a gated run.
  const gate = parts.gate
    ? (await import('./gateVerdict.js')).gateVerdict(parts.gate.baseline, toBaseline(draft), parts.gate.label, {
        ...parts.gate.settings,
        deadlineMs: recordedSettings(draft.metrics).deadlineMs,
        ...(parts.sequential ? { sequential: parts.sequential.summary() } : {}),
      })
    : null;
  return { ...draft, gate };
}
