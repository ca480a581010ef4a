import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { cli } from '../support/cli.js';

// A noisy model: the heuristic reference model with a seeded off-by-one rate on correction indices,
// every dialogue run three times on both sides (issue 11: the gate must not flap, and must catch).
const SUITE = ['--dataset', 'datasets/model/correct-ordinal.yaml', '--llm', 'heuristic', '--repeat', '3', '--no-progress'];

describe('the repeat-aware gate on a noisy model', () => {
  const dir = mkdtempSync(join(tmpdir(), 'paired-gate-'));
  const baseline = join(dir, 'baseline.json');

  beforeAll(() => {
    const made = cli(['run', ...SUITE, '--perturb', 'offByOne=0.05', '--perturb-seed', '1', '--out', join(dir, 'base'), '--baseline', baseline, '--update-baseline']);
    expect(made.status, made.stderr).not.toBe(2);
  }, 120_000);

  it('the same model on a new noise seed passes (exit 0) although single dialogues flipped', () => {
    const run = cli(['run', ...SUITE, '--perturb', 'offByOne=0.05', '--perturb-seed', '2', '--out', join(dir, 'same'), '--baseline', baseline]);
    expect(run.stderr).toBe('');
    const report = JSON.parse(readFileSync(join(dir, 'same', 'report.json'), 'utf8'));
    expect(report.gate.paired.dialogues).toBeGreaterThan(50);
    expect(report.gate.passed).toBe(true);
    expect(run.status).toBe(0);
    expect(run.stdout).toMatch(/Paired gate over \d+ dialogues at α = 0.05/);
  }, 120_000);

  it('a model that gets 第N笔 wrong far more often fails (exit 1), naming correction index mapping with its p-value and interval', () => {
    const run = cli(['run', ...SUITE, '--perturb', 'offByOne=0.5', '--perturb-seed', '3', '--out', join(dir, 'worse'), '--baseline', baseline]);
    expect(run.status).toBe(1);
    const report = JSON.parse(readFileSync(join(dir, 'worse', 'report.json'), 'utf8'));
    const finding = report.gate.regressions.find((r: { name: string }) => r.name === 'correctionIndexMapping');
    expect(finding.significance.pValue).toBeLessThan(0.05);
    expect(finding.significance.interval[1]).toBeLessThan(0);
    expect(run.stdout).toMatch(/Correction index mapping: .*p = /);
    const compared = cli(['compare', baseline, join(dir, 'worse', 'report.json')]);
    expect(compared.status).toBe(1);
    expect(compared.stdout).toMatch(/REGRESSION metric correctionIndexMapping: .*p = .*interval/);
  }, 120_000);
});
