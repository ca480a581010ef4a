#!/usr/bin/env node
import { statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

// `npm run build` compiles dist/ and bundles it into dist/bundle/main.cjs, which starts faster. A
// bare `tsc` rewrites the compiled modules after the bundle was made: then the bundle is stale and
// the modules run instead, so what runs is always what was compiled last.
const bundle = fileURLToPath(new URL('../dist/bundle/main.cjs', import.meta.url));
const modifiedAt = (path) => statSync(path, { throwIfNoEntry: false })?.mtimeMs ?? -1;
// `bench` and `serve-model` run the compiled modules: `bench --vs` imports another build's modules and
// serve-model its runtime (node-llama-cpp, an ES module), which code run from a vm.Script (the
// bundle's) can do only behind an experimental flag; their start-up time does not matter.
const command = process.argv[2] ?? '';
const bundled =
  command !== 'bench' && command !== 'serve-model' && modifiedAt(bundle) >= modifiedAt(fileURLToPath(new URL('../dist/cli/main.js', import.meta.url)));
if (bundled) {
  const { runBundle } = await import('./runBundle.js');
  runBundle(bundle, /^[a-z][a-z-]{0,30}$/.test(command) ? command : 'main');
} else {
  await import('../dist/cli/main.js');
}
