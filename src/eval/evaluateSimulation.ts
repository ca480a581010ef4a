/**
 * One `simulate` run, from simulated users to the report model: the users talk to the app, their
 * runs are scored (task success, pass^k, slices) and the report records what produced them.
 */
import { runSimulation, type FailedRun, type SimulationOptions } from '../users/runSimulation.js';
import type { SimulationReport } from '../report/model/simulationReport.js';
import { simulationReportModel, type ReportedSettings } from './simulationReportModel.js';

export interface SimulationSettings extends ReportedSettings, Pick<SimulationOptions, 'concurrency' | 'backendFor' | 'onRun' | 'voiceFor'> {
  /** Once the users are done, before the report is built, whether or not they failed (the model closed). */
  afterRun(): Promise<void>;
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
  const report = await simulationReportModel(settings, result);
  return { report, failed: result.failed, voiced: result.voiced };
}
