import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { withoutTiming } from '../support/withoutTiming.js';
import { ROOT, tempDir } from '../support/cli.js';

/** A command's code cache: named by the command, the bundle's sha256 (its first 32 hex digits), Node and arch. */
const codeCacheName = (command: string) => new RegExp(`^${command}-[0-9a-f]{32}-${process.version.replace(/\./g, '\\.')}-${process.arch}\\.bin$`);

describe('the bundled CLI (dist/bundle/main.cjs, made by npm run build)', () => {
  // Beside dist/bundle, never over it: other test files run the real bin at the same time.
  const checkBundle = join(ROOT, 'dist', `bundle-check-${process.pid}`);
  afterAll(() => rmSync(checkBundle, { recursive: true, force: true }));

  it('writes the same report as the compiled modules it was made from, with its caches cold and then warm', async () => {
    const { bundleCli } = (await import(join(ROOT, 'scripts/bundle.mjs'))) as { bundleCli: (outdir: string) => Promise<void> };
    await bundleCli(checkBundle);
    // Started as the bin starts it: through the code cache.
    const launcher = join(checkBundle, 'launch.mjs');
    writeFileSync(
      launcher,
      `import { runBundle } from ${JSON.stringify(join(ROOT, 'bin/runBundle.js'))};\nrunBundle(${JSON.stringify(join(checkBundle, 'main.cjs'))}, 'run');\n`,
    );
    const report = (entry: string) => {
      const out = tempDir();
      const result = spawnSync(process.execPath, [entry, 'run', '--out', out, '--no-history', '--no-progress', '--protocol', 'both'], {
        cwd: ROOT,
        encoding: 'utf8',
      });
      expect(result.stderr).toBe('');
      expect(result.status).toBe(0);
      return JSON.parse(readFileSync(join(out, 'report.json'), 'utf8')) as { summary: { dialogues: { passed: number } } };
    };
    const fromModules = report(join(ROOT, 'dist/cli/main.js'));
    const cold = report(launcher);
    expect(readdirSync(join(checkBundle, 'cache/code'))).toEqual([expect.stringMatching(codeCacheName('run'))]);
    expect(readdirSync(join(checkBundle, 'cache/datasets')).length).toBeGreaterThanOrEqual(10);
    const warm = report(launcher);
    expect(fromModules.summary.dialogues.passed).toBeGreaterThan(100);
    expect(withoutTiming(cold)).toEqual(withoutTiming(fromModules));
    expect(withoutTiming(warm)).toEqual(withoutTiming(fromModules));
  }, 120_000);

  /** A copy of bin/ over a dist/ whose two entry points only say which of them ran. */
  function fakeTree(): { root: string; run: (args: string[], env?: NodeJS.ProcessEnv) => { stdout: string; status: number | null } } {
    const root = tempDir();
    mkdirSync(join(root, 'bin'));
    for (const file of ['nlu-harness.js', 'runBundle.js']) copyFileSync(join(ROOT, 'bin', file), join(root, 'bin', file));
    mkdirSync(join(root, 'dist/cli'), { recursive: true });
    mkdirSync(join(root, 'dist/bundle'), { recursive: true });
    writeFileSync(join(root, 'dist/cli/main.js'), 'process.stdout.write("modules");\n');
    writeFileSync(
      join(root, 'dist/bundle/main.cjs'),
      'process.stdout.write("bundle " + require("node:path").basename(__filename));\nprocess.exitCode = Number(process.env.EXIT_WITH ?? 0);\n',
    );
    const run = (args: string[], env: NodeJS.ProcessEnv = {}) => {
      const result = spawnSync(process.execPath, [join(root, 'bin/nlu-harness.js'), ...args], { encoding: 'utf8', env: { ...process.env, ...env } });
      return { stdout: result.stdout, status: result.status };
    };
    return { root, run };
  }

  it('is what the bin runs while it is newer than the compiled modules, and not once a later tsc has rewritten them', () => {
    const { root, run } = fakeTree();
    const ranWith = (modulesAt: number, bundleAt: number) => {
      utimesSync(join(root, 'dist/cli/main.js'), modulesAt, modulesAt);
      utimesSync(join(root, 'dist/bundle/main.cjs'), bundleAt, bundleAt);
      return run([]).stdout;
    };
    expect(ranWith(1_000, 2_000)).toBe('bundle main.cjs');
    expect(ranWith(3_000, 2_000)).toBe('modules');
    rmSync(join(root, 'dist/bundle'), { recursive: true });
    expect(run([]).stdout).toBe('modules');
  });

  it('hands V8 a code cache per command: written at the first exit, then used as it is; a damaged one is replaced', () => {
    const { root, run } = fakeTree();
    expect(run(['run'])).toEqual({ stdout: 'bundle main.cjs', status: 0 });
    const cacheOf = (command: string) =>
      join(
        root,
        'dist/bundle/cache/code',
        readdirSync(join(root, 'dist/bundle/cache/code')).find((name) => codeCacheName(command).test(name))!,
      );
    const written = statSync(cacheOf('run'));
    expect(written.size).toBeGreaterThan(0);
    // Accepted by V8, so not written again.
    utimesSync(cacheOf('run'), 1_000, 1_000);
    expect(run(['run']).stdout).toBe('bundle main.cjs');
    expect(statSync(cacheOf('run')).mtimeMs).toBe(1_000_000);
    writeFileSync(cacheOf('run'), 'not a code cache');
    expect(run(['run']).stdout).toBe('bundle main.cjs');
    expect(readFileSync(cacheOf('run')).toString()).not.toBe('not a code cache');
    expect(readdirSync(join(root, 'dist/bundle/cache/code')).filter((name) => name.endsWith('.partial'))).toEqual([]);
  });

  it('writes no cache for a line no command ran (exit 2), nor under a name taken from an odd argument', () => {
    const { root, run } = fakeTree();
    expect(run(['valdate'], { EXIT_WITH: '2' }).status).toBe(2);
    expect(existsSync(join(root, 'dist/bundle/cache'))).toBe(false);
    expect(run(['../../x']).status).toBe(0);
    expect(readdirSync(join(root, 'dist/bundle/cache/code'))).toEqual([expect.stringMatching(codeCacheName('main'))]);
  });
});
