// Bundles the compiled CLI (dist/cli/main.js) into dist/bundle/: a command loads a handful of
// chunks instead of ~480 modules, each resolved, read and linked on its own at every start.
// Commands stay separate chunks, so `run` still never loads what `simulate` or `bench` need.
// bin/nlu-harness.js runs the bundle only while it is newer than the compiled modules.
import { build } from 'esbuild';
import { rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** Writes the bundle into `outdir`, which must sit one level under dist/ (paths to prompts/ and protocol/ are relative). */
export async function bundleCli(outdir) {
  rmSync(outdir, { recursive: true, force: true });
  await build({
    entryPoints: [fileURLToPath(new URL('../dist/cli/main.js', import.meta.url))],
    outdir,
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    // A native addon: it must be loaded from node_modules as it is.
    external: ['better-sqlite3'],
    // CommonJS dependencies (yargs' helpers, ajv) call require; an ES module has none of its own.
    banner: { js: "import { createRequire as createRequireOfBundle } from 'node:module'; const require = createRequireOfBundle(import.meta.url);" },
    logLevel: 'warning',
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await bundleCli(fileURLToPath(new URL('../dist/bundle/', import.meta.url)));
