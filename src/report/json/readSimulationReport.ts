/** Reading a simulate report.json back (`compare` on two of them): what kind of file it is, and its shape checked. */
import { BaselineError, readJsonFile } from './baseline.js';
import { readInputHead } from '../../util/inputFile.js';
import { SIMULATION_SCHEMA_VERSION, type SimulationReport } from '../model/simulationReport.js';

/**
 * True when the file's head says it is a simulate report ("kind" comes second in report.json).
 * Only the head is read: a run's report.json can be large, and its own reader parses it anyway.
 */
export function isSimulationFile(file: string): boolean {
  let head = '';
  try {
    head = readInputHead(file, HEAD_BYTES).toString('utf8');
  } catch {
    return false; // The reader that follows names the file and the reason.
  }
  return /^\s*\{\s*"schemaVersion"\s*:\s*\d+\s*,\s*"kind"\s*:\s*"simulation"/.test(head);
}

const HEAD_BYTES = 256;

export function readSimulationReport(file: string): SimulationReport {
  const value = readJsonFile(file, 'report') as Partial<SimulationReport> | null;
  const where = `${file}: not a simulate report.json`;
  if (!value || typeof value !== 'object' || value.kind !== 'simulation') throw new BaselineError(`${where} (kind is not "simulation"; a run report compares with a run report)`);
  if (value.schemaVersion !== SIMULATION_SCHEMA_VERSION) throw new BaselineError(`${where} of schema v${SIMULATION_SCHEMA_VERSION} (schemaVersion ${String(value.schemaVersion)})`);
  const scores = value.scores;
  if (!value.run || typeof value.run.seed !== 'number' || !scores?.overall || !Array.isArray(scores.byGoalSize) || !Array.isArray(scores.byFeature) || !Array.isArray(value.runs)) {
    throw new BaselineError(`${where} (run, scores.overall, scores.byGoalSize, scores.byFeature or runs missing)`);
  }
  return value as SimulationReport;
}
