import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { VsResult } from '../../src/bench/vsBench.js';
import { cli, ROOT, tempDir } from '../support/cli.js';
import { makeBuiltCheckout, slowClassifier } from './builtCheckout.js';

/** Two datasets, not all: a third of the utterances, a third of the time (adversarial.yaml has the long and the ASCII ones). */
const DATASETS = ['--dataset', 'datasets/seed-003-correction.yaml', '--dataset', 'datasets/adversarial.yaml'];

/** Runs `bench --vs` with the CLI of `checkout` (the candidate, B), from this repository's root (its datasets). */
function benchVs(checkout: string, baseline: string, out: string) {
  const result = spawnSync(process.execPath, [join(checkout, 'bin/nlu-harness.js'), 'bench', '--vs', baseline, '--out', out, ...DATASETS], {
    cwd: ROOT,
    encoding: 'utf8',
    env: { ...process.env, FORCE_COLOR: '0' },
    timeout: 120_000,
  });
  const report = existsSync(out) ? (JSON.parse(readFileSync(out, 'utf8')) as VsResult) : undefined;
  return { status: result.status, stdout: result.stdout, stderr: result.stderr, report };
}

describe('bench --vs: bad baselines are exit 2 before anything runs', () => {
  it.each([
    ['a directory that does not exist', (dir: string) => join(dir, 'missing'), 'no such directory'],
    ['a directory without package.json', (dir: string) => dir, 'not a checkout of nlu-harness'],
    ['another package', (dir: string) => (writeFileSync(join(dir, 'package.json'), '{"name":"other"}'), dir), 'names another package'],
    // Issue 31: a malformed package.json was exit 3 with a stack.
    [
      'a malformed package.json',
      (dir: string) => (writeFileSync(join(dir, 'package.json'), '{"name": "nlu-harness",'), dir),
      'package.json cannot be read as JSON',
    ],
    ['a package.json that is null', (dir: string) => (writeFileSync(join(dir, 'package.json'), 'null'), dir), 'names another package'],
    ['a checkout that was never built', (dir: string) => (writeFileSync(join(dir, 'package.json'), '{"name":"nlu-harness"}'), dir), 'not built'],
    ['this very checkout', () => ROOT, 'the checkout running this command'],
  ])('%s', (_name, make, message) => {
    const dir = make(tempDir());
    const out = join(tempDir(), 'bench.json');
    const result = cli(['bench', '--vs', dir, '--out', out]);
    expect(result.status).toBe(2);
    expect(result.stderr).toContain(`--vs ${dir}`);
    expect(result.stderr).toContain(message);
    expect(existsSync(out)).toBe(false);
  });

  it('a baseline whose modules do not run the calls', () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'package.json'), '{"name":"nlu-harness"}');
    mkdirSync(join(dir, 'dist/domain'), { recursive: true });
    for (const name of ['localIntent', 'offlineParser', 'parseResult']) writeFileSync(join(dir, `dist/domain/${name}.js`), 'export {};\n');
    writeFileSync(join(dir, 'dist/domain/orchestrator.js'), 'export function step() {}\nexport function initialState() {}\n');
    const result = cli(['bench', '--vs', dir, '--out', join(tempDir(), 'bench.json')]);
    expect(result.status).toBe(2);
    expect(result.stderr).toMatch(/localIntent\.js: exports no function classifyLocal/);
  });
});

describe('bench --vs on builds made here', () => {
  let base: string;
  let same: string;
  let slow: string;

  beforeAll(async () => {
    const root = tempDir();
    [base, same, slow] = await Promise.all([
      makeBuiltCheckout(join(root, 'base')),
      makeBuiltCheckout(join(root, 'same')),
      makeBuiltCheckout(join(root, 'slow'), slowClassifier),
    ]);
  });

  it('a classifier made twice as slow is caught: exit 1, the interval above the tolerance, the utterances named', () => {
    const dir = tempDir();
    const { status, stdout, report } = benchVs(slow, base, join(dir, 'vs.json'));
    expect(status).toBe(1);
    expect(report!.verdict.passed).toBe(false);
    expect(report!.verdict.slower).toContain('localClassifier mean');
    expect(report!.targets.localClassifier.ratios.mean.low).toBeGreaterThan(1.1);
    expect(report!.targets.offlineParser.ratios.mean.verdict).toBe('within');
    expect(report!.utterances.localClassifier.gotSlower!.length).toBeGreaterThan(0);
    expect(stdout).toContain('B is slower than A beyond 10 %');
    const markdown = readFileSync(join(dir, 'vs.md'), 'utf8');
    expect(markdown).toContain('**B is slower than A beyond 10 %**');
  });

  // Five runs of one build against an identical one: a gate that cried wolf once in five would be useless in CI.
  it('the same build against itself passes, run after run', () => {
    const runs = Array.from({ length: 5 }, () => benchVs(same, base, join(tempDir(), 'vs.json')));
    for (const { status, report, stderr } of runs) {
      const ratios = JSON.stringify(report?.targets);
      expect(stderr).not.toContain('Error');
      expect(status, ratios).toBe(0);
      expect(report!.verdict, ratios).toEqual({ passed: true, slower: [] });
      expect(report!.targets.localClassifier.ratios.mean.low, ratios).toBeLessThan(1.1);
    }
  });
});
