import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { cli, tempDir } from '../support/cli.js';

// The sequential gate (issue 30, item 3) on the rule-based reference model: deterministic, so the
// same model gives every dialogue a difference of 0, and `--perturb ordinalAsIndex=1` is a model
// that reads 「第N笔」 as index N on every correction.
const SUITE = ['--dataset', 'datasets/model/*.yaml', '--llm', 'heuristic', '--repeat', '2', '--no-progress'];

function report(out: string) {
  return JSON.parse(readFileSync(join(out, 'report.json'), 'utf8'));
}

describe('run --baseline … --sequential', () => {
  const dir = tempDir('sequential-gate-');
  const baseline = join(dir, 'baseline.json');

  beforeAll(() => {
    const made = cli(['run', ...SUITE, '--out', join(dir, 'base'), '--baseline', baseline, '--update-baseline']);
    expect(made.status, made.stderr).not.toBe(2);
  }, 120_000);

  it('stops early on a model that reads 第N笔 as index N: exit 1, naming correction index mapping, saying where it stopped', () => {
    const out = join(dir, 'worse');
    const run = cli(['run', ...SUITE, '--perturb', 'ordinalAsIndex=1', '--out', out, '--baseline', baseline, '--sequential']);
    expect(run.status).toBe(1);
    const s = report(out).gate.sequential;
    expect(s.decision).toBe('regression');
    expect(s.stop).toBe('decided');
    expect(s.alarmed).toContain('correctionIndexMapping');
    expect(s.dialoguesRun).toBeLessThan(s.dialoguesInSuite / 2);
    const alarmed = s.metrics.find((m: { name: string }) => m.name === 'correctionIndexMapping');
    expect(alarmed.eRegression).toBeGreaterThanOrEqual(s.regressionThreshold);
    expect(report(out).gate.regressions.map((r: { name: string }) => r.name)).toContain('correctionIndexMapping');
    expect(run.stdout).toMatch(new RegExp(`Stopped after ${s.dialoguesRun} of 518 dialogues \\(\\d+ model calls\\): .*Correction index mapping fell, e = [\\d.e+]+ ≥ ${s.regressionThreshold}`));
    expect(readFileSync(join(out, 'report.md'), 'utf8')).toContain(`Stopped after ${s.dialoguesRun} of 518 dialogues`);
    expect(readFileSync(join(out, 'report.html'), 'utf8')).toContain(`Stopped after ${s.dialoguesRun} of 518 dialogues`);
  }, 120_000);

  // At the 10 pp default a metric needs ~32 judged dialogues to clear; cancels are judged on 14 of the suite's 518.
  it('clears the same model (every difference 0) as no regression larger than the margin before the suite ends: exit 0', () => {
    const out = join(dir, 'same');
    const run = cli(['run', ...SUITE, '--out', out, '--baseline', baseline, '--sequential', '--margin', '0.3']);
    expect(run.status).toBe(0);
    const s = report(out).gate.sequential;
    expect(s.decision).toBe('noRegression');
    expect(s.dialoguesRun).toBeLessThan(518);
    expect(s.metrics.every((m: { clearedAt: number | null }) => m.clearedAt !== null)).toBe(true);
    expect(run.stdout).toMatch(/Stopped after \d+ of 518 dialogues \(\d+ model calls\): no metric fell by 30 pp or more/);
  }, 120_000);

  it('runs the dialogues in an order the seed fixes', () => {
    const ids = (seed: string) => {
      const out = join(dir, `order-${seed}`);
      cli(['run', ...SUITE, '--out', out, '--baseline', baseline, '--sequential', '--budget', '30calls', '--seed', seed]);
      return report(out).dialogues.map((d: { id: string }) => d.id);
    };
    const first = ids('3');
    expect(ids('3')).toEqual(first);
    expect(ids('4')).not.toEqual(first);
  }, 120_000);

  it('ends undecided when the budget runs out: exit 1 saying so by default, exit 0 with --undecided pass', () => {
    const out = join(dir, 'budget');
    const run = cli(['run', ...SUITE, '--out', out, '--baseline', baseline, '--sequential', '--budget', '20calls']);
    expect(run.status).toBe(1);
    const s = report(out).gate.sequential;
    expect(s.decision).toBe('undecided');
    expect(s.stop).toBe('budget');
    expect(s.calls).toBeGreaterThanOrEqual(20);
    expect(run.stdout).toMatch(/Not decided: the budget of 20 calls ran out after \d+ of 518 dialogues .*an undecided run fails the gate \(--undecided pass lets it through\)/);
    const passing = cli(['run', ...SUITE, '--out', join(dir, 'budget-pass'), '--baseline', baseline, '--sequential', '--budget', '20calls', '--undecided', 'pass']);
    expect(passing.status).toBe(0);
  }, 120_000);

  it.each([
    [['--sequential'], /--sequential needs --baseline/],
    [['--sequential', '--baseline', 'BASELINE', '--budget', 'soon'], /--budget: 'soon' is neither minutes nor calls/],
    [['--budget', '10m', '--baseline', 'BASELINE'], /--budget applies to --sequential runs/],
    [['--sequential', '--baseline', 'BASELINE', '--protocol', 'both'], /--sequential runs one protocol arm/],
    [['--sequential', '--baseline', 'BASELINE', '--margin', '0'], /--margin/],
  ])('%j is exit 2 before anything runs, nothing written', (extra, message) => {
    const out = join(dir, `bad-${Math.random().toString(36).slice(2)}`);
    const run = cli(['run', ...SUITE, '--out', out, ...extra.map((arg) => (arg === 'BASELINE' ? baseline : arg))]);
    expect(run.status).toBe(2);
    expect(run.stderr).toMatch(message);
    expect(existsSync(out)).toBe(false);
  });

  it('a baseline without per-dialogue scores (one written before baselines kept them) is exit 2, saying how to remake it', () => {
    const single = join(dir, 'single.json');
    cli(['run', '--dataset', 'datasets/model/judge.yaml', '--llm', 'heuristic', '--no-progress', '--out', join(dir, 'single'), '--baseline', single, '--update-baseline']);
    const { repeated, ...older } = JSON.parse(readFileSync(single, 'utf8'));
    expect(repeated).toBeDefined();
    writeFileSync(single, JSON.stringify(older));
    const run = cli(['run', ...SUITE, '--out', join(dir, 'nope'), '--baseline', single, '--sequential']);
    expect(run.status).toBe(2);
    expect(run.stderr).toMatch(/has no per-dialogue scores; remake it with --update-baseline/);
  }, 120_000);

  it('a baseline written at --repeat 1 keeps per-dialogue scores, so a sequential run pairs against it and catches a fall', () => {
    const single = join(dir, 'single-run.json');
    const suite = ['--dataset', 'datasets/model/correct-ordinal.yaml', '--llm', 'heuristic', '--no-progress'];
    cli(['run', ...suite, '--out', join(dir, 'single-run'), '--baseline', single, '--update-baseline']);
    const run = cli(['run', ...suite, '--out', join(dir, 'single-worse'), '--baseline', single, '--sequential', '--perturb', 'ordinalAsIndex=1']);
    expect(run.status).toBe(1);
    const report = JSON.parse(readFileSync(join(dir, 'single-worse', 'report.json'), 'utf8'));
    expect(report.gate.sequential.decision).toBe('regression');
    expect(report.gate.sequential.alarmed).toContain('correctionHandled');
  }, 120_000);
});
