// Hand-written on purpose: a lock the kernel releases when its holder dies (a SQLite exclusive transaction), which lock-file libraries only guess at with stale timeouts.
import { hostname } from 'node:os';
import { closeSync, mkdirSync, openSync, readFileSync, readSync, rmSync } from 'node:fs';
import { dirname } from 'node:path';
import Database from 'better-sqlite3';
import { setTimeout as sleep } from 'node:timers/promises';
import { writeFileAtomically } from '../util/atomicFile.js';

/**
 * How long a waiter waits for a lock held by someone else before it gives up naming the owner.
 * A cassette save (read, merge, write) takes milliseconds; a minute held is a hung or stopped owner.
 */
export const LOCK_WAIT_MS = 60_000;
const RETRY_MS = 20;

/** The lock could not be had: held past the wait (naming who holds it, as far as the owner file says), or its file is not a lock. */
export class LockError extends Error {
  override readonly name = 'LockError';
}

/** Who holds a lock, written beside it by the holder for the waiters' messages (never trusted for the lock itself). */
interface LockOwner {
  readonly pid: number;
  readonly host: string;
  readonly since: number;
}

export interface FileLockOptions {
  /** How long to wait before a LockError (default LOCK_WAIT_MS). */
  readonly waitMs?: number;
}

/** How every SQLite file begins; an empty file is one SQLite will make a database of. */
const SQLITE_HEADER = Buffer.from('SQLite format 3\0', 'latin1');

function notALock(lockPath: string): LockError {
  return new LockError(`${lockPath}: not a lock file of nlu-harness (it is not SQLite); remove it if no run is recording`);
}

/** Before a run that will take the lock: a file at `lockPath` that is no lock is refused now, not at the first save. */
export function checkLockFile(lockPath: string): void {
  let fd: number;
  try {
    fd = openSync(lockPath, 'r');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw error;
  }
  try {
    const head = Buffer.alloc(SQLITE_HEADER.length);
    const read = readSync(fd, head, 0, head.length, 0);
    if (read > 0 && !head.subarray(0, read).equals(SQLITE_HEADER)) throw notALock(lockPath);
  } finally {
    closeSync(fd);
  }
}

function ownerText(ownerPath: string): string {
  let owner: Partial<LockOwner>;
  try {
    owner = JSON.parse(readFileSync(ownerPath, 'utf8')) as Partial<LockOwner>;
  } catch {
    return 'an owner that left no name';
  }
  const age = typeof owner.since === 'number' ? `${Math.round((Date.now() - owner.since) / 1000)} s` : 'an unknown time';
  return `pid ${String(owner.pid)} on ${String(owner.host)}, held for ${age}`;
}

function busy(error: unknown): boolean {
  const code = (error as { code?: string }).code ?? '';
  return code === 'SQLITE_BUSY' || code === 'SQLITE_LOCKED';
}

/**
 * Runs `work` while holding `lockPath`. The lock is an exclusive transaction on a SQLite file
 * (an fcntl lock the kernel holds for the process): taking it is one atomic step, and it ends when
 * its holder ends, however it ends, so there is no "abandoned lock" to judge from a pid or a clock
 * and no window in which a half-written lock file can be mistaken for one. The file stays beside
 * the locked file (removing it would let two processes lock two different files of one name).
 * Waiting is polled, never blocking the event loop, and bounded: past `waitMs` a LockError
 * names the holder from `<lockPath>.owner`, which the holder writes and removes.
 */
export async function withFileLock<T>(lockPath: string, work: () => Promise<T>, options: FileLockOptions = {}): Promise<T> {
  const waitMs = options.waitMs ?? LOCK_WAIT_MS;
  const ownerPath = `${lockPath}.owner`;
  mkdirSync(dirname(lockPath), { recursive: true });
  const db = new Database(lockPath, { timeout: 0 });
  try {
    const giveUpAt = Date.now() + waitMs;
    for (;;) {
      try {
        db.exec('BEGIN EXCLUSIVE');
        break;
      } catch (error) {
        if ((error as { code?: string }).code === 'SQLITE_NOTADB') throw notALock(lockPath);
        if (!busy(error)) throw error;
        if (Date.now() >= giveUpAt) {
          throw new LockError(
            `${lockPath}: still locked after ${Math.round(waitMs / 1000)} s by ${ownerText(ownerPath)}; if that process is gone or hung, stop it and run again`,
          );
        }
        await sleep(RETRY_MS);
      }
    }
    try {
      const owner: LockOwner = { pid: process.pid, host: hostname(), since: Date.now() };
      writeFileAtomically(ownerPath, JSON.stringify(owner));
      return await work();
    } finally {
      rmSync(ownerPath, { force: true });
      db.exec('ROLLBACK');
    }
  } finally {
    db.close();
  }
}
