import { open, readFile, unlink } from 'node:fs/promises';

/** How long a lock may be held before another process takes it as abandoned (a killed run). */
const STALE_AFTER_MS = 30_000;
const RETRY_MS = 20;

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** A lock file whose owner is gone, or that is older than STALE_AFTER_MS, is removed. */
async function removeIfAbandoned(lockPath: string): Promise<void> {
  let text: string;
  try {
    text = await readFile(lockPath, 'utf8');
  } catch {
    return;
  }
  const [pid, since] = text.split(' ').map(Number);
  const abandoned = !pid || !since || !alive(pid) || Date.now() - since > STALE_AFTER_MS;
  if (abandoned) await unlink(lockPath).catch(() => undefined);
}

/**
 * Runs `work` while holding `lockPath`, a file created exclusively (O_EXCL) that holds the owner's
 * pid and start time. Written here rather than taken from npm (proper-lockfile): it is twenty
 * lines, and adding the package rewrote package-lock.json's optional entries for other platforms.
 */
export async function withFileLock<T>(lockPath: string, work: () => Promise<T>): Promise<T> {
  for (;;) {
    try {
      const handle = await open(lockPath, 'wx');
      await handle.writeFile(`${process.pid} ${Date.now()}`);
      await handle.close();
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      await removeIfAbandoned(lockPath);
      await new Promise((resolve) => setTimeout(resolve, RETRY_MS));
    }
  }
  try {
    return await work();
  } finally {
    await unlink(lockPath).catch(() => undefined);
  }
}
