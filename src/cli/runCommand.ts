import { dirname, resolve } from 'node:path';
import chalk from 'chalk';
import type { Argv, CommandModule } from 'yargs';
import { DatasetError } from '../datasets/datasetTypes.js';
import { readBaseline, selectionScope, toBaseline } from '../report/json/baseline.js';
import { pairedPart, pairSelection, whollyPaired } from '../eval/dialoguePairing.js';
import { createProgress, renderConsoleSummary } from '../report/console/console.js';
import { overallPassed } from '../report/model/reportQueries.js';
import { commandLine } from '../report/console/commandWords.js';
import type { MetricName, Report } from '../report/model/reportTypes.js';
import { checkOutputDir, checkOutputFile } from '../util/outputPaths.js';
import { writeFileAtomically } from '../util/atomicFile.js';
import { reportFiles, reportSetPaths } from '../formats/registry.js';
import { writeReportSet } from '../formats/writeReportSet.js';
import { openHistory, recordInHistory, type HistoryDb } from '../history/historyStore.js';
import type { Protocol } from '../domain/vocabulary.js';
import { evaluateRun, planRun, type EvaluatedRun, type RunSettings } from '../eval/evaluateRun.js';
import { appendRun, trendFor } from '../eval/historyRecord.js';
import { adaptiveConcurrencyOption, answeringSide, createBackend, modelOptions, modelUnderTest, perturbOptions, type BackendArgs } from './backendFactory.js';
import { DEFAULT_ALPHA, DEFAULT_RESAMPLES } from '../eval/gateSettings.js';
import { parseShard } from './shardSet.js';
import { EXIT_INTERNAL, UsageError, exitCodeFor } from './exitCodes.js';
import { checkToday, todayOption } from './todayOption.js';
import { heapBudget } from '../util/heapBudget.js';
import { createSutCores, withSutOptions, type SutArgs } from './sutOptions.js';
import { CallTraffic } from '../sim/adaptiveWidth.js';
import { backendNames, comparedExactly, repeatsWithinRun } from '../backends/registry.js';
import { keepsDialogueScores } from '../eval/keptScores.js';
import { refuseUnscriptedSuite } from './unscriptedSuite.js';
import { sequentialRunOf, sharedSamplingSeed } from './sequentialOptions.js';
import { DEFAULT_MARGIN } from '../eval/gateSettings.js';

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
  sequential?: boolean;
  margin?: number;
  budget?: string;
  undecided?: 'fail' | 'pass';
  independentSeeds?: boolean;
  today?: string;
}

export const DEFAULT_HISTORY = 'reports/history.sqlite';

