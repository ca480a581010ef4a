import { DatasetError } from '../datasets/datasetTypes.js';
import { BaselineError } from '../report/baseline.js';
import { HistoryError } from '../report/historyStore.js';

export const EXIT_OK = 0;
/** A failed expectation or a gate regression. */
export const EXIT_FAILED = 1;
/** Bad input or usage: nothing was run or written. */
export const EXIT_BAD_INPUT = 2;

/** A bug in the harness itself (a stack trace was printed). */
export const EXIT_INTERNAL = 3;

export class UsageError extends Error {
  override readonly name = 'UsageError';
}

export function exitCodeFor(error: unknown): number {
  if (error instanceof DatasetError || error instanceof BaselineError || error instanceof UsageError || error instanceof HistoryError) return EXIT_BAD_INPUT;
  return EXIT_INTERNAL;
}
