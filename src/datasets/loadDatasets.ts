import { statSync } from 'node:fs';
import path from 'node:path';
import { DatasetError, WHOLE_FILE, type DatasetIssue, type Dialogue } from './datasetTypes.js';
import { displayPath } from './datasetFile.js';
import { filesUnder, globFiles, hasGlobMagic, kindOfPath } from './globFiles.js';
import { IdHashSet } from './idHashSet.js';
import { idPositions } from './idPositions.js';
import { loadCsvCases } from './loadCsvCases.js';
import { loadYamlDataset, streamYamlDataset } from './loadYamlDataset.js';
import { withParsedCache } from './parsedDatasetCache.js';

const loadYaml = (file: string): Dialogue[] => [...withParsedCache(file, displayPath(file), () => loadYamlDataset(file))];

const LOADERS: Record<string, (file: string) => Dialogue[]> = {
  '.yaml': loadYaml,
  '.yml': loadYaml,
  '.csv': loadCsvCases,
};

export interface LoadedDatasets {
  readonly dialogues: Dialogue[];
  /** Display paths, in load order: each pattern's matches sorted, patterns in the order given. */
  readonly files: string[];
}

/**
 * Loads every file that `patterns` name (files, directories, globs), reporting all problems of
 * all files at once. A file named twice is loaded once.
 */
export function loadDatasets(patterns: readonly string[]): LoadedDatasets {
  const { files, issues } = expandPatterns(patterns);
  const dialogues: Dialogue[] = [];
  for (const file of files) {
    const load = LOADERS[path.extname(file).toLowerCase()];
    if (load === undefined) {
      issues.push(unsupported(file));
      continue;
    }
    try {
      dialogues.push(...load(file));
    } catch (error) {
      if (!(error instanceof DatasetError)) throw error;
      issues.push(...error.issues);
    }
  }

  issues.push(...duplicateIdIssues(dialogues));
  if (issues.length > 0) throw new DatasetError(issues);
  return { dialogues, files };
}

/** The files `patterns` name, or a DatasetError for a pattern that matches nothing or a file of another type. */
export function resolveDatasetFiles(patterns: readonly string[]): string[] {
  const { files, issues } = datasetFiles(patterns);
  if (issues.length > 0) throw new DatasetError(issues);
  return files;
}

/** The dataset files `patterns` name, and the issues of those that name nothing or a file of another type. */
export function datasetFiles(patterns: readonly string[]): { files: string[]; issues: DatasetIssue[] } {
  const { files, issues } = expandPatterns(patterns);
  issues.push(...files.filter((file) => !isDatasetFile(file)).map(unsupported));
  return { files: files.filter(isDatasetFile), issues };
}

/**
 * The dialogues of `files` one at a time, for runs too large to hold in memory. A problem
 * stops the stream with a DatasetError with all of that file's issues; so does an id seen
 * before (in these files, or in the earlier ones `seen` was given), once the rest of its file has
 * been read for the file's other problems.
 */
export function* streamDatasets(files: readonly string[], seen: IdHashSet = new IdHashSet()): Generator<Dialogue> {
  for (const file of files) {
    seen.noteFile(file);
    const duplicates: DatasetIssue[] = [];
    try {
      for (const dialogue of fileDialogues(file)) {
        const ordinal = seen.dialogues++;
        const there = seen.add(dialogue.id) ? null : earlierDefinition(seen.files, dialogue.id, ordinal);
        if (there) {
          const message = `duplicate id "${dialogue.id}" (also defined at ${there.file}:${there.line}:${there.col})`;
          duplicates.push({ file: dialogue.file, ...positionOf(dialogue), message });
        }
        if (duplicates.length === 0) yield dialogue;
      }
    } catch (error) {
      if (!(error instanceof DatasetError) || duplicates.length === 0) throw error;
      // The file's own check names a repeat inside the file too: each place once.
      const named = new Set(error.issues.map((i) => `${i.line}:${i.col}`));
      const extra = duplicates.filter((d) => !named.has(`${d.line}:${d.col}`));
      throw new DatasetError([...extra, ...error.issues].sort((a, b) => a.line - b.line || a.col - b.col));
    }
    if (duplicates.length > 0) throw new DatasetError(duplicates);
  }
}

function fileDialogues(file: string, checked = false): Iterable<Dialogue> {
  if (path.extname(file).toLowerCase() === '.csv') return loadCsvCases(file);
  return withParsedCache(file, displayPath(file), () => streamYamlDataset(file, checked));
}

