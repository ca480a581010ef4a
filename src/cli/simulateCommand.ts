import { resolve } from 'node:path';
import type { Argv, CommandModule } from 'yargs';
import { asRun, type ChatBackend } from '../llm/backend.js';
import { PerturbingBackend } from '../llm/perturbBackend.js';
import { openHistory, recordInHistory, type HistoryDb } from '../history/historyStore.js';
import { checkDatasetOutput, checkOutputDir } from '../util/outputPaths.js';
import { createProgress } from '../report/console/console.js';
import { reportFiles, reportSetPaths } from '../formats/registry.js';
import { writeReportSet } from '../formats/writeReportSet.js';
import { writeFailedDialogues } from '../users/failedDialogues.js';
import type { ActionBoard } from '../users/oracleBackend.js';
import { userSeed } from '../users/population.js';
import { appendSimulation, simulationTrend } from '../eval/simulationHistory.js';
import { renderSimulationConsole } from '../report/console/simulationConsole.js';
import { commandLine } from '../report/console/commandWords.js';
import { evaluateSimulation } from '../eval/evaluateSimulation.js';
import { SPEECH_FEATURES, type SpeechFeature } from '../users/speech.js';
import { DEFAULT_TODAY } from '../domain/relativeDates.js';
import { checkToday, todayOption } from './todayOption.js';
import {
  adaptiveConcurrencyOption,
  answersProvenance,
  createBackend,
  modelOptions,
  perturbOptions,
  perturbProvenance,
  type BackendArgs,
} from './backendFactory.js';
import { backendEntry, backendNames } from '../backends/registry.js';
import { CallTraffic } from '../sim/adaptiveWidth.js';
import { UsageError } from './exitCodes.js';
import { DEFAULT_HISTORY, reportError } from './runCommand.js';
import { createUserVoices, userModelOptions, type UserModelArgs } from './userModelOptions.js';
import { writeModelDialogues } from '../users/modelDialogues.js';
import { compareUserKinds } from './simulateUserKinds.js';
import type { Cassette } from '../llm/cassette.js';

/** A simulated user has a goal to answer from (the oracle's), but no dataset script. */
const SIMULATE_BACKENDS = backendNames((entry) => entry.answers !== 'script');

export interface SimulateArgs extends BackendArgs, UserModelArgs {
  users: number;
  seed: number;
  repeat: number;
  speech: string;
  today: string | undefined;
  out: string;
  saveDialogues?: string;
  force?: boolean;
  progress?: boolean;
  history: string | false;
  trendRuns: number;
  lang: 'en' | 'zh';
  /** Both kinds of user on the same people: rules, then the user model (issue 46). */
  compare?: boolean;
}

