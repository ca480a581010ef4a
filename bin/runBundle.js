// @ts-check
// Runs dist/bundle/main.cjs through V8's code cache. Compiling the bundle's code is a fifth of a
// short run; with the cache V8 skips it for every function the same command ran last time. A
// cache is written when the process ends, only when there was none or V8 refused it (another
// Node, other flags), and only after a command ran (exit 0 or 1), so a typo leaves nothing.
//
// V8 itself checks only the source's length, and code from a cache runs as if it were the bundle,
// so a cache is trusted only where nobody else could have put it: its name holds the sha256 of the
// bundle's bytes (an edit of any length misses it; hashing costs ~4 ms), and it lives in
// dist/bundle/cache/ only when that directory is this user's and no one else can write in it (not
// a symlink, mode without group or other write); otherwise nothing is cached, read or written.
// The bundled code's dataset cache lives there too, told of the directory through
// PRIVATE_CACHE_ROOT. Each build empties the directory. A cache that cannot be read or written is
// no error.
import { createHash } from 'node:crypto';
import { lstatSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import vm from 'node:vm';

/** Where the bundle finds the checked cache directory (or null): read by src/datasets/parsedDatasetCache.ts. */
export const PRIVATE_CACHE_ROOT = Symbol.for('nlu-harness.privateCacheRoot');

/**
 * @param {string} bundle absolute path of the CommonJS bundle
 * @param {string} cacheName which cache: one per command, each holds the code that command runs
 */
export function runBundle(bundle, cacheName) {
  const source = readFileSync(bundle);
  const root = privateDirectory(join(dirname(bundle), 'cache'));
  Object.assign(globalThis, { [PRIVATE_CACHE_ROOT]: root });
  const digest = createHash('sha256').update(source).digest('hex').slice(0, 32);
  const cacheFile = root && join(root, 'code', `${cacheName}-${digest}-${process.version}-${process.arch}.bin`);
  const cachedData = cacheFile ? readIfPresent(cacheFile) : undefined;
  const wrapped = `(function (exports, require, module, __filename, __dirname) {${source.toString('utf8')}\n})`;
  const script = new vm.Script(wrapped, { filename: bundle, cachedData });
  if (cacheFile && (cachedData === undefined || script.cachedDataRejected)) {
    process.once('exit', (code) => {
      if (code === 0 || code === 1) writeQuietly(cacheFile, () => script.createCachedData());
    });
  }
  const module = { exports: {} };
  script.runInThisContext()(module.exports, createRequire(bundle), module, bundle, dirname(bundle));
}

/**
 * `directory` when it is a real directory of this user that no one else can write in, or does not
 * exist yet (the cache writers make it, mode 0700); else null.
 * @param {string} directory
 */
export function privateDirectory(directory) {
  try {
    const stat = lstatSync(directory);
    const mine = process.getuid === undefined || stat.uid === process.getuid();
    return stat.isDirectory() && mine && (stat.mode & 0o022) === 0 ? directory : null;
  } catch (error) {
    return /** @type {NodeJS.ErrnoException} */ (error).code === 'ENOENT' ? directory : null;
  }
}

/** @param {string} file */
function readIfPresent(file) {
  try {
    return readFileSync(file);
  } catch {
    return undefined;
  }
}

/**
 * Written whole under a name of its own, then renamed: processes ending together never read half a file.
 * @param {string} file
 * @param {() => Buffer} data
 */
function writeQuietly(file, data) {
  const partial = `${file}.${process.pid}.partial`;
  try {
    mkdirSync(dirname(file), { recursive: true, mode: 0o700 });
    writeFileSync(partial, data(), { mode: 0o600 });
    renameSync(partial, file);
  } catch {
    rmSync(partial, { force: true });
  }
}
