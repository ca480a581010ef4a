#!/usr/bin/env node
import { statSync } from 'node:fs';

// `npm run build` compiles dist/ and bundles it into dist/bundle/, which starts faster. A bare
// `tsc` rewrites the compiled modules after the bundle was made: then the bundle is stale and
// the modules run instead, so what runs is always what was compiled last.
const modifiedAt = (path) => statSync(new URL(path, import.meta.url), { throwIfNoEntry: false })?.mtimeMs ?? -1;
const bundleIsCurrent = modifiedAt('../dist/bundle/main.js') >= modifiedAt('../dist/cli/main.js');
await import(bundleIsCurrent ? '../dist/bundle/main.js' : '../dist/cli/main.js');
