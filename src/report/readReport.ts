import { BaselineError, firstError, readJsonFile } from './baseline.js';
import type { ReadReport } from './reportTypes.js';
import * as compiled from './reportValidators.generated.js';

type Validate = { (data: unknown): boolean; errors?: { instancePath: string; message?: string }[] | null };

/** A shard's report.json as `merge` needs it: any other shape is a BaselineError (exit 2) naming the file and the field. */
export function readShardReport(file: string): ReadReport {
  return readChecked(file, compiled.validShard as Validate, 'a report.json of `run --shard i/n`');
}

/** A full report.json (a slim baseline has no transcripts or slices to compare). */
export function readComparableReport(file: string): ReadReport {
  return readChecked(file, compiled.validComparable as Validate, 'a report.json (a comparison report needs two full reports, not baselines)');
}

function readChecked(file: string, validate: Validate, what: string): ReadReport {
  const value = readJsonFile(file, 'report');
  if (!validate(value)) throw new BaselineError(`${file}: not ${what}: ${firstError(validate)}`);
  return value as ReadReport;
}
