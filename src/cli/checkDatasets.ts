import { DatasetError, type DatasetIssue, type Dialogue } from '../datasets/datasetTypes.js';
import { streamDatasets, type SeenIds } from '../datasets/loadDatasets.js';
import { scriptedAnswerIssues } from './scriptedAnswerIssues.js';

export interface FileCounts {
  readonly file: string;
  readonly dialogues: number;
  readonly turns: number;
}

/**
 * Reads every file through to the end before anything runs, holding no dialogue longer than
 * its check: a problem anywhere is a DatasetError (every file's issues) before the first
 * dialogue could save a row or a report be written. A suite of at most `keepUpTo` dialogues is
 * also handed back, so a run reads a small suite once; a larger one is read again as a stream.
 */
export function checkDatasets(files: readonly string[], keepUpTo = 0): { counts: FileCounts[]; dialogues: Dialogue[] | null } {
  const issues: DatasetIssue[] = [];
  const counts: FileCounts[] = [];
  const seen: SeenIds = new Map();
  let kept: Dialogue[] | null = [];
  for (const file of files) {
    let dialogues = 0;
    let turns = 0;
    try {
      for (const dialogue of streamDatasets([file], seen)) {
        dialogues++;
        turns += dialogue.turns.length;
        if (kept && kept.length < keepUpTo) kept.push(dialogue);
        else kept = null;
        issues.push(...scriptedAnswerIssues(dialogue));
      }
    } catch (error) {
      if (!(error instanceof DatasetError)) throw error;
      issues.push(...error.issues);
    }
    counts.push({ file, dialogues, turns });
  }
  if (issues.length > 0) throw new DatasetError(issues);
  return { counts, dialogues: kept };
}