export const simulateCommand: CommandModule<object, SimulateArgs> = {
  command: 'simulate',
  describe: 'Simulated users with goals talk to the app (any backend) until their rows are saved or they give up; scores task success',
  builder: (yargs: Argv) =>
    userModelOptions(todayOption(adaptiveConcurrencyOption(modelOptions(perturbOptions(yargs)))))
      .option('compare', {
        type: 'boolean',
        describe: 'Run the same users twice, as rule-based users and as --user-llm users, and compare (DIR/rules, DIR/model, DIR/compare)',
      })
      .option('users', { alias: 'n', type: 'number', default: 100, describe: 'How many simulated users' })
      .option('seed', { type: 'number', default: 1, describe: 'Same seed, same users, same report (apart from timing)' })
      .option('repeat', { type: 'number', default: 1, describe: 'Runs per user; reports pass^k (a noisy model varies between runs)' })
      .option('speech', { type: 'string', default: 'all', describe: `ASR-like speech: all, none, or a list of ${SPEECH_FEATURES.join(', ')}` })
      .option('out', { alias: 'o', type: 'string', default: 'reports/simulate', describe: `Directory for ${reportFiles('simulation').join(', ')}` })
      .option('save-dialogues', {
        type: 'string',
        describe:
          'Write the failed users as model-facing dataset dialogues (their words up to the first wrong turn, expectations generated from the goal, near-duplicates collapsed) to this new .yaml file',
      })
      .option('force', {
        type: 'boolean',
        describe: 'With --save-dialogues: replace the file if it exists (by default an existing file is refused before the run)',
      })
      .option('progress', { type: 'boolean', describe: 'Progress bar on stderr (default: when stderr is a terminal, so logs stay as they were)' })
      .option('llm', { choices: SIMULATE_BACKENDS, default: 'heuristic', describe: "LLM backend; oracle = a perfect model that reads the user's intent" })

      .option('concurrency', { type: 'number', default: 4, describe: 'Users talking at once (real backends; the report is the same as one at a time)' })
      .option('history', { type: 'string', default: DEFAULT_HISTORY, describe: 'SQLite run history this run is appended to (--no-history: none)' })
      .option('lang', { choices: ['en', 'zh'] as const, default: 'en' as const, describe: 'Language of the report pages and the console (en, zh)' })
      .option('trend-runs', { type: 'number', default: 10, describe: "How many comparable simulate runs from the history the page's trend shows" })
      .example('$0 simulate --users 1000 --seed 3', 'the heuristic reference model with ASR-like speech')
      .example('$0 simulate --llm oracle --perturb drop=0.05 --repeat 3', 'a perfect model made noisy, three runs per user') as unknown as Argv<SimulateArgs>,
  handler: async (args) => {
    process.exitCode = args.compare ? await compareUserKinds(args, simulate) : await simulate(args);
  },
};

export function parseSpeech(spec: string): Set<SpeechFeature> {
  if (spec === 'all') return new Set(SPEECH_FEATURES);
  if (spec === 'none') return new Set();
  const features = spec.split(',').map((part) => part.trim());
  for (const feature of features) {
    if (!(SPEECH_FEATURES as readonly string[]).includes(feature)) {
      throw new UsageError(`--speech: unknown feature '${feature}' (all, none, or a list of ${SPEECH_FEATURES.join(', ')})`);
    }
  }
  return new Set(features as SpeechFeature[]);
}

/** Checked before the users run: the run's one product must not be lost at its end (EISDIR) nor replace a file unasked. */
function checkSaveDialogues(args: SimulateArgs): void {
  if (Array.isArray(args.saveDialogues)) throw new UsageError('--save-dialogues takes one file');
  checkDatasetOutput(args.saveDialogues!, '--save-dialogues', args.force === true, 'add --force');
}

