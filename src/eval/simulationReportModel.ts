/** A simulate run's users and runs as the report model (as reportModel.ts builds a run's): the scores, the run's settings, the failed runs as the report keeps them. */
import { llmTraffic, type CallTraffic } from '../sim/adaptiveWidth.js';
import { SIMULATION_SCHEMA_VERSION, type SimulationReport } from '../report/model/simulationReport.js';
import type { FailedRun, SimulationOptions, SimulationResult } from '../users/runSimulation.js';
import { scoreSimulation } from '../users/scores.js';
import { SPEECH_FEATURES } from '../users/speech.js';
import { userModelSection } from '../users/userModelReport.js';

/** What a simulate run's report records of how it ran. */
export interface ReportedSettings extends Pick<SimulationOptions, 'seed' | 'users' | 'repeat' | 'speech' | 'today'> {
  readonly startedAt: Date;
  readonly wallStart: number;
  readonly traffic: CallTraffic;
  /** run.llm once the run is over: the backend, model and where the answers came from. */
  llm(): Promise<SimulationReport['run']['llm']>;
  /** With a user model (--user-llm): what report.json names of it (backend, model, sampling, prompt, budget). */
  userModel?(): Readonly<Record<string, unknown>>;
}

export async function simulationReportModel(settings: ReportedSettings, result: SimulationResult): Promise<SimulationReport> {
  return {
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
}

/** The failed runs of a simulation as its report keeps them: the user's goal and the conversation, each model call as endpoint:outcome. */
function failureEntries(failed: readonly FailedRun[]): SimulationReport['failures'] {
  return failed.map(({ user, repeat, run }) => ({
    userId: user.id,
    repeat,
    outcome: run.outcome,
    goal: user.goal.items.map(({ amount, type, category, description, date }) => ({ amount, type, category, description, date })),
    transcript: run.transcript.map((turn) => ({ user: turn.user, spoken: turn.spoken, llm: turn.llm.map((call) => `${call.endpoint}:${call.outcome}`) })),
  }));
}
