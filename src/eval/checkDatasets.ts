import { DatasetError, type DatasetIssue, type Dialogue } from '../datasets/datasetTypes.js';
import { IdHashSet } from '../datasets/idHashSet.js';
import { fileStamp, streamDatasets, type FileStamp } from '../datasets/loadDatasets.js';
import { heapBudget } from '../util/heapBudget.js';

export interface FileCounts {
  readonly file: string;
  readonly dialogues: number;
  readonly turns: number;
  /** The file as the check began to read it (null: it could not be read). */
  readonly stamp: FileStamp | null;
}

/**
 * Reads every file through to the end before anything runs, holding no dialogue longer than
 * its check: a problem anywhere is a DatasetError (every file's issues) before the first
 * dialogue could save a row or a report be written. A suite of at most `keepUpTo` dialogues is
 * also handed back, so a run reads a small suite once; a larger one is read again as a stream.
 */
export function checkDatasets(files: readonly string[], keepUpTo = 0): { counts: FileCounts[]; dialogues: Dialogue[] | null } {
  const counts: FileCounts[] = [];
  let kept: Dialogue[] | null = [];
  for (const dialogue of checkedDialogues(files, counts)) {
    if (kept && kept.length < keepUpTo) kept.push(dialogue);
    else kept = null;
  }
  return { counts, dialogues: kept };
}

/**
 * The dialogues of `files` as one checked stream, each read once: they are yielded while no
 * problem has been found; from the first problem on nothing more is yielded, every file is still
 * read to the end, and the stream ends in a DatasetError with all the issues. A consumer that runs
 * the dialogues as they come (a run whose partial work is thrown away) reads the suite only once.
 * `counts` receives each file's dialogue and turn counts as it is finished.
 */
export function* checkedDialogues(files: readonly string[], counts: FileCounts[] = []): Generator<Dialogue> {
  const issues: DatasetIssue[] = [];
  const seen = new IdHashSet();
  // The check makes garbage as fast as a run does (every dialogue parsed, checked and dropped): the same heap budget applies.
  const withinBudget = heapBudget();
  for (const file of files) {
    let dialogues = 0;
    let turns = 0;
    const stamp = fileStamp(file);
    try {
      for (const dialogue of streamDatasets([file], seen)) {
        dialogues++;
        turns += dialogue.turns.length;
        withinBudget();
        if (issues.length === 0) yield dialogue;
      }
    } catch (error) {
      if (!(error instanceof DatasetError)) throw error;
      issues.push(...error.issues);
    }
    counts.push({ file, dialogues, turns, stamp });
  }
  if (issues.length > 0) throw new DatasetError(issues);
}