export const runCommand: CommandModule<object, RunArgs> = {
  command: 'run',
  describe: 'Run dialogue datasets through the orchestrator, score them, write reports, gate on a baseline',
  builder: (yargs: Argv) =>
    todayOption(withSutOptions(adaptiveConcurrencyOption(modelOptions(perturbOptions(yargs)))))
      .option('dataset', {
        alias: 'd',
        type: 'string',
        array: true,
        default: DEFAULT_DATASETS,
        describe: 'Dataset files, directories or globs (YAML dialogues, CSV parse cases)',
      })
      .option('mode', {
        choices: ['e2e', 'gold'] as const,
        default: 'e2e' as const,
        describe: 'e2e: free-running; gold: each turn starts from the state the dataset expects',
      })
      .option('out', { alias: 'o', type: 'string', default: 'reports/latest', describe: `Directory for ${reportFiles('run').join(', ')}` })
      .option('baseline', { type: 'string', describe: 'Baseline (or report.json) to gate against: exit 1 on a regression' })
      .option('update-baseline', { type: 'boolean', describe: 'Write this run as the new baseline (to --baseline, default reports/baseline.json)' })
      .option('tolerance', {
        type: 'number',
        default: 0,
        describe: 'A fall that is forgiven (0..1): with a model with noise, a fall beyond chance still passes when it is no larger',
      })
      .option('alpha', { type: 'number', default: DEFAULT_ALPHA, describe: 'With --repeat on both sides: significance level of the paired gate' })
      .option('resamples', {
        type: 'number',
        default: DEFAULT_RESAMPLES,
        describe: 'Resamples of the paired gate (randomization tests and bootstrap intervals)',
      })
      .option('fail-on', {
        choices: ['regressions', 'failures'] as const,
        default: 'regressions' as const,
        describe: 'With --baseline: exit 1 on gate regressions only (default), or on any failed dialogue too',
      })
      .option('exclude', { alias: 'x', type: 'string', array: true, default: [] as string[], describe: 'Leave out dialogues with this tag or id (repeatable)' })
      .option('seed', { type: 'number', default: 1, describe: "Seed for the saved rows' UUIDs (same inputs and seed, same report bytes)" })
      .option('filter', {
        alias: 'f',
        type: 'string',
        array: true,
        default: [] as string[],
        describe: 'Only dialogues with this tag or id (repeatable; any match)',
      })
      .option('shard', { type: 'string', describe: 'i/n: run the i-th of n slices (merge the reports with `merge`)' })
      .option('repeat', { type: 'number', default: 1, describe: 'Run each dialogue k times; reports pass@1 and pass^k' })
      .option('protocol', {
        choices: ['batch', 'conversation', 'both'] as const,
        default: 'batch' as const,
        describe:
          'batch: seeds 000-003; conversation: the legacy seed-004 arm (single-transaction dialogues, protocol-neutral checks); both: the batch report plus a comparison of the two arms',
      })
      .option('db', { type: 'string', describe: 'SQLite file for saved rows (default: in memory)' })
      .option('history', { type: 'string', default: DEFAULT_HISTORY, describe: 'SQLite run history this run is appended to (--no-history: none)' })
      .option('trend-runs', { type: 'number', default: 10, describe: 'How many comparable runs from the history the trends show' })
      .option('lang', { choices: ['en', 'zh'] as const, default: 'en' as const, describe: 'Language of the report pages and the console (en, zh)' })
      .option('progress', { type: 'boolean', default: true, describe: 'Progress bar on stderr' })
      .option('sequential', {
        type: 'boolean',
        describe:
          'With --baseline (made with --update-baseline by this version, at any --repeat): run the dialogues in a seeded random order and stop as soon as an anytime-valid test decides: a regression (exit 1, named) or no regression larger than --margin (exit 0)',
      })
      // No yargs defaults for the sequential flags: given without --sequential they are exit 2, so they must be seen as given.
      .option('margin', {
        type: 'number',
        describe: `With --sequential: the largest fall of any metric (a share, 0.1 = 10 pp) that "no regression" still allows (default ${DEFAULT_MARGIN})`,
      })
      .option('budget', {
        type: 'string',
        describe: 'With --sequential: stop undecided after this much wall time (10m, 90s) or this many model calls (200calls)',
      })
      .option('undecided', {
        choices: ['fail', 'pass'] as const,
        describe: 'With --sequential: what a run the budget or the suite ended before the test decided does to the gate (default fail: exit 1)',
      })
      .option('independent-seeds', {
        type: 'boolean',
        describe:
          "With --baseline and --llm openai: do not reuse the baseline's sampling seed (by default the run samples with it, so an unchanged dialogue answers as in the baseline)",
      })
      .option('llm', { choices: backendNames((entry) => entry.answers !== 'goal'), default: 'scripted', describe: 'LLM backend' })

      .option('concurrency', {
        type: 'number',
        default: 4,
        describe: 'Dialogues in flight at once against a model over the network (openai); other backends and --sut run one at a time, with the same report',
      })
      .example('$0 run', 'the bundled suite with the scripted backend')
      .example('$0 run --llm heuristic --out /tmp/r', 'the rule-based reference model, no key needed')
      .example('$0 run --baseline reports/baseline.json', 'fail (exit 1) on any regression')
      .example('$0 run --sut "python3 examples/python-sut/sut.py"', 'the datasets against an external orchestrator') as unknown as Argv<RunArgs>,
  handler: async (args) => {
    process.exitCode = await run(args);
  },
};

async function run(args: RunArgs): Promise<number> {
  let history: HistoryDb | null = null;
  let evaluated: EvaluatedRun | null = null;
  try {
    checkOutputPaths(args);
    checkToday(args.today);
    const plan = planRun({
      datasets: args.dataset,
      filter: args.filter,
      exclude: args.exclude,
      shard: args.shard ? parseShard(args.shard) : null,
      protocol: args.protocol,
    });
    refuseUnscriptedSuite(args.llm, plan.dialogues());
    const baseline = args.baseline && !args.updateBaseline ? readBaseline(args.baseline) : null;
    // Before anything runs: the dialogues this run and its baseline have in common (nothing in common is exit 2).
    const pairs = baseline
      ? pairSelection(plan, baseline, args.baseline!, { files: plan.files, shard: args.shard ?? null, scope: selectionScope(args.filter, args.exclude) })
      : null;
    const partlyPaired = pairs !== null && !whollyPaired(pairs.pairing);
    // The sequential test's family and pairs are the paired dialogues' only.
    const traffic = new CallTraffic(args.concurrency, args.adaptiveConcurrency);
    // The headline then names both arms' seeds (report/words/armsWords.ts).
    const shared = sharedSamplingSeed(args, baseline);
    if (shared !== undefined) args.samplingSeed = shared;
    const answering = answeringSide(args);
    // Repeats of a backend whose answers repeat are the same run again: it runs once, and the report says why.
    const repeatAsked = args.repeat > 1 && !args.sut && repeatsWithinRun(answering.backend, answering.sampling) ? args.repeat : undefined;
    if (repeatAsked !== undefined) args.repeat = 1;
    // Against a baseline whose answers repeat too, every flip the sequential gate sees is a change.
    const exact = baseline !== null && !args.sut && comparedExactly({ backend: baseline.llm.backend, sampling: baseline.provenance?.sampling }, answering);
    // A model over HTTP counts its calls as they are answered; the budget is checked against them, in flight or not.
    const sequential = sequentialRunOf(args, baseline && partlyPaired ? pairedPart(baseline, pairs.ids, undefined).side : baseline, {
      exact,
      callsSoFar: () => traffic.answeredCalls,
    });
    // Opened before running, so a history file that is not ours stops the run before any work.
    history = args.history === false ? null : openHistory(args.history);
    const suts = await createSutCores(args);
    const setup = await createBackend({ ...args, traffic });
    const withinBudget = heapBudget();
    const progress = args.progress
      ? createProgress(plan.expectedDialogues * args.repeat * plan.protocols.length, process.stderr, 'dialogues', args.lang)
      : null;
    const keepPerDialogue = keepsDialogueScores({
      repeat: args.repeat,
      backend: answering.backend,
      partlyPaired,
      pairedLater: Boolean(args.updateBaseline || args.shard || args.sequential || args.sut),
    });
    evaluated = await evaluateRun(plan, runSettings(args, repeatAsked, keepPerDialogue), {
      model: modelUnderTest(setup, args),
      traffic,
      sutOptions: (protocol) => suts.suiteOptions(protocol),
      onDialogue: (passed) => {
        progress?.tick(passed);
        withinBudget();
      },
      afterSuites: async () => {
        progress?.done();
        suts.close();
        await setup.close();
      },
      gate: baseline
        ? { baseline, label: args.baseline!, settings: { tolerance: args.tolerance, alpha: args.alpha, resamples: args.resamples, seed: args.seed } }
        : null,
      sequential,
    });
    await writeAndRecord(args, evaluated.report, history, setup.redact);
    return exitStatus(evaluated.report);
  } catch (error) {
    return reportError(error);
  } finally {
    history?.close();
    evaluated?.close();
  }
}

