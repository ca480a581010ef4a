/**
 * One `simulate` run, from simulated users to the report model: the users talk to the app, their
 * runs are scored (task success, pass^k, slices) and the report records what produced them.
 */
import { llmTraffic, type CallTraffic } from '../sim/adaptiveWidth.js';
import { runSimulation, type FailedRun, type SimulationOptions } from '../users/runSimulation.js';
import { scoreSimulation } from '../users/scores.js';
import { SIMULATION_SCHEMA_VERSION, type SimulationReport } from '../report/model/simulationReport.js';
import { failureEntries } from '../users/simulationFailures.js';
import { SPEECH_FEATURES } from '../users/speech.js';
import { userModelSection } from '../users/userModelReport.js';

export interface SimulationSettings extends Pick<SimulationOptions, 'seed' | 'users' | 'repeat' | 'speech' | 'today' | 'concurrency' | 'backendFor' | 'onRun' | 'voiceFor'> {
  readonly startedAt: Date;
  readonly wallStart: number;
  readonly traffic: CallTraffic;
  /** run.llm once the run is over: the backend, model and where the answers came from. */
  llm(): Promise<SimulationReport['run']['llm']>;
  /** Once the users are done, before the report is built, whether or not they failed (the model closed). */
  afterRun(): Promise<void>;
  /** With a user model (--user-llm): what report.json names of it (backend, model, sampling, prompt, budget). */
  userModel?(): Readonly<Record<string, unknown>>;
}

export interface EvaluatedSimulation {
  readonly report: SimulationReport;
  /** The users who failed, for `--save-dialogues`. */
  readonly failed: readonly FailedRun[];
  /** Every run of a model user (--save-dialogues freezes the successful ones). */
  readonly voiced: readonly FailedRun[];
}

export async function evaluateSimulation(settings: SimulationSettings): Promise<EvaluatedSimulation> {
  let result;
  try {
    result = await runSimulation({
      seed: settings.seed,
      users: settings.users,
      repeat: settings.repeat,
      speech: settings.speech,
      today: settings.today,
      ...(settings.concurrency !== undefined ? { concurrency: settings.concurrency } : {}),
      backendFor: settings.backendFor,
      ...(settings.onRun ? { onRun: settings.onRun } : {}),
      ...(settings.voiceFor ? { voiceFor: settings.voiceFor } : {}),
    });
  } finally {
    await settings.afterRun();
  }
  const report: SimulationReport = {
    schemaVersion: SIMULATION_SCHEMA_VERSION,
    kind: 'simulation',
    run: {
      startedAt: settings.startedAt.toISOString(),
      finishedAt: new Date().toISOString(),
      timing: { wallMs: Math.round(performance.now() - settings.wallStart), ...llmTraffic(settings.traffic) },
      llm: await settings.llm(),
      seed: settings.seed,
      users: settings.users,
      repeat: settings.repeat,
      speech: SPEECH_FEATURES.filter((feature) => settings.speech.has(feature)),
      today: settings.today,
    },
    scores: scoreSimulation(result.runs, settings.repeat),
    runs: result.runs,
    failures: failureEntries(result.failed),
    ...(settings.userModel ? { userModel: userModelSection(settings.userModel(), result.runs, result.voiced) } : {}),
  };
  return { report, failed: result.failed, voiced: result.voiced };
}
