import { copyFileSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { cli, tempDir } from '../support/cli.js';

// Issue 45, item 1: a backend whose answers repeat (scripted, here) has no run-to-run noise, so a
// dialogue that flips is broke at any --repeat and under --sequential. Seed-003's dialogues with three
// scripted amounts changed (32→33, 399→398, 600→601), against the unchanged file's baseline.
const NOISE_WORDS = /run-to-run noise alone can make them|could be chance|not counted as broke|随机波动|可能只是偶然/;

function visibleHtml(out: string): string {
  return readFileSync(join(out, 'report.html'), 'utf8')
    .replace(/<script[\s\S]*?<\/script>/g, '')
    .replace(/<[^>]+>/g, ' ');
}

describe('seed-003 with three scripted amounts changed, against the unchanged baseline (scripted answers repeat)', () => {
  const dir = tempDir('repeatable-gate-');
  const dataset = join(dir, 'seed-003-correction.yaml');
  const baseline = join(dir, 'baseline.json');
  const run = (out: string, extra: string[]) =>
    cli(['run', '--dataset', dataset, '--llm', 'scripted', '--no-progress', '--out', join(dir, out), '--baseline', baseline, ...extra]);
  const report = (out: string) => JSON.parse(readFileSync(join(dir, out, 'report.json'), 'utf8'));

  beforeAll(() => {
    copyFileSync('datasets/seed-003-correction.yaml', dataset);
    const made = cli([
      'run',
      '--dataset',
      dataset,
      '--llm',
      'scripted',
      '--no-progress',
      '--out',
      join(dir, 'base'),
      '--baseline',
      baseline,
      '--update-baseline',
    ]);
    expect(made.status, made.stderr).toBe(0);
    const changed = readFileSync(dataset, 'utf8')
      .replace('parse: {transactions: [{amount: 32,', 'parse: {transactions: [{amount: 33,')
      .replace('parse: {transactions: [{amount: 399,', 'parse: {transactions: [{amount: 398,')
      .replace('parse: {transactions: [{amount: 600,', 'parse: {transactions: [{amount: 601,');
    writeFileSync(dataset, changed);
  }, 120_000);

  it('--repeat 1: exit 1, "3 dialogues broke"', () => {
    const result = run('one', []);
    expect(result.status).toBe(1);
    expect(result.stdout).toMatch(/Against the baseline: dialogue success \(share of runs passed\) 100\.0% → 85\.0% \(-15\.0 pp\); 3 dialogues broke/);
    expect(result.stdout).not.toMatch(NOISE_WORDS);
  }, 120_000);

  it('--repeat 2: runs once and says why (console and report), exit 1, "3 dialogues broke", no noise words in any format', () => {
    const result = run('two', ['--repeat', '2']);
    expect(result.status).toBe(1);
    const json = report('two');
    expect(json.run.repeat).toBe(1);
    expect(json.run.repeatAsked).toBe(2);
    expect(json.gate.paired).toBeUndefined();
    expect(json.gate.regressions.filter((r: { kind: string }) => r.kind === 'dialogue')).toHaveLength(3);
    const why = '--repeat 2 asked, run once: this backend answers the same input the same way every time';
    for (const page of [result.stdout, readFileSync(join(dir, 'two', 'report.md'), 'utf8'), visibleHtml(join(dir, 'two'))]) {
      expect(page).toContain(why);
      expect(page).toContain('3 dialogues broke');
      expect(page).not.toMatch(NOISE_WORDS);
    }
  }, 120_000);

  it('--sequential --margin 0.25 --undecided pass (the README recipe): exit 1 as soon as a broke dialogue is seen, naming it', () => {
    const result = run('sequential', ['--sequential', '--margin', '0.25', '--undecided', 'pass']);
    expect(result.status).toBe(1);
    const s = report('sequential').gate.sequential;
    expect(s.decision).toBe('regression');
    expect(s.exact).toBe(true);
    expect(s.broke).toHaveLength(1);
    // It stopped at the first broke dialogue it saw: that one is the last compared.
    expect(s.dialoguesTested).toBeLessThan(s.dialoguesInSuite);
    expect(['s003-confirm-local', 's003-cancel-local', 's003-confirm-item-local']).toContain(s.broke[0]);
    expect(result.stdout).toContain(`${s.broke[0]} broke (passed in the baseline, fails now)`);
    expect(result.stdout).not.toMatch(/PASSED|passed all|too few times for a fall to show/);
    expect(result.stdout).not.toMatch(NOISE_WORDS);
    // With answers that repeat, a metric that fell on the dialogues compared fell: it is named beside the dialogue.
    const fell = s.metrics.filter((m: { current: number; baseline: number }) => m.current < m.baseline).map((m: { name: string }) => m.name);
    expect(fell.length).toBeGreaterThan(0);
    const named = report('sequential')
      .gate.regressions.filter((r: { kind: string }) => r.kind === 'metric')
      .map((r: { name: string }) => r.name);
    expect(named.sort()).toEqual(fell.sort());
  }, 120_000);
});