export async function simulate(args: SimulateArgs): Promise<number> {
  const startedAt = new Date();
  const wallStart = performance.now();
  let history: HistoryDb | null = null;
  try {
    // Numeric options were bounded before this ran (numericOptions.ts).
    if (Array.isArray(args.history) || Array.isArray(args.out)) throw new UsageError('--out and --history take one path each');
    checkOutputDir(args.out);
    if (args.saveDialogues !== undefined) checkSaveDialogues(args);
    const speech = parseSpeech(args.speech);
    // The users' today: the days they name count back from it (default fixed, so a seed gives the same users on any day).
    checkToday(args.today);
    const today = args.today ?? DEFAULT_TODAY;
    const perturb = perturbProvenance(args);
    // Opened before running, so a history file that is not ours stops the run before any work.
    history = args.history === false ? null : openHistory(args.history);
    const traffic = new CallTraffic(args.concurrency, args.adaptiveConcurrency);
    const entry = backendEntry(args.llm);
    // A backend that answers from the user's goal reads that user's board: one is made for each user run.
    const setup = entry.answers === 'goal' ? null : await createBackend({ ...args, perturb: undefined, traffic, repeat: args.repeat });
    // A user model records into the run's cassette (one file for both models); with no model backend, into its own.
    let ownCassette: Cassette | null = null;
    if (args.userLlm !== 'rules' && args.record && !setup?.cassette) ownCassette = (await import('../llm/cassette.js')).Cassette.load(args.record);
    const voices = await createUserVoices(args, setup?.cassette ?? ownCassette);
    let nluCalls = 0;
    const goalReader = (board: ActionBoard): Promise<ChatBackend> => entry.create({ option: '--llm', board });
    const perturbed = (backend: ChatBackend, userId: number, repeat: number): ChatBackend =>
      perturb ? new PerturbingBackend(backend, perturb.rates, userSeed(userSeed(perturb.seed, userId), repeat)) : backend;
    const bothModels = voices ? () => ` · NLU calls ${nluCalls}, user-model calls ${voices.budget.used}/${voices.budget.limit}` : undefined;
    const progress =
      (args.progress ?? process.stderr.isTTY === true) ? createProgress(args.users * args.repeat, process.stderr, 'userRuns', args.lang, bothModels) : null;
    const { report, failed, voiced } = await evaluateSimulation({
      startedAt,
      wallStart,
      traffic,
      seed: args.seed,
      users: args.users,
      repeat: args.repeat,
      speech,
      today,
      // Only a model on the wall clock gains from overlap; virtual-clock models answer at once.
      concurrency: setup?.callsTakeWallTime || args.userLlm === 'openai' ? () => traffic.current() : 1,
      // Each run of a user is its own sample of the model (a cassette keeps one answer per run).
      backendFor: async (board, user, repeat) =>
        perturbed(setup ? asRun(setup.backend, repeat - 1, `user-${user.id}`) : await goalReader(board), user.id, repeat),
      llm: async () => {
        const inner: Record<string, unknown> & { backend: string; model: string } = setup
          ? { ...answersProvenance(setup) }
          : await goalReader({ current: null }).then(({ name, model }) => ({ backend: name, model }));
        return perturb ? { ...inner, backend: `perturb(${inner.backend})`, perturb } : inner;
      },
      onRun: (result) => {
        nluCalls += result.llmCalls;
        progress?.tick(result.outcome === 'success');
      },
      afterRun: async () => {
        progress?.done();
        await setup?.close();
        await ownCassette?.save();
      },
      ...(voices ? { voiceFor: voices.voiceFor, userModel: () => voices.describe() } : {}),
    });
    const out = resolve(args.out);
    const trend = history ? simulationTrend(history, report, args.trendRuns) : undefined;
    await writeReportSet('simulation', out, { report, ...(trend ? { trend } : {}), lang: args.lang });
    const historyId = history ? recordInHistory(history, args.history as string, out, (db) => appendSimulation(db, report, out)) : null;
    process.stdout.write(renderSimulationConsole(report, args.lang));
    const voice = report.userModel;
    if (voice) {
      const percent = (rate: number) => `${(rate * 100).toFixed(1)}%`;
      process.stdout.write(
        `user model: ${voice.calls} calls (${voice.perUserRun.calls} a user run, ${voice.promptTokens + voice.completionTokens} tokens), lines passing the guard ${percent(voice.lines.firstDrawRate)} at the first draw, ${percent(voice.lines.withinLimitRate)} within 3; simulator slips ${voice.slips.length} (${percent(voice.slipRate)}), left out of task success\n`,
      );
    }
    process.stdout.write(`${commandLine(args.lang, 'reports', reportSetPaths('simulation', out))}\n`);
    if (historyId !== null) process.stdout.write(`${commandLine(args.lang, 'simulateHistory', String(args.history), historyId)}\n`);
    if (args.saveDialogues && voices) {
      const saved = writeModelDialogues(args.saveDialogues, voiced, args.seed);
      process.stdout.write(`saved ${saved.written} model-written dialogues (of ${saved.succeeded} users who reached their goal) to ${args.saveDialogues}\n`);
    } else if (args.saveDialogues) {
      const saved = writeFailedDialogues(args.saveDialogues, failed, args.seed);
      process.stdout.write(`${commandLine(args.lang, 'savedDialogues', { users: saved.failed, dialogues: saved.written, file: args.saveDialogues })}\n`);
    }
    return 0;
  } catch (error) {
    return reportError(error);
  } finally {
    history?.close();
  }
}
