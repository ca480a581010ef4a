import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Dialogue } from './datasetTypes.js';
import { idPositions } from './idPositions.js';
import { intern, internList } from './intern.js';
import { writeFileAtomically } from '../util/atomicFile.js';

/**
 * The dialogues of a YAML file that loaded without a single issue, kept as JSON under the sha256
 * of the file's bytes: the next run of the same build reads them back instead of parsing YAML and
 * checking the schema again (a cold YAML parser is a fifth of a short run). Only the bundled
 * build caches, inside dist/bundle/cache/, which every build empties, so a cache never outlives the
 * loader that wrote it, and only when bin/runBundle.js found that directory to be this user's
 * alone (an entry planted by someone else would decide what a run tests). An entry is used only
 * when it names the file's sha256 and has the shape of dialogues; any other is deleted and the
 * file parsed. A file with issues is never cached: it is parsed, and its issues reported, every
 * time. Cross-file checks (duplicate ids) run on cached dialogues as on parsed ones.
 */

/** Larger files are read as streams, never whole; they gain little from a cache anyway. */
const MAX_CACHED_BYTES = 4 * 1024 * 1024;
/** Entries kept at most; past it the least recently written go. */
const MAX_ENTRIES = 256;
/** Bumped whenever the cached shape changes. */
const FORMAT = 2;

interface CacheEntry {
  readonly format: number;
  /** The sha256 of the file's bytes, also the entry's name. */
  readonly key: string;
  readonly dialogues: ReadonlyArray<Omit<Dialogue, 'file'> & { readonly idAt?: { line: number; col: number } }>;
}

/**
 * cache/datasets beside the bundle when this code runs from one (dist/bundle/main.cjs) that
 * bin/runBundle.js started and found its cache directory private (`privateRoot`), else none.
 */
export function bundledCacheDirectory(moduleUrl: string, privateRoot: unknown = (globalThis as Record<symbol, unknown>)[Symbol.for('nlu-harness.privateCacheRoot')]): string | null {
  const file = fileURLToPath(moduleUrl);
  const root = join(dirname(file), 'cache');
  return basename(file) === 'main.cjs' && privateRoot === root ? join(root, 'datasets') : null;
}

const CACHE_DIRECTORY = bundledCacheDirectory(import.meta.url);

/**
 * The file's dialogues: from the cache under `directory` when it holds this file's bytes, else
 * from `parse`, which are cached once all of them have been read without an error.
 */
export function* withParsedCache(
  file: string,
  shown: string,
  parse: () => Iterable<Dialogue>,
  directory: string | null = CACHE_DIRECTORY,
  maxEntries = MAX_ENTRIES,
): Generator<Dialogue> {
  const key = directory === null ? null : keyOf(file);
  const cached = key === null ? null : readEntry(join(directory!, `${key}.json`), key, shown);
  if (cached || key === null) {
    yield* cached ?? parse();
    return;
  }
  const seen: Dialogue[] = [];
  for (const dialogue of parse()) {
    seen.push(dialogue);
    yield dialogue;
  }
  // The parser read the file itself: cache only if it still holds the bytes the key was taken from.
  if (keyOf(file) === key) writeEntry(directory!, key, seen, maxEntries);
}

/** sha256 of the bytes, or null for a file too large, unreadable, or changed while read. */
function keyOf(file: string): string | null {
  try {
    if (statSync(file).size > MAX_CACHED_BYTES) return null;
    return createHash('sha256').update(readFileSync(file)).digest('hex');
  } catch {
    return null;
  }
}

function readEntry(path: string, key: string, shown: string): Dialogue[] | null {
  let entry: CacheEntry;
  try {
    entry = JSON.parse(readFileSync(path, 'utf8')) as CacheEntry;
  } catch (error) {
    // Missing is the usual miss; anything else (half a file, not JSON) is discarded.
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') rmSync(path, { force: true });
    return null;
  }
  if (!isEntryOf(entry, key)) {
    rmSync(path, { force: true });
    return null;
  }
  return entry.dialogues.map(({ idAt, ...stored }) => {
    const dialogue: Dialogue = { ...stored, title: intern(stored.title), tags: internList(stored.tags), file: shown };
    if (idAt) idPositions.set(dialogue, idAt);
    return dialogue;
  });
}

/** The entry of the file whose bytes hash to `key`, in the shape written below (an older format, or anything else, is not). */
function isEntryOf(entry: unknown, key: string): entry is CacheEntry {
  const candidate = entry as Partial<CacheEntry> | null;
  if (!candidate || candidate.format !== FORMAT || candidate.key !== key || !Array.isArray(candidate.dialogues)) return false;
  return (candidate.dialogues as readonly unknown[]).every((item) => {
    const d = item as Partial<Record<'id' | 'title' | 'tags' | 'turns', unknown>> | null;
    return (
      d !== null &&
      typeof d === 'object' &&
      typeof d.id === 'string' &&
      typeof d.title === 'string' &&
      Array.isArray(d.tags) &&
      d.tags.every((tag: unknown) => typeof tag === 'string') &&
      Array.isArray(d.turns) &&
      d.turns.every((turn: unknown) => turn !== null && typeof turn === 'object')
    );
  });
}

/** Written whole or not at all; a cache that cannot be written is no error. */
function writeEntry(directory: string, key: string, dialogues: readonly Dialogue[], maxEntries: number): void {
  const entry: CacheEntry = {
    format: FORMAT,
    key,
    dialogues: dialogues.map((dialogue) => {
      const { file: _shownPath, ...kept } = dialogue;
      return { ...kept, idAt: idPositions.get(dialogue) };
    }),
  };
  try {
    const text = JSON.stringify(entry, onlyWhatJsonKeeps);
    mkdirSync(directory, { recursive: true, mode: 0o700 });
    writeFileAtomically(join(directory, `${key}.json`), text, { mode: 0o600 });
    evictOldest(directory, maxEntries);
  } catch {
    // Not cached: the next run parses the file again.
  }
}

/** JSON would turn these into other values: such a file is not cached (the throw is caught by writeEntry). */
function onlyWhatJsonKeeps(_key: string, value: unknown): unknown {
  if (typeof value === 'number' && (!Number.isFinite(value) || Object.is(value, -0))) throw new RangeError('not kept by JSON');
  return value;
}

function evictOldest(directory: string, maxEntries: number): void {
  const entries = readdirSync(directory).filter((name) => name.endsWith('.json'));
  if (entries.length <= maxEntries) return;
  const byAge = entries.map((name) => ({ name, at: statSync(join(directory, name)).mtimeMs })).sort((a, b) => a.at - b.at);
  for (const { name } of byAge.slice(0, entries.length - maxEntries)) rmSync(join(directory, name), { force: true });
}
