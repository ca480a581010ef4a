import { BackendOptionError } from '../backends/backendEntry.js';
import { BuildError } from '../bench/layer1Build.js';
import { DatasetError } from '../datasets/datasetTypes.js';
import { EmptySelectionError } from '../eval/selectDialogues.js';
import { PairingError } from '../eval/dialoguePairing.js';
import { CassetteError } from '../llm/cassette.js';
import { LockError } from '../llm/fileLock.js';
import { RuntimeMissingError } from '../llm/localGgufModel.js';
import { BaselineError } from '../report/json/baseline.js';
import { HistoryError } from '../history/historyStore.js';
import { FileSetWriteError } from '../util/fileSet.js';
import { OutputPathError } from '../util/outputPaths.js';

export const EXIT_OK = 0;
/** A failed expectation or a gate regression. */
export const EXIT_FAILED = 1;
/** Bad input or usage: nothing was run or written. */
export const EXIT_BAD_INPUT = 2;

/** A bug in the harness itself (a stack trace was printed). */
export const EXIT_INTERNAL = 3;

/** A file could not be written (reports on a full disk or a read-only or failing file system, a cassette whose lock stayed held): named, no stack; the old reports are intact. */
export const EXIT_IO = 4;

export class UsageError extends Error {
  override readonly name = 'UsageError';
}

export function exitCodeFor(error: unknown): number {
  const badInput = [
    DatasetError,
    BaselineError,
    UsageError,
    EmptySelectionError,
    PairingError,
    OutputPathError,
    CassetteError,
    HistoryError,
    BuildError,
    RuntimeMissingError,
    BackendOptionError,
  ];
  if (badInput.some((kind) => error instanceof kind)) return EXIT_BAD_INPUT;
  if (error instanceof FileSetWriteError || error instanceof LockError) return EXIT_IO;
  return EXIT_INTERNAL;
}
