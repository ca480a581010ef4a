// The scratch folder of `npm run model:install` and the ways an install can end: the folder is
// named by its run's pid (`.install-<pid>-XXXXXX`), removed when the run ends (also on SIGINT,
// SIGTERM, SIGHUP, after its pip child is stopped), and a later run removes the folders of runs
// that died without cleaning up (kill -9, a power cut). Kept apart from installModel.mjs, which
// says which model to install, so the cleanup is tested without downloading one.
import { spawn } from 'node:child_process';
import { accessSync, constants, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';

const PREFIX = '.install-';
const SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP'];
const STOP_GRACE_MS = 5_000;

/** An error the user can act on (a path they cannot write, no pip): the message, exit 2, no stack. */
export class InstallInputError extends Error {
  name = 'InstallInputError';
}

function alive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return error.code === 'EPERM';
  }
}

/**
 * Removes the scratch folders in `cache` whose run is gone: the pid in the name is not a live
 * process, or the name has no pid (written before scratch folders were named by their run).
 * Returns the names removed.
 */
export function removeStaleScratch(cache) {
  let names;
  try {
    names = readdirSync(cache);
  } catch {
    return [];
  }
  const removed = [];
  for (const name of names) {
    if (!name.startsWith(PREFIX)) continue;
    const pid = Number(/^\.install-(\d+)-/.exec(name)?.[1]);
    if (pid === process.pid || (pid && alive(pid))) continue;
    rmSync(join(cache, name), { recursive: true, force: true });
    removed.push(name);
  }
  return removed;
}

/** The cache folder made and writable, or an InstallInputError naming it and why not (EACCES, EROFS, ENOTDIR …). */
export function prepareCache(cache) {
  try {
    mkdirSync(cache, { recursive: true });
    if (!statSync(cache).isDirectory()) throw Object.assign(new Error('not a directory'), { code: 'ENOTDIR' });
    accessSync(cache, constants.W_OK);
  } catch (error) {
    throw new InstallInputError(`cannot install into ${cache} (${error.code ?? error.message}); set NLU_HARNESS_MODEL_DIR to a folder you can write`);
  }
}

/**
 * A fresh scratch folder in `cache` (made writable first; stale folders of dead runs removed and
 * reported through `say`), removed by `close()` or when a signal ends the process: then its
 * children are stopped and waited for, the folder removed, and the process ends by that signal.
 * `run(command, args, env)` starts a child (its output shown; its TMPDIR inside the folder; `env`
 * added to the environment) and resolves with its exit code or signal.
 */
export function openScratch(cache, say) {
  prepareCache(cache);
  for (const name of removeStaleScratch(cache)) say(`removed ${join(cache, name)}, left by an install that did not finish`);
  const path = mkdtempSync(join(cache, `${PREFIX}${process.pid}-`));
  const children = new Set();
  const onSignal = async (signal) => {
    const exits = [...children].map((child) => new Promise((resolve) => child.once('exit', resolve)));
    for (const child of children) child.kill('SIGTERM');
    const grace = setTimeout(() => {
      for (const child of children) child.kill('SIGKILL');
    }, STOP_GRACE_MS);
    await Promise.all(exits);
    clearTimeout(grace);
    rmSync(path, { recursive: true, force: true });
    for (const name of SIGNALS) process.removeAllListeners(name);
    process.kill(process.pid, signal);
  };
  for (const name of SIGNALS) process.once(name, onSignal);
  return {
    path,
    run: (command, args, env = {}) =>
      new Promise((resolve, reject) => {
        const tmp = join(path, 'tmp');
        mkdirSync(tmp, { recursive: true });
        const child = spawn(command, args, { stdio: 'inherit', env: { ...process.env, ...env, TMPDIR: tmp, TMP: tmp, TEMP: tmp } });
        children.add(child);
        child.once('error', reject);
        child.once('exit', (code, signal) => {
          children.delete(child);
          resolve(code ?? signal);
        });
      }),
    close() {
      for (const name of SIGNALS) process.removeListener(name, onSignal);
      rmSync(path, { recursive: true, force: true });
    },
  };
}
