/** Output paths checked before a command runs: a path that cannot be written is exit 2 with nothing done. */
import { accessSync, constants, statSync } from 'node:fs';
import { dirname, resolve } from 'node:path';

/** --out (or another output path) cannot be written: found before the run, exit 2. */
export class OutputPathError extends Error {
  override readonly name = 'OutputPathError';
}

/**
 * Checks, before a run, that `outDir` can take the reports: it is a directory or can be made
 * one, and its parent (where the new set is staged) is writable.
 */
export function checkOutputDir(outDir: string, flag = '--out'): void {
  const out = resolve(outDir);
  const kind = kindOf(out);
  if (kind === 'other') throw new OutputPathError(`${flag} ${outDir}: exists and is not a directory`);
  if (kind === 'underFile') throw new OutputPathError(`${flag} ${outDir}: lies under a file, not a directory`);
  checkWritableAncestor(dirname(out), `${flag} ${outDir}`);
  if (kind === 'dir') checkWritable(out, `${flag} ${outDir}`);
}

/** Checks that a file can be created at `file` (its nearest existing ancestor is a writable directory). */
export function checkOutputFile(file: string, flag: string): void {
  const path = resolve(file);
  const kind = kindOf(path);
  if (kind === 'dir') throw new OutputPathError(`${flag} ${file}: is a directory, expected a file`);
  if (kind === 'underFile') throw new OutputPathError(`${flag} ${file}: lies under a file, not a directory`);
  checkWritableAncestor(dirname(path), `${flag} ${file}`);
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

function checkWritable(dir: string, label: string): void {
  try {
    accessSync(dir, constants.W_OK | constants.X_OK);
  } catch (error) {
    throw new OutputPathError(`${label}: cannot write in ${dir} (${(error as NodeJS.ErrnoException).code ?? 'denied'})`);
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
