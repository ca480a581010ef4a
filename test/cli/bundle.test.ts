import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { withoutTiming } from '../support/withoutTiming.js';
import { ROOT, tempDir } from '../support/cli.js';

describe('the bundled CLI (dist/bundle, made by npm run build)', () => {
  // Beside dist/bundle, never over it: other test files run the real bin at the same time.
  const checkBundle = join(ROOT, 'dist', `bundle-check-${process.pid}`);
  afterAll(() => rmSync(checkBundle, { recursive: true, force: true }));

  it('writes the same report as the compiled modules it was made from', async () => {
    const { bundleCli } = (await import(join(ROOT, 'scripts/bundle.mjs'))) as { bundleCli: (outdir: string) => Promise<void> };
    await bundleCli(checkBundle);
    const report = (entry: string) => {
      const out = tempDir();
      const result = spawnSync(process.execPath, [entry, 'run', '--out', out, '--no-history', '--no-progress', '--protocol', 'both'], { cwd: ROOT, encoding: 'utf8' });
      expect(result.stderr).toBe('');
      expect(result.status).toBe(0);
      return JSON.parse(readFileSync(join(out, 'report.json'), 'utf8')) as { summary: { dialogues: { passed: number } } };
    };
    const fromModules = report(join(ROOT, 'dist/cli/main.js'));
    const fromBundle = report(join(checkBundle, 'main.js'));
    expect(fromModules.summary.dialogues.passed).toBeGreaterThan(100);
    expect(withoutTiming(fromBundle)).toEqual(withoutTiming(fromModules));
  }, 120_000);

  it('is what the bin runs while it is newer than the compiled modules, and not once a later tsc has rewritten them', () => {
    const root = tempDir();
    mkdirSync(join(root, 'bin'));
    copyFileSync(join(ROOT, 'bin/nlu-harness.js'), join(root, 'bin/nlu-harness.js'));
    for (const [dir, says] of [['dist/cli', 'modules'], ['dist/bundle', 'bundle']] as const) {
      mkdirSync(join(root, dir), { recursive: true });
      writeFileSync(join(root, dir, 'main.js'), `process.stdout.write(${JSON.stringify(says)});\n`);
    }
    const ranWith = (modulesAt: number, bundleAt: number) => {
      utimesSync(join(root, 'dist/cli/main.js'), modulesAt, modulesAt);
      utimesSync(join(root, 'dist/bundle/main.js'), bundleAt, bundleAt);
      return spawnSync(process.execPath, [join(root, 'bin/nlu-harness.js')], { encoding: 'utf8' }).stdout;
    };
    expect(ranWith(1_000, 2_000)).toBe('bundle');
    expect(ranWith(3_000, 2_000)).toBe('modules');
    rmSync(join(root, 'dist/bundle'), { recursive: true });
    expect(spawnSync(process.execPath, [join(root, 'bin/nlu-harness.js')], { encoding: 'utf8' }).stdout).toBe('modules');
  });
});