/** A file's size and modification time when a check began to read it: a later read trusts that check only while both are unchanged. */
export interface FileStamp {
  readonly file: string;
  readonly size: number;
  readonly mtimeMs: number;
}

export function fileStamp(file: string): FileStamp | null {
  try {
    const { size, mtimeMs } = statSync(file);
    return { file, size, mtimeMs };
  } catch {
    return null;
  }
}

/**
 * The dialogues of files a whole read already checked (eval/checkDatasets.ts), read again without
 * repeating the checks it made (schema, meaning, text, depth, duplicate ids): a run's second read
 * of a suite too large to hold. A file changed since that read is a DatasetError before any of its
 * dialogues is yielded.
 */
export function* streamCheckedDatasets(stamps: readonly FileStamp[]): Generator<Dialogue> {
  for (const stamp of stamps) {
    const now = fileStamp(stamp.file);
    if (now?.size !== stamp.size || now.mtimeMs !== stamp.mtimeMs) {
      throw new DatasetError([{ file: stamp.file, ...WHOLE_FILE, message: 'changed since it was checked, while the run was reading it: run again' }]);
    }
    yield* fileDialogues(stamp.file, true);
  }
}

/**
 * The exact re-check behind a repeated hash: the first `before` dialogues are read again for one
 * with this id. A file that stopped with problems stops at the same place again.
 */
function earlierDefinition(files: readonly string[], id: string, before: number): { file: string; line: number; col: number } | null {
  let left = before;
  for (const file of files) {
    try {
      for (const earlier of fileDialogues(file)) {
        if (left-- <= 0) return null;
        if (earlier.id === id) return { file: earlier.file, ...positionOf(earlier) };
      }
    } catch (error) {
      if (!(error instanceof DatasetError)) throw error;
    }
  }
  return null;
}

function expandPatterns(patterns: readonly string[]): { files: string[]; issues: DatasetIssue[] } {
  const issues: DatasetIssue[] = [];
  const files: string[] = [];
  const seen = new Set<string>();
  for (const pattern of patterns) {
    const matched = expandPattern(pattern);
    if (matched.length === 0) issues.push({ file: pattern, ...WHOLE_FILE, message: nothingFound(pattern) });
    for (const file of matched) {
      const shown = displayPath(file);
      if (!seen.has(shown)) {
        seen.add(shown);
        files.push(shown);
      }
    }
  }
  return { files, issues };
}

function nothingFound(pattern: string): string {
  if (kindOfPath(pattern) === 'dir') return 'a directory with no dataset file in it (.yaml, .yml or .csv)';
  return hasGlobMagic(pattern) ? 'no dataset file matches this pattern' : 'no such file or directory';
}

function unsupported(file: string): DatasetIssue {
  return { file, ...WHOLE_FILE, message: 'unsupported file type (expected .yaml, .yml or .csv)' };
}

/** A path that exists is itself, even when it has glob characters (`a[1].yaml`); otherwise a pattern is a pattern. */
function expandPattern(pattern: string): string[] {
  const kind = kindOfPath(pattern);
  if (kind === 'file') return [pattern];
  if (kind === 'dir') return filesUnder(pattern).filter(isDatasetFile);
  return hasGlobMagic(pattern) ? globFiles(pattern).filter(isDatasetFile) : [];
}

function isDatasetFile(file: string): boolean {
  return path.extname(file).toLowerCase() in LOADERS;
}

/** Within a file the loaders report duplicates themselves; this catches the same id in two files. */
function duplicateIdIssues(dialogues: readonly Dialogue[]): DatasetIssue[] {
  const first = new Map<string, Dialogue>();
  const issues: DatasetIssue[] = [];
  for (const dialogue of dialogues) {
    const earlier = first.get(dialogue.id);
    if (earlier === undefined) {
      first.set(dialogue.id, dialogue);
      continue;
    }
    const here = positionOf(dialogue);
    const there = positionOf(earlier);
    issues.push({
      file: dialogue.file,
      ...here,
      message: `duplicate id "${dialogue.id}" (also defined at ${earlier.file}:${there.line}:${there.col})`,
    });
  }
  return issues;
}

function positionOf(dialogue: Dialogue): { line: number; col: number } {
  return idPositions.get(dialogue) ?? { line: dialogue.line, col: 1 };
}