/** The settings of the run as its flags give them (`repeatAsked`: the --repeat a backend whose answers repeat ran once). */
function runSettings(args: RunArgs, repeatAsked: number | undefined, keepPerDialogue: boolean): RunSettings {
  return {
    mode: args.mode,
    protocol: args.protocol,
    seed: args.seed,
    repeat: args.repeat,
    ...(repeatAsked !== undefined ? { repeatAsked } : {}),
    filter: args.filter,
    exclude: args.exclude,
    shard: args.shard ?? null,
    failOn: args.failOn,
    ...(args.db ? { db: args.db } : {}),
    ...(args.today ? { today: args.today } : {}),
    // Past a few thousand, dialogue records spill to a file on the reports' disk.
    spillNear: dirname(resolve(args.out)),
    ...(keepPerDialogue ? { keepPerDialogue: true } : {}),
  };
}

/** Writes the report set (with the history's trend), records the run in the history, updates the baseline when asked, and prints the console's lines. */
async function writeAndRecord(args: RunArgs, report: Report, history: HistoryDb | null, redact: (text: string) => string): Promise<void> {
  const out = resolve(args.out);
  const trend = history ? trendFor(history, report, args.trendRuns) : undefined;
  const shown: Report = { ...report, view: { lang: args.lang, ...(trend ? { trend } : {}) } };
  await writeReportSet('run', out, shown, { redact });
  const historyId = history ? recordInHistory(history, args.history as string, out, (db) => appendRun(db, report, out, redact)) : null;
  if (args.updateBaseline) writeBaseline(args.baseline ?? 'reports/baseline.json', report);

  process.stdout.write(redact(renderConsoleSummary(shown, { color: chalk.level > 0 })));
  process.stdout.write(`\n${commandLine(args.lang, 'reports', reportSetPaths('run', out))}\n`);
  if (historyId !== null) process.stdout.write(`${commandLine(args.lang, 'runHistory', String(args.history), historyId)}\n`);
  if (args.updateBaseline) process.stdout.write(`${commandLine(args.lang, 'baselineUpdated', args.baseline ?? 'reports/baseline.json')}\n`);
  // The conventional closing line CI tools read for a count.
  const { dialogues: counts } = report.summary;
  process.stdout.write(`dialogues: ${counts.passed} passed, ${counts.failed} failed\n`);
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
  // --record, its lock and the lock's owner file: checked where the cassette is loaded (llm/cassette.ts).
  if (args.updateBaseline) checkOutputFile(args.baseline ?? 'reports/baseline.json', '--baseline');
}

function writeBaseline(file: string, report: Report): void {
  writeFileAtomically(file, `${JSON.stringify(toBaseline(report), null, 2)}\n`);
}

export function reportError(error: unknown): number {
  if (error instanceof DatasetError) {
    process.stderr.write(
      `${error.message}\n${chalk.dim(`${error.issues.length} problem(s); no report was written. Fix the dataset and run again (\`nlu-harness validate <files>\` checks it alone).`)}\n`,
    );
  } else if (exitCodeFor(error) !== EXIT_INTERNAL) {
    process.stderr.write(`${(error as Error).message}\n`);
  } else {
    process.stderr.write(`${(error as Error).stack ?? String(error)}\n`);
  }
  return exitCodeFor(error);
}

export type { MetricName };
