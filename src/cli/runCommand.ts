import { dirname, resolve } from 'node:path';
import chalk from 'chalk';
import type { Argv, CommandModule } from 'yargs';
import { resolveDatasetFiles, streamDatasets } from '../datasets/loadDatasets.js';
import { DatasetError } from '../datasets/datasetTypes.js';
import { BaselineError, readBaseline, toBaseline } from '../report/baseline.js';
import { createProgress, renderConsoleSummary } from '../report/console.js';
import { overallPassed } from '../report/reportQueries.js';
import type { MetricName, Report } from '../report/reportTypes.js';
import { checkOutputDir, checkOutputFile } from '../util/outputPaths.js';
import { writeFileAtomically } from '../util/atomicFile.js';
import { reportFiles, reportSetPaths } from '../formats/registry.js';
import { writeReportSet } from '../formats/writeReportSet.js';
import { appendRun } from '../report/historyRecord.js';
import { trendFor } from '../report/historyQueries.js';
import { openHistory, recordInHistory, type HistoryDb } from '../report/historyStore.js';
import type { Protocol } from '../domain/vocabulary.js';
import { reportModel, runSuite, type SuiteResult } from './pipeline.js';
import { BACKEND_NAMES, adaptiveConcurrencyOption, answersProvenance, createBackend, modelOptions, modelWallLatency, perturbOptions, type BackendArgs } from './backendFactory.js';
import { collectProvenance, readGitState } from './provenance.js';
import { DEFAULT_ALPHA, DEFAULT_RESAMPLES } from './gateSettings.js';
import { selectDialogues, parseShard } from './selectDialogues.js';
import { EXIT_BAD_INPUT, UsageError, exitCodeFor } from './exitCodes.js';
import { checkDatasets, checkedDialogues } from './checkDatasets.js';
import { heapBudget } from '../report/heapBudget.js';
import { scanDatasetFile } from '../datasets/scanDataset.js';
import { createSutCores, withSutOptions, type SutArgs } from './sutOptions.js';
import { CallTraffic, llmTraffic } from '../sim/adaptiveWidth.js';

/** Checked first, suites up to this size are parsed once (the check's dialogues are run); larger ones stream twice, in flat memory. */
const KEEP_CHECKED_DIALOGUES = 5000;

/**
 * Whether the run may read the datasets once, running each dialogue as it is checked: only when
 * work done before a bad dialogue is found costs nothing and leaves nothing (a model on the
 * virtual clock, no --db rows, no cassette, no external SUT, one protocol arm). A problem then
 * stops the run, every file is still read for its issues, and no report is written (exit 2).
 */
function parsedOnce(args: RunArgs, arms: number): boolean {
  return (args.llm === 'scripted' || args.llm === 'heuristic') && !args.db && !args.record && !args.sut && arms === 1;
}

// Top-level files only: datasets/model/ is the model-facing suite, run on purpose with --dataset.
export const DEFAULT_DATASETS = ['datasets/*'];

interface RunArgs extends BackendArgs, SutArgs {
  dataset: string[];
  mode: 'e2e' | 'gold';
  out: string;
  baseline?: string;
  updateBaseline?: boolean;
  tolerance: number;
  alpha: number;
  resamples: number;
  failOn: 'regressions' | 'failures';
  exclude: string[];
  seed: number;
  filter: string[];
  shard?: string;
  repeat: number;
  protocol: Protocol | 'both';
  db?: string;
  progress: boolean;
  history: string | false;
  trendRuns: number;
  lang: 'en' | 'zh';
}

export const DEFAULT_HISTORY = 'reports/history.sqlite';

