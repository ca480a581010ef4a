// Over 300 lines on purpose: one file owns the history's SQLite schema, its migrations and the identity checks that guard them.
/**
 * The run history: one SQLite file every `run` and `simulate` appends to. The file says it is ours
 * (application_id) and which schema it holds (user_version); older schemas migrate forward,
 * anything else is refused untouched. A new history is made whole before it appears at its path. WAL and a busy timeout let concurrent runs both land.
 */
import { accessSync, constants, existsSync, linkSync, mkdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { dirname } from 'node:path';
import Database from 'better-sqlite3';
import { linkTarget } from '../util/linkTarget.js';
import { checkOutputFile } from '../util/outputPaths.js';

export class HistoryError extends Error {
  override readonly name = 'HistoryError';
}

/** Appends a run whose reports are written by now: a history that cannot take it says so (exit 2) and names where they are. */
export function recordInHistory(history: HistoryDb, file: string, out: string, append: (history: HistoryDb) => number): number {
  try {
    return append(history);
  } catch (error) {
    throw new HistoryError(`${file}: could not record this run (${(error as Error).message}); its reports are in ${out}`);
  }
}

/** "NLUH" */
export const APPLICATION_ID = 0x4e4c5548;
const BUSY_TIMEOUT_MS = 15_000;

/** Migration i takes the schema from version i to i + 1. Append only; never edit a shipped one. */
export const MIGRATIONS: readonly string[] = [
  `CREATE TABLE runs (
     id INTEGER PRIMARY KEY,
     started_at TEXT NOT NULL,
     finished_at TEXT NOT NULL,
     comparable_key TEXT NOT NULL,
     backend TEXT NOT NULL,
     model TEXT NOT NULL,
     base_url TEXT,
     git_commit TEXT,
     mode TEXT NOT NULL,
     protocol TEXT NOT NULL,
     seed INTEGER NOT NULL,
     repeat INTEGER NOT NULL,
     datasets TEXT NOT NULL,
     filter TEXT NOT NULL,
     shard TEXT,
     provenance TEXT,
     passed INTEGER NOT NULL,
     dialogues_total INTEGER NOT NULL,
     dialogues_passed INTEGER NOT NULL,
     dialogues_failed INTEGER NOT NULL,
     report_dir TEXT
   );
   CREATE INDEX runs_by_comparable ON runs (comparable_key, id);
   CREATE TABLE slices (
     run_id INTEGER NOT NULL REFERENCES runs (id) ON DELETE CASCADE,
     slice TEXT NOT NULL,
     kind TEXT NOT NULL,
     name TEXT NOT NULL,
     total INTEGER NOT NULL,
     passed INTEGER NOT NULL,
     failed INTEGER NOT NULL,
     PRIMARY KEY (run_id, slice)
   );
   CREATE TABLE metrics (
     run_id INTEGER NOT NULL REFERENCES runs (id) ON DELETE CASCADE,
     slice TEXT NOT NULL,
     metric TEXT NOT NULL,
     score REAL NOT NULL,
     judged INTEGER,
     counts TEXT NOT NULL,
     interval_low REAL,
     interval_high REAL,
     PRIMARY KEY (run_id, slice, metric)
   );
   CREATE TABLE dialogues (
     run_id INTEGER NOT NULL REFERENCES runs (id) ON DELETE CASCADE,
     dialogue_id TEXT NOT NULL,
     outcome TEXT NOT NULL,
     runs_passed INTEGER NOT NULL,
     runs INTEGER NOT NULL,
     file TEXT NOT NULL,
     tags TEXT NOT NULL,
     PRIMARY KEY (run_id, dialogue_id)
   );
   CREATE INDEX dialogues_by_id ON dialogues (dialogue_id, run_id);`,
  // v2: the gate's verdict with each run, and each metric's change against the baseline (paired gate).
  `ALTER TABLE runs ADD COLUMN gate TEXT;
   ALTER TABLE metrics ADD COLUMN change_low REAL;
   ALTER TABLE metrics ADD COLUMN change_high REAL;
   ALTER TABLE metrics ADD COLUMN p_value REAL;`,
  // v3: simulated-user runs (\`simulate\`) beside dataset runs; every earlier row is a dataset run.
  `ALTER TABLE runs ADD COLUMN kind TEXT NOT NULL DEFAULT 'run';
   CREATE INDEX runs_by_kind ON runs (kind, id);`,
];

export const HISTORY_SCHEMA_VERSION = MIGRATIONS.length;

export type HistoryDb = Database.Database;

/**
 * Opens (creating when absent) and migrates the history file. Only a file this harness made is
 * ever written: one is created whole beside its path and linked into place, so a file at the path
 * is either ours (application_id) or someone else's. An empty file, a file that is not SQLite, not
 * ours, or from a newer harness is a HistoryError, and the file is left byte for byte as it was.
 */
export function openHistory(file: string): HistoryDb {
  // A link (even a dangling one) is followed: the history is made or opened where it leads.
  checkOutputFile(file, '--history');
  const path = linkTarget(file);
  if (!existsSync(path)) {
    mkdirSync(dirname(path), { recursive: true });
    checkWritable(path, file);
    createHistory(path, file);
  }
  checkWritable(path, file);
  if (statSync(path).isFile() && statSync(path).size === 0) {
    throw new HistoryError(`${file}: an empty file, not an nlu-harness run history; the file was left as it was (pass another --history FILE, or remove it)`);
  }
  let db: HistoryDb;
  try {
    db = new Database(path, { timeout: BUSY_TIMEOUT_MS, fileMustExist: true });
  } catch (error) {
    throw new HistoryError(`${file}: cannot open the run history (${(error as Error).message})`);
  }
  try {
    db.transaction(() => checkIdentity(db, file))();
    db.pragma('journal_mode = WAL');
    db.pragma('foreign_keys = ON');
    migrate(db, file);
    return db;
  } catch (error) {
    db.close();
    if (error instanceof HistoryError) throw error;
    throw new HistoryError(`${file}: not a usable run history (${(error as Error).message}); the file was left as it was`);
  }
}

/**
 * For reading only (the `history` listing): never writes, so it works on a read-only file system.
 * In place when SQLite can read the file so; otherwise (a WAL file whose folder cannot take the
 * shared-memory file, a schema to migrate) from a copy in memory, which is migrated there.
 */
export function openHistoryForReading(file: string): HistoryDb {
  const path = linkTarget(file);
  return readInPlace(path, file) ?? copyInMemory(path, file);
}

/** The file opened read-only where it lies; null when SQLite cannot read it so, or its schema is older. */
function readInPlace(path: string, file: string): HistoryDb | null {
  let db: HistoryDb;
  try {
    db = new Database(path, { readonly: true, fileMustExist: true });
  } catch {
    return null;
  }
  try {
    checkIdentity(db, file);
    if ((db.pragma('user_version', { simple: true }) as number) === HISTORY_SCHEMA_VERSION) return db;
  } catch (error) {
    if (error instanceof HistoryError) {
      db.close();
      throw error;
    }
  }
  db.close();
  return null;
}

/** Bytes 18 and 19 of an SQLite file say WAL (2) or rollback (1); a copy in memory has no WAL. */
const FILE_FORMAT_OFFSETS = [18, 19] as const;

function copyInMemory(path: string, file: string): HistoryDb {
  let bytes: Buffer;
  try {
    bytes = readFileSync(path);
  } catch (error) {
    throw new HistoryError(`${file}: cannot read the run history (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`);
  }
  if (bytes.length === 0) throw new HistoryError(`${file}: an empty file, not an nlu-harness run history`);
  let db: HistoryDb;
  try {
    for (const offset of FILE_FORMAT_OFFSETS) if (bytes.length > offset) bytes[offset] = 1;
    db = new Database(bytes);
  } catch (error) {
    throw new HistoryError(`${file}: not a usable run history (${(error as Error).message})`);
  }
  try {
    checkIdentity(db, file);
    migrate(db, file);
    return db;
  } catch (error) {
    db.close();
    if (error instanceof HistoryError) throw error;
    throw new HistoryError(`${file}: not a usable run history (${(error as Error).message})`);
  }
}

/** Temporaries of one process never share a name. */
let creations = 0;

/**
 * A new history, whole (schema, application_id, WAL) in a file beside `path`, then hard-linked
 * into place: link fails when the path exists, so a run that created it meanwhile keeps its file
 * and this one opens it.
 */
function createHistory(path: string, file: string): void {
  const temp = `${path}.${process.pid}.${++creations}.creating`;
  try {
    const db = new Database(temp);
    try {
      db.pragma('journal_mode = WAL');
      migrate(db, file);
    } finally {
      db.close();
    }
    try {
      linkSync(temp, path);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
  } catch (error) {
    throw new HistoryError(`${file}: cannot create the run history (${(error as Error).message})`);
  } finally {
    for (const suffix of ['', '-wal', '-shm', '-journal']) rmSync(`${temp}${suffix}`, { force: true });
  }
}

/**
 * A run records into its history after running, so a history it could not write (a read-only
 * file, a directory without room for SQLite's journal) is refused now, before any work.
 */
function checkWritable(path: string, file: string): void {
  for (const target of existsSync(path) ? [path, dirname(path)] : [dirname(path)]) {
    try {
      accessSync(target, constants.W_OK);
    } catch (error) {
      throw new HistoryError(
        `${file}: cannot write the run history (${(error as NodeJS.ErrnoException).code ?? 'denied'} on ${target}); checked before the run, which would record into it`,
      );
    }
  }
}

function checkIdentity(db: HistoryDb, file: string): void {
  const applicationId = db.pragma('application_id', { simple: true }) as number;
  const version = db.pragma('user_version', { simple: true }) as number;
  if (applicationId === APPLICATION_ID) {
    if (version > HISTORY_SCHEMA_VERSION) {
      throw new HistoryError(
        `${file}: run history schema v${version} is newer than this nlu-harness knows (v${HISTORY_SCHEMA_VERSION}); the file was left as it was`,
      );
    }
    checkTables(db, file, version);
    return;
  }
  throw new HistoryError(`${file}: an SQLite file that is not an nlu-harness run history; the file was left as it was (pass another --history FILE)`);
}

/** Every `table.column` of a database. */
function columnsOf(db: HistoryDb): Set<string> {
  const rows = db.prepare("SELECT m.name || '.' || c.name FROM sqlite_master m, pragma_table_info(m.name) c WHERE m.type = 'table'").pluck().all() as string[];
  return new Set(rows);
}

/** The columns the first `version` migrations make, read off an in-memory database they built. */
function columnsOfVersion(version: number): Set<string> {
  const db = new Database(':memory:');
  try {
    for (const migration of MIGRATIONS.slice(0, version)) db.exec(migration);
    return columnsOf(db);
  } finally {
    db.close();
  }
}

/**
 * Our application_id and a schema version are not enough: the file must hold what that version
 * made, and nothing a later migration would add (an emptied or hand-made file failed mid-run with
 * "no such table: runs", after WAL had changed it). Read only, so a refused file stays as it was.
 */
function checkTables(db: HistoryDb, file: string, version: number): void {
  const has = columnsOf(db);
  const expected = columnsOfVersion(version);
  const missing = [...expected].filter((column) => !has.has(column));
  const early = [...columnsOfVersion(HISTORY_SCHEMA_VERSION)].filter((column) => !expected.has(column) && has.has(column));
  if (missing.length === 0 && early.length === 0) return;
  const shown = (columns: string[]) => `${columns.slice(0, 3).join(', ')}${columns.length > 3 ? ` and ${columns.length - 3} more` : ''}`;
  const what = missing.length > 0 ? `lacks ${shown(missing)}` : `already has ${shown(early)}, which a later version adds`;
  throw new HistoryError(
    `${file}: an nlu-harness run history of schema v${version} that ${what}; the file was left as it was (remove it to start a new history, or pass another --history FILE)`,
  );
}

function migrate(db: HistoryDb, file: string): void {
  const step = db.transaction(() => {
    // Re-read inside the write lock: a concurrent run may have migrated the file meanwhile.
    const version = db.pragma('user_version', { simple: true }) as number;
    if (version > HISTORY_SCHEMA_VERSION) throw new HistoryError(`${file}: run history schema v${version} is newer than this nlu-harness knows`);
    for (let v = version; v < HISTORY_SCHEMA_VERSION; v++) db.exec(MIGRATIONS[v]!);
    db.pragma(`application_id = ${APPLICATION_ID}`);
    db.pragma(`user_version = ${HISTORY_SCHEMA_VERSION}`);
  });
  if ((db.pragma('user_version', { simple: true }) as number) < HISTORY_SCHEMA_VERSION) step.immediate();
}

/** The whole run's metrics are stored under this slice id. */
export const WHOLE_RUN = '';

/** What makes two runs comparable, as a report's `run` records it. */
export interface ComparableRun {
  readonly datasets: readonly string[];
  readonly llm: { readonly backend: string; readonly model: string; readonly servedModels?: readonly string[] };
  readonly mode: string;
  readonly protocol: string;
  readonly filter: readonly string[];
  readonly shard: string | null;
}

/** Runs are comparable (one trend line) when they ran the same datasets the same way on the same backend and served model. */
export function comparableKey(run: ComparableRun): string {
  return JSON.stringify({
    datasets: [...run.datasets].sort(),
    backend: run.llm.backend,
    model: run.llm.model,
    mode: run.mode,
    protocol: run.protocol,
    filter: [...run.filter].sort(),
    shard: run.shard,
    // Read loosely: fields a report may or may not carry (an excluded set, an external orchestrator).
    exclude: [...((run as { exclude?: readonly string[] }).exclude ?? [])].sort(),
    sut: (run as { sut?: unknown }).sut ?? null,
    // Two served models behind one name (and fingerprint) are two trends; runs that saw none keep their old key.
    ...(run.llm.servedModels && run.llm.servedModels.length > 0 ? { served: [...run.llm.servedModels].sort() } : {}),
  });
}
