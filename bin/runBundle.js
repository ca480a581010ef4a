// @ts-check
// Runs dist/bundle/main.cjs through V8's code cache. Compiling the bundle's code is a fifth of a
// short run; with the cache V8 skips it for every function the same command ran last time. A
// cache is written when the process ends, only when there was none or V8 refused it (another
// Node, other flags), and only after a command ran (exit 0 or 1), so a typo leaves nothing. It
// lives inside dist/bundle/, which each build empties: a cache never outlives its bundle (V8
// itself checks only the source's length). A cache that cannot be read or written is no error.
import { mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import vm from 'node:vm';

/**
 * @param {string} bundle absolute path of the CommonJS bundle
 * @param {string} cacheName which cache: one per command, each holds the code that command runs
 */
export function runBundle(bundle, cacheName) {
  const cacheFile = join(dirname(bundle), 'cache', 'code', `${cacheName}-${process.version}-${process.arch}.bin`);
  const cachedData = readIfPresent(cacheFile);
  const wrapped = `(function (exports, require, module, __filename, __dirname) {${readFileSync(bundle, 'utf8')}\n})`;
  const script = new vm.Script(wrapped, { filename: bundle, cachedData });
  if (cachedData === undefined || script.cachedDataRejected) {
    process.once('exit', (code) => {
      if (code === 0 || code === 1) writeQuietly(cacheFile, () => script.createCachedData());
    });
  }
  const module = { exports: {} };
  script.runInThisContext()(module.exports, createRequire(bundle), module, bundle, dirname(bundle));
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
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(partial, data());
    renameSync(partial, file);
  } catch {
    rmSync(partial, { force: true });
  }
}