export const runCommand: CommandModule<object, RunArgs> = {
  command: 'run',
  describe: 'Run dialogue datasets through the orchestrator, score them, write reports, gate on a baseline',
  builder: (yargs: Argv) =>
    withSutOptions(adaptiveConcurrencyOption(modelOptions(perturbOptions(yargs))))
      .option('dataset', { alias: 'd', type: 'string', array: true, default: DEFAULT_DATASETS, describe: 'Dataset files, directories or globs (YAML dialogues, CSV parse cases)' })
      .option('mode', { choices: ['e2e', 'gold'] as const, default: 'e2e' as const, describe: 'e2e: free-running; gold: each turn starts from the state the dataset expects' })
      .option('out', { alias: 'o', type: 'string', default: 'reports/latest', describe: `Directory for ${reportFiles('run').join(', ')}` })
      .option('baseline', { type: 'string', describe: 'Baseline (or report.json) to gate against: exit 1 on a regression' })
      .option('update-baseline', { type: 'boolean', describe: 'Write this run as the new baseline (to --baseline, default reports/baseline.json)' })
      .option('tolerance', { type: 'number', default: 0, describe: 'How far a metric score may fall below the baseline (0..1)' })
      .option('alpha', { type: 'number', default: DEFAULT_ALPHA, describe: 'With --repeat on both sides: significance level of the paired gate' })
      .option('resamples', { type: 'number', default: DEFAULT_RESAMPLES, describe: 'Resamples of the paired gate (randomization tests and bootstrap intervals)' })
      .option('fail-on', { choices: ['regressions', 'failures'] as const, default: 'regressions' as const, describe: 'With --baseline: exit 1 on gate regressions only (default), or on any failed dialogue too' })
      .option('exclude', { alias: 'x', type: 'string', array: true, default: [] as string[], describe: 'Leave out dialogues with this tag or id (repeatable)' })
      .option('seed', { type: 'number', default: 1, describe: 'Seed for the saved rows\' UUIDs (same inputs and seed, same report bytes)' })
      .option('filter', { alias: 'f', type: 'string', array: true, default: [] as string[], describe: 'Only dialogues with this tag or id (repeatable; any match)' })
      .option('shard', { type: 'string', describe: 'i/n: run the i-th of n slices (merge the reports with `merge`)' })
      .option('repeat', { type: 'number', default: 1, describe: 'Run each dialogue k times; reports pass@1 and pass^k' })
      .option('protocol', { choices: ['batch', 'conversation', 'both'] as const, default: 'batch' as const, describe: 'batch: seeds 000-003; conversation: the legacy seed-004 arm (single-transaction dialogues, protocol-neutral checks); both: the batch report plus a comparison of the two arms' })
      .option('db', { type: 'string', describe: 'SQLite file for saved rows (default: in memory)' })
      .option('history', { type: 'string', default: DEFAULT_HISTORY, describe: 'SQLite run history this run is appended to (--no-history: none)' })
      .option('trend-runs', { type: 'number', default: 10, describe: 'How many comparable runs from the history the trends show' })
      .option('lang', { choices: ['en', 'zh'] as const, default: 'en' as const, describe: 'Language of the report pages\' labels' })
      .option('progress', { type: 'boolean', default: true, describe: 'Progress bar on stderr' })
      .option('llm', { choices: BACKEND_NAMES, default: 'scripted' as const, describe: 'LLM backend' })

      .option('concurrency', { type: 'number', default: 4, describe: 'Parallel LLM requests (openai backend)' })
      .example('$0 run', 'the bundled suite with the scripted backend')
      .example('$0 run --llm heuristic --out /tmp/r', 'the rule-based reference model, no key needed')
      .example('$0 run --baseline reports/baseline.json', 'fail (exit 1) on any regression')
      .example('$0 run --sut "python3 examples/python-sut/sut.py"', 'the datasets against an external orchestrator') as unknown as Argv<RunArgs>,
  handler: async (args) => {
    process.exitCode = await run(args);
  },
};

