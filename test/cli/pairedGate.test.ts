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
    const made = cli([
      'run',
      ...SUITE,
      '--perturb',
      'offByOne=0.05',
      '--perturb-seed',
      '1',
      '--out',
      join(dir, 'base'),
      '--baseline',
      baseline,
      '--update-baseline',
    ]);
    expect(made.status, made.stderr).not.toBe(2);
  }, 120_000);

  it('the same model on a new noise seed passes (exit 0) although single dialogues flipped, and no page calls them broke', () => {
    const run = cli(['run', ...SUITE, '--perturb', 'offByOne=0.05', '--perturb-seed', '2', '--out', join(dir, 'same'), '--baseline', baseline]);
    expect(run.stderr).toBe('');
    const report = JSON.parse(readFileSync(join(dir, 'same', 'report.json'), 'utf8'));
    expect(report.gate.paired.dialogues).toBeGreaterThan(50);
    expect(report.gate.passed).toBe(true);
    expect(run.status).toBe(0);
    expect(run.stdout).toMatch(/Paired gate over \d+ dialogues at α = 0.05/);
    expect(run.stdout).toMatch(
      /passed fewer of their 3 runs than in the baseline \(\d+ no run, \d+ some\), as run-to-run noise alone can make them: not counted as broke/,
    );
    expect(run.stdout.replaceAll('not counted as broke', '')).not.toMatch(/\bbroke\b/);
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
    expect(compared.stdout).toMatch(/REGRESSION metric Correction index mapping: .*p = .*interval/);
  }, 120_000);

  // Issue 32: a --repeat report said "8 dialogues broke" in its headline, "52 worse" in its gate note and
  // -12.1 pp on the slice of the same dialogues, and showed the raw key dialoguePassRate.
  it('over repeats, every page counts the dialogues that broke alike, and no raw metric key shows', () => {
    const run = cli(['run', ...SUITE, '--perturb', 'offByOne=0.5', '--perturb-seed', '3', '--out', join(dir, 'counted'), '--baseline', baseline]);
    expect(run.status).toBe(1);
    const report = JSON.parse(readFileSync(join(dir, 'counted', 'report.json'), 'utf8'));
    const before = JSON.parse(readFileSync(join(dir, 'base', 'report.json'), 'utf8'));
    const passedAll = new Set(before.dialogues.filter((d: { runsPassed: number; runs: number }) => d.runsPassed === d.runs).map((d: { id: string }) => d.id));
    // Broke, once the gate found a regression: passed every baseline run, fails every run now (issue 38).
    // Those that fail only some runs now are counted apart: each alone is what noise does.
    const broke = report.dialogues.filter((d: { id: string; runsPassed: number; runs: number }) => passedAll.has(d.id) && d.runsPassed === 0).length;
    const fewer = report.dialogues.filter(
      (d: { id: string; runsPassed: number; runs: number }) => passedAll.has(d.id) && d.runsPassed > 0 && d.runsPassed < d.runs,
    ).length;
    expect(broke).toBeGreaterThan(0);
    expect(fewer).toBeGreaterThan(0);
    const said = `${broke} dialogue${broke === 1 ? '' : 's'} broke`;
    // The lead states the suite's move first (issue 49 item 0), then the dialogue counts.
    expect(run.stdout).toMatch(/Against the baseline: dialogue success \(share of runs passed\) [\d.]+% → [\d.]+%/);
    expect(run.stdout).toContain(`; ${said}; ${fewer} dialogue${fewer === 1 ? '' : 's'} passed fewer of`);
    expect(run.stdout).toContain(
      `What got worse for users: ${broke + fewer} dialogues (${said.replace(' dialogues', '').replace(' dialogue', '')}, ${fewer} passed fewer of their runs)`,
    );
    const md = readFileSync(join(dir, 'counted', 'report.md'), 'utf8');
    expect(md.split('\n')[0]).toContain(said);
    const fileRow = md.split('\n').find((line) => line.startsWith('| datasets/model/correct-ordinal.yaml |'));
    const passedNow = report.dialogues.filter((d: { passed: boolean }) => d.passed).length;
    expect(fileRow).toContain(`| ${passedNow}/${report.dialogues.length} | ${passedAll.size} → ${passedNow} passed (${broke} broke`);
    expect(fileRow).toMatch(/within noise\) \|$/);
    const html = readFileSync(join(dir, 'counted', 'report.html'), 'utf8');
    const visible = html.replace(/<script[\s\S]*?<\/script>/g, '').replace(/<[^>]+>/g, ' ');
    expect(visible).toContain(said);
    for (const page of [visible, md, run.stdout.split('Paired gate over')[0]!]) {
      expect(page).not.toMatch(/dialoguePassRate|\bflaky\b/);
    }
  }, 120_000);
});
