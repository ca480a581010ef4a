/** Reading a simulate report.json back (`compare` on two of them): what kind of file it is, and its shape checked. */
import { BaselineError, firstError, readJsonFile } from './baseline.js';
import { readInputHead } from '../../util/inputFile.js';
import { SIMULATION_SCHEMA_VERSION, type SimulationReport } from '../model/simulationReport.js';
import type { RunResult, SliceScore } from '../../users/scores.js';
import * as compiled from './reportValidators.generated.js';

/**
 * True when the file's head says it is a simulate report ("kind" comes second in report.json).
 * Only the head is read: a run's report.json can be large, and its own reader parses it anyway.
 */
export function isSimulationFile(file: string): boolean {
  let head: string;
  try {
    head = readInputHead(file, HEAD_BYTES).toString('utf8');
  } catch {
    return false; // The reader that follows names the file and the reason.
  }
  return /^\s*\{\s*"schemaVersion"\s*:\s*\d+\s*,\s*"kind"\s*:\s*"simulation"/.test(head);
}

const HEAD_BYTES = 256;

type Validate = { (data: unknown): boolean; errors?: { instancePath: string; message?: string }[] | null };

/**
 * A simulate report.json, checked deeply: its shape (every field `compare` reads, typed and in
 * range: at least one user and one run, shares from 0 to 1), and its scores those of its own runs
 * (a hand-edited 150 % task success, or 0 users, never reaches the gate). Any other file is a
 * BaselineError (exit 2) naming the file and the field.
 */
export function readSimulationReport(file: string): SimulationReport {
  const value = readJsonFile(file, 'report') as Partial<SimulationReport> | null;
  const where = `${file}: not a simulate report.json`;
  if (!value || typeof value !== 'object' || value.kind !== 'simulation')
    throw new BaselineError(`${where} (kind is not "simulation"; a run report compares with a run report)`);
  if (value.schemaVersion !== SIMULATION_SCHEMA_VERSION)
    throw new BaselineError(`${where} of schema v${SIMULATION_SCHEMA_VERSION} (schemaVersion ${String(value.schemaVersion)})`);
  const validate = compiled.validSimulation as Validate;
  if (!validate(value)) throw new BaselineError(`${where} (${firstError(validate)})`);
  const report = value as SimulationReport;
  const contradiction = scoresContradiction(report);
  if (contradiction) throw new BaselineError(`${where} whose scores are its runs' (${contradiction}); remake it with simulate`);
  return report;
}

/** Where the scores say other than the runs they are computed from (users/scores.ts), or null. */
function scoresContradiction(report: SimulationReport): string | null {
  const { overall, byGoalSize } = report.scores;
  const users = new Set(report.runs.map((run) => run.userId)).size;
  if (overall.users !== users) return `/scores/overall/users is ${overall.users}, the runs are of ${users} users`;
  const slices: Array<[string, SliceScore, readonly RunResult[]]> = [
    ['/scores/overall', overall, report.runs],
    ...byGoalSize.map((slice, i): [string, SliceScore, readonly RunResult[]] => [
      `/scores/byGoalSize/${i}`,
      slice,
      report.runs.filter((run) => run.goalSize === slice.goalSize),
    ]),
  ];
  for (const [path, slice, runs] of slices) {
    const succeeded = runs.filter((run) => run.outcome === 'success');
    const firstTry = succeeded.filter((run) => run.turns === run.minTurns).length;
    if (slice.runs !== runs.length) return `${path}/runs is ${slice.runs}, the runs list ${runs.length}`;
    if (slice.succeeded !== succeeded.length) return `${path}/succeeded is ${slice.succeeded}, ${succeeded.length} of the runs succeeded`;
    if (!sameShare(slice.successRate, succeeded.length, runs.length))
      return `${path}/successRate is ${slice.successRate}, not ${succeeded.length}/${runs.length}`;
    if (!sameShare(slice.firstTryRate, firstTry, runs.length)) return `${path}/firstTryRate is ${slice.firstTryRate}, not ${firstTry}/${runs.length}`;
  }
  return null;
}

/** The share as the report rounds it (4 decimals). */
function sameShare(share: number, count: number, of: number): boolean {
  return Math.abs(share - (of === 0 ? 0 : count / of)) <= 0.00005 + 1e-12;
}