async function run(args: RunArgs): Promise<number> {
  const startedAt = new Date();
  const wallStart = performance.now();
  let history: HistoryDb | null = null;
  const results: SuiteResult[] = [];
  try {
    checkOutputPaths(args);
    const shard = args.shard ? parseShard(args.shard) : null;
    // Dialogues stream from the files (a fresh stream per protocol arm), so memory stays flat as suites grow.
    const files = resolveDatasetFiles(args.dataset);
    // The bytes once for the provenance hashes and a dialogue count, without parsing.
    const scans = files.flatMap((file) => {
      const scan = scanDatasetFile(file);
      return scan ? [{ file, ...scan }] : [];
    });
    const protocols: Protocol[] = args.protocol === 'both' ? ['batch', 'conversation'] : [args.protocol];
    // A file the scan could not open is checked first, so its located error comes before anything else.
    const onePass = parsedOnce(args, protocols.length) && scans.length === files.length;
    // Otherwise every file is read through before the first dialogue runs: a bad last dialogue must
    // not leave rows in --db, spend a paid model's calls or reach an external SUT.
    const checked = onePass ? null : checkDatasets(files, KEEP_CHECKED_DIALOGUES);
    const dialogues = () =>
      selectDialogues(onePass ? checkedDialogues(files) : (checked!.dialogues ?? streamDatasets(files)), args.filter, shard, args.exclude);
    const total = checked ? checked.counts.reduce((sum, file) => sum + file.dialogues, 0) : scans.reduce((sum, scan) => sum + scan.dialogues, 0);
    const expected = Math.ceil(total / (shard?.count ?? 1));
    const baseline = args.baseline && !args.updateBaseline ? readBaseline(args.baseline) : null;
    // Opened before running, so a history file that is not ours stops the run before any work.
    history = args.history === false ? null : openHistory(args.history);
    const git = readGitState();
    const suts = await createSutCores(args);
    const traffic = new CallTraffic(args.concurrency, args.adaptiveConcurrency);
    const setup = await createBackend({ ...args, traffic });
    const { backend, close, redact } = setup;

    const withinBudget = heapBudget();
    const progress = args.progress ? createProgress(expected * args.repeat * protocols.length, process.stderr) : null;
    try {
      for (const [arm, protocol] of protocols.entries()) {
        results.push(
          await runSuite(dialogues(), {
            backend,
            mode: args.mode,
            seed: args.seed,
            repeat: args.repeat,
            protocol,
            // --db holds the first arm's rows: both arms draw the same seeded row ids.
            ...(args.db && arm === 0 ? { dbFile: args.db } : {}),
            onDialogue: (_d, passed) => {
              progress?.tick(passed);
              withinBudget();
            },
            // Past a few thousand, dialogue records spill to a file on the reports' disk.
            spillNear: dirname(resolve(args.out)),
            // An external SUT holds one session: it sets its own core and concurrency.
            concurrency: setup.callsTakeWallTime ? () => traffic.current() : 1,
            ...suts.suiteOptions(protocol),
          }),
        );
      }
    } finally {
      progress?.done();
      suts.close();
      await close();
    }

    const result = results[0]!;
    if (result.dialogues.length === 0 && result.skipped.length === 0) throw new UsageError(`no dialogue matches --filter ${args.filter.join(' ')}`);
    const draft = reportModel(results, {
      startedAt: startedAt.toISOString(),
      finishedAt: new Date().toISOString(),
      timing: {
        wallMs: Math.round(performance.now() - wallStart),
        layer1StepUs: { ...result.timing.localStepUs, budgetUs: 1000 },
        ...llmTraffic(traffic),
        ...modelWallLatency(setup),
      },
      llm: answersProvenance(setup),
      datasets: files,
      mode: args.mode,
      protocol: args.protocol,
      seed: args.seed,
      repeat: args.repeat,
      filter: args.filter,
      ...(args.exclude.length > 0 ? { exclude: args.exclude } : {}),
      shard: args.shard ?? null,
      ...(args.failOn === 'failures' ? { failOn: 'failures' as const } : {}),
      provenance: await collectProvenance({
        datasets: files,
        backend: setup.describe.backend,
        model: setup.describe.model,
        ...(args.llm === 'openai' && args.baseUrl ? { baseUrl: args.baseUrl } : {}),
        repeat: args.repeat,
        ...(setup.describe.perturb ? { perturb: setup.describe.perturb } : {}),
        git,
        datasetHashes: Object.fromEntries(scans.map((scan) => [scan.file, scan.sha256])),
      }),
    });
    const gate = baseline
      ? (await import('./gateVerdict.js')).gateVerdict(baseline, toBaseline(draft), args.baseline!, { tolerance: args.tolerance, alpha: args.alpha, resamples: args.resamples, seed: args.seed })
      : null;
    const report: Report = { ...draft, gate };
    const out = resolve(args.out);
    const trend = history ? trendFor(history, report, args.trendRuns) : undefined;
    const shown: Report = { ...report, view: { lang: args.lang, ...(trend ? { trend } : {}) } };
    await writeReportSet('run', out, shown, { redact });
    const historyId = history ? recordInHistory(history, args.history as string, out, (db) => appendRun(db, report, out, redact)) : null;
    if (args.updateBaseline) writeBaseline(args.baseline ?? 'reports/baseline.json', report);

    process.stdout.write(redact(renderConsoleSummary(shown, { color: chalk.level > 0 })));
    process.stdout.write(`\nReports: ${reportSetPaths('run', out)}\n`);
    if (historyId !== null) process.stdout.write(`History: ${String(args.history)} (run #${historyId})\n`);
    if (args.updateBaseline) process.stdout.write(`Baseline updated: ${args.baseline ?? 'reports/baseline.json'}\n`);
    // The conventional closing line CI tools read for a count.
    const { dialogues: counts } = report.summary;
    process.stdout.write(`dialogues: ${counts.passed} passed, ${counts.failed} failed\n`);
    return exitStatus(report);
  } catch (error) {
    return reportError(error);
  } finally {
    history?.close();
    for (const result of results) result.dialogues.close();
  }
}

/**
 * The exit code says what the headline says. With a baseline the gate decides (regressions only;
 * failures that were already failing in the baseline do not turn CI red) unless `--fail-on
 * failures`; without one, any failed dialogue is a failure.
 */
export function exitStatus(report: Report): number {
  return overallPassed(report) ? 0 : 1;
}

/** Every path the run will write, checked before it starts (exit 2, nothing run). */
function checkOutputPaths(args: RunArgs): void {
  for (const flag of ['out', 'db', 'record', 'baseline', 'cassette', 'history'] as const) {
    if (Array.isArray(args[flag])) throw new UsageError(`--${flag} given more than once`);
  }
  checkOutputDir(args.out);
  if (args.db) checkOutputFile(args.db, '--db');
  if (args.record) checkOutputFile(args.record, '--record');
  if (args.updateBaseline) checkOutputFile(args.baseline ?? 'reports/baseline.json', '--baseline');
}

function writeBaseline(file: string, report: Report): void {
  writeFileAtomically(file, `${JSON.stringify(toBaseline(report), null, 2)}\n`);
}

export function reportError(error: unknown): number {
  if (error instanceof DatasetError) {
    process.stderr.write(`${error.message}\n${chalk.dim(`${error.issues.length} problem(s); no report was written. Fix the dataset and run again (\`nlu-harness validate <files>\` checks it alone).`)}\n`);
  } else if (exitCodeFor(error) === EXIT_BAD_INPUT) {
    process.stderr.write(`${(error as Error).message}\n`);
  } else {
    process.stderr.write(`${(error as Error).stack ?? String(error)}\n`);
  }
  return exitCodeFor(error);
}

export type { MetricName };
