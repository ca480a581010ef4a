import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { cli, tempDir } from '../support/cli.js';

// Issue 38 item 5: `compare` flagged routing −0.9 pp between two single runs. Single runs of a model
// with noise (the heuristic model behind --perturb: seeded, so the test repeats exactly) are judged
// against chance from the judged counts; a backend that answers alike keeps the exact gate.
const SUITE = ['--dataset', 'datasets/model/*.yaml', '--shard', '1/4', '--llm', 'heuristic', '--no-progress'];

describe('compare on two single runs gates on the interval of the difference, not a 0.0 pp tolerance', () => {
  const dir = tempDir('compare-single-');
  const report = (name: string) => join(dir, name, 'report.json');
  const run = (name: string, ...extra: string[]) => {
    const result = cli(['run', ...SUITE, ...extra, '--out', join(dir, name)]);
    expect(result.status, result.stderr).not.toBe(2);
  };

  beforeAll(() => {
    run('seed1', '--perturb', 'offByOne=0.03', '--perturb-seed', '1');
    run('seed2', '--perturb', 'offByOne=0.03', '--perturb-seed', '2');
    run('ordinal', '--perturb', 'offByOne=0.03,ordinalAsIndex=1', '--perturb-seed', '3');
    run('clean');
  }, 120_000);

  it('the same noisy model on another noise seed: metrics moved a little, within noise, so exit 0', () => {
    const result = cli(['compare', report('seed1'), report('seed2'), '--json']);
    const gate = JSON.parse(result.stdout);
    const moved = gate.singleRuns.tests.filter((t: { baseline: number; current: number }) => t.baseline !== t.current);
    expect(moved.length).toBeGreaterThan(0);
    for (const test of moved.filter((t: { interval?: number[] }) => t.interval)) expect(test.interval[0]).toBeLessThan(0);
    expect(gate.regressions).toEqual([]);
    expect(result.status).toBe(0);
    expect(cli(['compare', report('seed1'), report('seed2')]).stdout).toContain('a move within noise does not fail the gate');
  });

  it('the same model reading 第N笔 as index N: a clear regression beyond chance, exit 1, the broken dialogues as its evidence', () => {
    const result = cli(['compare', report('seed1'), report('ordinal'), '--json']);
    expect(result.status).toBe(1);
    const gate = JSON.parse(result.stdout);
    const mapping = gate.regressions.find((r: { name: string }) => r.name === 'correctionIndexMapping');
    expect(mapping.significance.pValue).toBeLessThan(0.05);
    expect(mapping.significance.interval[1]).toBeLessThan(0);
    expect(mapping.significance.method).toMatch(/^Newcombe interval of two shares: \d+ of \d+ → \d+ of \d+$/);
    expect(gate.regressions.some((r: { kind: string }) => r.kind === 'dialogue')).toBe(true);
  });

  it('--tolerance forgives a fall beyond chance that is smaller than it', () => {
    const gate = JSON.parse(cli(['compare', report('seed1'), report('ordinal'), '--json']).stdout);
    const mapping = gate.regressions.find((r: { name: string }) => r.name === 'correctionIndexMapping');
    const largestFall = Math.max(...gate.regressions.filter((r: { kind: string }) => r.kind === 'metric').map((r: { baseline: number; current: number }) => r.baseline - r.current));
    const forgiving = cli(['compare', report('seed1'), report('ordinal'), '--tolerance', String(Math.ceil(largestFall * 100) / 100), '--json']);
    expect(mapping).toBeDefined();
    expect(forgiving.status).toBe(0);
  });

  it('a backend that answers alike keeps the exact gate: one dialogue that broke is a change, exit 1', () => {
    const clean = JSON.parse(readFileSync(report('clean'), 'utf8'));
    expect(clean.run.llm.backend).toBe('heuristic');
    const passing = clean.dialogues.find((d: { passed: boolean }) => d.passed);
    // A shard keeps each dialogue's scores (issue 45): the edit says the dialogue failed there too, or the file contradicts itself.
    const repeated = clean.repeated ? { ...clean.repeated, [passing.id]: { ...clean.repeated[passing.id], runsPassed: 0 } } : undefined;
    const broken = { ...clean, ...(repeated ? { repeated } : {}), dialogues: clean.dialogues.map((d: { id: string }) => (d.id === passing.id ? { ...d, passed: false, runsPassed: 0 } : d)) };
    const file = join(dir, 'one-broke.json');
    writeFileSync(file, JSON.stringify(broken));
    const result = cli(['compare', report('clean'), file, '--json']);
    expect(result.status).toBe(1);
    const gate = JSON.parse(result.stdout);
    expect(gate.singleRuns).toBeUndefined();
    expect(gate.regressions).toEqual([{ kind: 'dialogue', name: passing.id, baseline: true, current: false }]);
  });
});
