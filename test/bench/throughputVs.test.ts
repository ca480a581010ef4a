import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT, tempDir } from '../support/cli.js';

/**
 * A "build" whose bin runs this checkout's CLI and then, after it, burns `slower - 1` times the
 * CPU and wall time the run took, and holds `extraMb` of touched memory: a build made slower or
 * larger on purpose, everything else the same.
 */
function wrappedBuild(slower: number, extraMb = 0): string {
  const dir = tempDir('nlu-wrapped-build-');
  mkdirSync(join(dir, 'bin'));
  writeFileSync(
    join(dir, 'bin/nlu-harness.js'),
    `const { spawnSync } = require('node:child_process');
const started = performance.now();
const result = spawnSync(process.execPath, [${JSON.stringify(join(ROOT, 'bin/nlu-harness.js'))}, ...process.argv.slice(2)], { stdio: 'inherit' });
const held = ${extraMb} > 0 ? Buffer.alloc(${extraMb} * 1024 * 1024, 1) : null;
for (const until = performance.now() + (performance.now() - started) * ${slower - 1}; performance.now() < until; );
process.exitCode = held && held[0] !== 1 ? 3 : (result.status ?? 3);
`,
  );
  return dir;
}

function throughputVs(base: string, head: string, rounds: number) {
  const json = join(tempDir(), 'vs.json');
  const result = spawnSync(
    process.execPath,
    ['scripts/throughputVs.mjs', '--base', base, '--head', head, '--dialogues', '150', '--rounds', String(rounds), '--json', json],
    {
      cwd: ROOT,
      encoding: 'utf8',
      timeout: 240_000,
    },
  );
  const report =
    result.status === 0 || result.status === 1
      ? (JSON.parse(readFileSync(json, 'utf8')) as { wallRatio: number; peakRssRatio: number; verdict: string })
      : null;
  return { status: result.status, stdout: result.stdout, stderr: result.stderr, report };
}

describe('the build-against-build throughput guard (scripts/throughputVs.mjs, issue 48)', () => {
  it('passes two identical builds', () => {
    const { status, stdout, report } = throughputVs(wrappedBuild(1), wrappedBuild(1), 5);
    expect(stdout).toContain('within 1.20× on time and memory');
    expect(status).toBe(0);
    expect(report!.verdict).toBe('within');
    expect(report!.wallRatio).toBeLessThan(1.2);
  }, 240_000);

  it('fails a build made 1.5× slower on purpose, naming the slowdown', () => {
    const { status, stdout, report } = throughputVs(wrappedBuild(1), wrappedBuild(1.5), 3);
    expect(status).toBe(1);
    expect(stdout).toMatch(/REGRESSION: B is 1\.\d\d× slower/);
    // Past the guard's own 1.2× line; below 1.5×, since both builds pay the wrapper's node start-up
    // unslowed (1.29× measured once on a loaded machine, 150 dialogues a round).
    expect(report!.wallRatio).toBeGreaterThan(1.2);
  }, 240_000);

  it('fails a build that holds far more memory at its peak', () => {
    const { status, stdout, report } = throughputVs(wrappedBuild(1), wrappedBuild(1, 400), 1);
    expect(status).toBe(1);
    expect(stdout).toMatch(/REGRESSION: B is .*× the memory/);
    expect(report!.peakRssRatio).toBeGreaterThan(1.2);
  }, 240_000);

  it('is exit 2 without a built checkout to compare against', () => {
    const result = spawnSync(process.execPath, ['scripts/throughputVs.mjs', '--base', tempDir()], { cwd: ROOT, encoding: 'utf8' });
    expect(result.status).toBe(2);
    expect(result.stderr).toContain('is not a checkout of nlu-harness');
  });
});
