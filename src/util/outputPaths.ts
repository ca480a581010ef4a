/** Output paths checked before a command runs: a path that cannot be written is exit 2 with nothing done. */
import { randomBytes } from 'node:crypto';
import { closeSync, constants, openSync, rmSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { linkTarget } from './linkTarget.js';
import { kindOf as statsKind } from './inputFile.js';

/** --out (or another output path) cannot be written: found before the run, exit 2. */
export class OutputPathError extends Error {
  override readonly name = 'OutputPathError';
}

/**
 * Checks, before a run, that `outDir` can take the reports: it is a directory or can be made
 * one, and a file can really be made in its parent (where the new set is staged) and in it (where
 * a mount point's set is staged). A symbolic link is checked where it leads, as the writer writes.
 */
export function checkOutputDir(outDir: string, flag = '--out'): void {
  const out = targetOf(outDir, flag);
  const kind = kindOf(out);
  if (kind === 'other') throw new OutputPathError(`${flag} ${outDir}: exists and is not a directory`);
  if (kind === 'underFile') throw new OutputPathError(`${flag} ${outDir}: lies under a file, not a directory`);
  checkWritableAncestor(dirname(out), `${flag} ${outDir}`);
  if (kind === 'dir') checkWritable(out, `${flag} ${outDir}`);
}

/** Checks that a file can be created at `file` (a file can be made in its nearest existing ancestor, where it is written beside it). */
export function checkOutputFile(file: string, flag: string): void {
  const path = targetOf(file, flag);
  const kind = kindOf(path);
  if (kind === 'dir') throw new OutputPathError(`${flag} ${file}: is a directory, expected a file`);
  const irregular = kind === 'other' ? irregularKind(path) : null;
  if (irregular) throw new OutputPathError(`${flag} ${file}: is ${irregular}, not a regular file; an output never replaces one (name a file)`);
  if (kind === 'underFile') throw new OutputPathError(`${flag} ${file}: lies under a file, not a directory`);
  checkWritableAncestor(dirname(path), `${flag} ${file}`);
}

/** What is at `path` when it is something other than a regular file, or null (nothing there, or a regular file). */
export function irregularKind(path: string): string | null {
  let stats;
  try {
    stats = statSync(path);
  } catch {
    return null; // Absent (or unreadable): the write itself says why it fails.
  }
  return stats.isFile() ? null : statsKind(stats);
}

function checkWritableAncestor(dir: string, label: string): void {
  let at = dir;
  for (;;) {
    const kind = kindOf(at);
    if (kind === 'dir') return checkWritable(at, label);
    if (kind !== 'none') throw new OutputPathError(`${label}: ${at} is a file, not a directory`);
    const up = dirname(at);
    if (up === at) throw new OutputPathError(`${label}: no existing directory above it`);
    at = up;
  }
}

/** The name of a probe file of this check (a writer of the folder meanwhile ignores it). */
export const PROBE_PREFIX = '.nlu-harness-probe-';

/**
 * A file is made there and removed: permission bits say nothing of a read-only mount or of /proc
 * and /sys, where nothing can be created, and root passes every bit.
 */
function checkWritable(dir: string, label: string): void {
  const probe = join(dir, `${PROBE_PREFIX}${process.pid}-${randomBytes(4).toString('hex')}`);
  try {
    closeSync(openSync(probe, constants.O_CREAT | constants.O_EXCL | constants.O_WRONLY));
  } catch (error) {
    throw new OutputPathError(`${label}: cannot write in ${dir} (${(error as NodeJS.ErrnoException).code ?? 'denied'})`);
  }
  rmSync(probe, { force: true });
}

function targetOf(path: string, flag: string): string {
  try {
    return linkTarget(path);
  } catch (error) {
    throw new OutputPathError(`${flag} ${path}: cannot follow (${(error as NodeJS.ErrnoException).code ?? String(error)})`);
  }
}

function kindOf(path: string): 'dir' | 'other' | 'underFile' | 'none' {
  try {
    return statSync(path).isDirectory() ? 'dir' : 'other';
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') return 'none';
    if (code === 'ENOTDIR') return 'underFile';
    throw new OutputPathError(`${path}: cannot inspect (${code ?? String(error)})`);
  }
}

/** What `validate` and `run` read as dialogues. */
const DATASET_EXTENSIONS = ['.yaml', '.yml'];

/**
 * A dialogue file a command will write (`simulate --save-dialogues`, `try`'s :save): named as a
 * dataset, writable, and not an existing file unless the command was told to replace it
 * (`replaceWith` says how).
 */
export function checkDatasetOutput(file: string, label: string, replace: boolean, replaceWith: string): void {
  checkOutputFile(file, label);
  if (!DATASET_EXTENSIONS.some((extension) => file.toLowerCase().endsWith(extension))) {
    throw new OutputPathError(`${label} ${file}: a dataset file ends in .yaml or .yml (validate and run read no other name as dialogues)`);
  }
  if (!replace && kindOf(targetOf(file, label)) !== 'none') {
    throw new OutputPathError(`${label} ${file}: exists and was left as it was; name a new file, or ${replaceWith} to replace it`);
  }
}
