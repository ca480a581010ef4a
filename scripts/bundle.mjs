// Bundles the compiled CLI (dist/cli/main.js) into one CommonJS script, dist/bundle/main.cjs: a
// start reads one file instead of resolving and linking ~480 modules, and bin/runBundle.js can
// hand V8 the code it compiled last time (V8's code cache takes scripts, not ES modules, on
// Node 20). Commands the line does not name are bundled but never evaluated: esbuild turns their
// dynamic imports into lazy initialisers.
// bin/nlu-harness.js runs the bundle only while it is newer than the compiled modules.
import { build } from 'esbuild';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** Writes the bundle into `outdir`, which must sit one level under dist/ (paths to prompts/ and protocol/ are relative). */
export async function bundleCli(outdir) {
  // The whole folder goes: code caches of an earlier bundle must never meet a new one.
  rmSync(outdir, { recursive: true, force: true });
  await build({
    entryPoints: [fileURLToPath(new URL('../dist/cli/main.js', import.meta.url))],
    outfile: join(outdir, 'main.cjs'),
    bundle: true,
    format: 'cjs',
    platform: 'node',
    target: 'node20',
    // A native addon: it must be loaded from node_modules as it is.
    external: ['better-sqlite3'],
    // A script has no import.meta; the few modules that find files beside themselves get the bundle's own URL.
    define: { 'import.meta.url': 'bundleFileUrl' },
    banner: { js: "var bundleFileUrl = require('node:url').pathToFileURL(__filename).href;" },
    logLevel: 'warning',
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await bundleCli(fileURLToPath(new URL('../dist/bundle/', import.meta.url)));
