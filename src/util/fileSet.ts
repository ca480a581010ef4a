/** Writes a set of files into one directory as a set: a kill at any moment leaves the old set or the new one (file by file inside a mount point). */
import { randomBytes } from 'node:crypto';
import { statSync } from 'node:fs';
import { mkdir, readdir, rename, rm } from 'node:fs/promises';
import { basename, dirname, join, resolve } from 'node:path';
import { writePiecesAtomically } from './atomicFile.js';
import { linkTarget } from './linkTarget.js';
import { PROBE_PREFIX } from './outputPaths.js';

/** Codes of a file system that cannot take the set: full, read-only, failing, out of quota or descriptors. */
const STORAGE_CODES = new Set(['ENOSPC', 'EDQUOT', 'EFBIG', 'EROFS', 'EIO', 'EACCES', 'EPERM', 'EMFILE', 'ENFILE']);

/** The set could not be written for want of room or access; whatever set was there is as it was. */
export class FileSetWriteError extends Error {
  override readonly name = 'FileSetWriteError';
}

/** One file of a set: its name in the directory, and its text in pieces (rendered as it is written). */
export type SetFile = readonly [name: string, render: () => Iterable<string>];

/**
 * Streams one file at a time (no rendering is ever held whole) into a new directory beside
 * `outDir`, then swaps the directories: rename the old set aside, rename the new one in, remove
 * the old. A renderer that throws leaves everything as it was. When `outDir` holds files other
 * than the set's (a directory swap would take those away), or cannot be renamed (a mount point:
 * EBUSY, EXDEV), the set is staged inside it and renamed in file by file instead. A symbolic link
 * is followed: its target gets the set and the link stays. Returns the written paths.
 */
export async function writeFileSet(outDir: string, files: readonly SetFile[]): Promise<string[]> {
  try {
    return await writeSet(outDir, files);
  } catch (error) {
    const { code, path } = error as NodeJS.ErrnoException;
    if (code === undefined || !STORAGE_CODES.has(code)) throw error;
    const place = path ? ` (${code} on ${path})` : ` (${code})`;
    const why = code === 'ENOSPC' || code === 'EDQUOT' ? 'the disk is full' : code === 'EROFS' ? 'the file system is read-only' : (error as Error).message;
    throw new FileSetWriteError(`cannot write the reports to ${resolve(outDir)}: ${why}${place}; the reports there before are as they were`);
  }
}

/** A directory that cannot be renamed away: a mount point, or one on another file system than its parent. */
const UNMOVABLE_CODES = new Set(['EBUSY', 'EXDEV']);

async function writeSet(outDir: string, files: readonly SetFile[]): Promise<string[]> {
  const out = linkTarget(outDir);
  const parent = dirname(out);
  const names = files.map(([name]) => name);
  const paths = names.map((name) => join(out, name));
  const madeDir = await mkdir(parent, { recursive: true });
  await cleanStale(parent, basename(out), names);
  if (isMountPoint(out) || (await holdsOtherFiles(out, names))) {
    await writeInside(out, files);
    return paths;
  }
  const staging = join(parent, `${stagePrefix(out, 'new')}${process.pid}-${randomBytes(4).toString('hex')}`);
  await mkdir(staging);
  try {
    writeFiles(staging, files);
  } catch (error) {
    await rm(madeDir ?? staging, { recursive: true, force: true });
    throw error;
  }
  try {
    await swapIn(staging, out);
  } catch (error) {
    // A mount point that shares its parent's device (a bind mount) is found only by the rename.
    if (!UNMOVABLE_CODES.has((error as NodeJS.ErrnoException).code ?? '')) throw error;
    await writeInside(out, files);
  }
  return paths;
}

function writeFiles(dir: string, files: readonly SetFile[]): void {
  for (const [name, render] of files) writePiecesAtomically(join(dir, name), render(), { chunkChars: 1 << 16 });
}

