/** Writes every report format as one set: a kill at any moment leaves the old set or the new one. */
import { randomBytes } from 'node:crypto';
import { accessSync, constants, statSync } from 'node:fs';
import { mkdir, readdir, rename, rm } from 'node:fs/promises';
import { basename, dirname, join, resolve } from 'node:path';
import { htmlChunks } from './html.js';
import { jsonChunks } from './jsonChunks.js';
import { junitChunks } from './junit.js';
import { renderMarkdown } from './markdown.js';
import type { Report } from './reportTypes.js';
import { withoutView } from './json.js';
import { writeChunks } from './writeChunks.js';

export const REPORT_FILES = ['report.json', 'report.md', 'junit.xml', 'report.html'] as const;

/** --out (or another output path) cannot be written: found before the run, exit 2. */
export class OutputPathError extends Error {
  override readonly name = 'OutputPathError';
}

export interface WriteOptions {
  /** Applied to every rendered file (e.g. a key's redaction). */
  readonly redact?: (text: string) => string;
}

/** Per-file temporaries an earlier version left behind when killed. */
const OLD_TEMPORARY = /^\.(report\.json|report\.md|junit\.xml|report\.html)\..*\.tmp$/;

/** Every report format of a run, written as one set (see writeFileSet). Returns the written paths. */
export async function writeReports(outDir: string, report: Report, options: WriteOptions = {}): Promise<string[]> {
  return writeFileSet(
    outDir,
    [
      // report.json is the model without its view (language, history trend): same inputs, same bytes.
      ['report.json', function* () {
        yield* jsonChunks(withoutView(report), 2);
        yield '\n';
      }],
      ['report.md', () => [renderMarkdown(report)]],
      ['junit.xml', () => junitChunks(report)],
      ['report.html', () => htmlChunks(report)],
    ],
    options,
  );
}

/**
 * Streams one file at a time (no rendering is ever held whole) into a new directory beside
 * `outDir`, then swaps the directories: rename the old set aside, rename the new one in, remove
 * the old. A renderer that throws leaves everything as it was. When `outDir` holds files of its
 * own, the set is renamed in file by file instead (a directory swap would take those away).
 * Every name must be one of REPORT_FILES. Returns the written paths.
 */
export async function writeFileSet(
  outDir: string,
  renderers: ReadonlyArray<readonly [(typeof REPORT_FILES)[number], () => Iterable<string>]>,
  options: WriteOptions = {},
): Promise<string[]> {
  const out = resolve(outDir);
  const parent = dirname(out);
  const madeDir = await mkdir(parent, { recursive: true });
  await cleanStale(parent, basename(out));
  const staging = join(parent, `${stagePrefix(out, 'new')}${process.pid}-${randomBytes(4).toString('hex')}`);
  await mkdir(staging);
  try {
    for (const [name, render] of renderers) {
      // Pieces split between whole values (a dialogue, an XML line), never inside a string: each is redacted alone.
      const pieces = render();
      await writeChunks(join(staging, name), options.redact ? mapPieces(pieces, options.redact) : pieces);
    }
  } catch (error) {
    await rm(madeDir ?? staging, { recursive: true, force: true });
    throw error;
  }
  if (await holdsOtherFiles(out)) {
    for (const [name] of renderers) await rename(join(staging, name), join(out, name));
    await rm(staging, { recursive: true, force: true });
  } else {
    await swapIn(staging, out);
  }
  return renderers.map(([name]) => join(out, name));
}

function* mapPieces(pieces: Iterable<string>, map: (text: string) => string): Generator<string> {
  for (const piece of pieces) yield map(piece);
}

/**
 * Another run writing the same --out may put its set in place between our two renames: then ours
 * goes in after it, as the later writer (each set is whole; the last one stays). A few rounds of
 * that, and the staging directory is removed and the error is the caller's.
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
 * Removes what a killed writer left: unfinished new sets, and old sets already replaced. An old
 * set with no set in place (killed between the two renames) is put back.
 */
async function cleanStale(parent: string, base: string): Promise<void> {
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
  if (!exists(out)) return;
  for (const name of await readdir(out)) if (OLD_TEMPORARY.test(name)) await rm(join(out, name), { force: true });
}

async function holdsOtherFiles(out: string): Promise<boolean> {
  if (!exists(out)) return false;
  const known: readonly string[] = REPORT_FILES;
  return (await readdir(out)).some((name) => !known.includes(name));
}

function exists(path: string): boolean {
  try {
    statSync(path);
    return true;
  } catch {
    return false;
  }
}

function isAlive(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
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