/** Staged in a hidden directory inside `out` (so every rename stays on its file system), then renamed in file by file. */
async function writeInside(out: string, files: readonly SetFile[]): Promise<void> {
  const staging = join(out, `${INNER_PREFIX}${process.pid}-${randomBytes(4).toString('hex')}`);
  await mkdir(staging);
  try {
    writeFiles(staging, files);
    for (const [name] of files) await rename(join(staging, name), join(out, name));
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
}

/** The set staged inside the output directory itself. */
const INNER_PREFIX = '.nlu-set.new-';

function isMountPoint(dir: string): boolean {
  try {
    return statSync(dir).dev !== statSync(dirname(dir)).dev;
  } catch {
    return false;
  }
}

/**
 * Another run writing the same directory may put its set in place between our two renames: then
 * ours goes in after it, as the later writer (each set is whole; the last one stays). A few rounds
 * of that, and the staging directory is removed and the error is the caller's.
 */
const SWAP_ATTEMPTS = 8;

async function swapIn(staging: string, out: string): Promise<void> {
  const olds: string[] = [];
  try {
    for (let attempt = 1; ; attempt++) {
      const old = join(dirname(out), `${stagePrefix(out, 'old')}${process.pid}-${randomBytes(4).toString('hex')}`);
      try {
        await rename(out, old);
        olds.push(old);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
      }
      try {
        await rename(staging, out);
        return;
      } catch (error) {
        const code = (error as NodeJS.ErrnoException).code;
        if ((code !== 'ENOTEMPTY' && code !== 'EEXIST') || attempt === SWAP_ATTEMPTS) throw error;
      }
    }
  } catch (error) {
    await rm(staging, { recursive: true, force: true });
    throw error;
  } finally {
    for (const old of olds) await rm(old, { recursive: true, force: true });
  }
}

function stagePrefix(out: string, kind: 'new' | 'old'): string {
  return `.${basename(out)}.${kind}-`;
}

/**
 * Removes what a killed writer left: unfinished new sets, old sets already replaced, and the
 * per-file temporaries (`.NAME.….tmp`) of earlier versions that wrote file by file. An old set
 * with no set in place (killed between the two renames) is put back.
 */
async function cleanStale(parent: string, base: string, names: readonly string[]): Promise<void> {
  const out = join(parent, base);
  const entries = await readdir(parent);
  for (const kind of ['new', 'old'] as const) {
    const prefix = `.${base}.${kind}-`;
    for (const name of entries.filter((entry) => entry.startsWith(prefix))) {
      const pid = Number(name.slice(prefix.length).split('-')[0]);
      if (pid !== process.pid && isAlive(pid)) continue;
      const path = join(parent, name);
      if (kind === 'old' && !exists(out)) await rename(path, out);
      else await rm(path, { recursive: true, force: true });
    }
  }
  const isOldTemporary = (entry: string) => entry.endsWith('.tmp') && names.some((name) => entry.startsWith(`.${name}.`));
  const isDeadInnerSet = (entry: string) => entry.startsWith(INNER_PREFIX) && !isAlive(Number(entry.slice(INNER_PREFIX.length).split('-')[0]));
  for (const entry of await entriesOf(out)) if (isOldTemporary(entry) || isDeadInnerSet(entry)) await rm(join(out, entry), { recursive: true, force: true });
}

/** Files not of the set, and not the passing files of another run (a pre-run probe, a set being staged inside). */
async function holdsOtherFiles(out: string, names: readonly string[]): Promise<boolean> {
  const passing = (name: string) => name.startsWith(PROBE_PREFIX) || name.startsWith(INNER_PREFIX);
  return (await entriesOf(out)).some((name) => !names.includes(name) && !passing(name));
}

/** The names in `dir`; none when it is not there, or another writer has just renamed it aside. */
async function entriesOf(dir: string): Promise<string[]> {
  try {
    return await readdir(dir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
}

function exists(path: string): boolean {
  try {
    statSync(path);
    return true;
  } catch {
    return false;
  }
}

/** The process exists (a process of another user, EPERM, counts as alive). */
export function isAlive(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
