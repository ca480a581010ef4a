import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { cli, joinFlags, tempDir } from '../support/cli.js';
import { lunchDialogue } from '../support/lunchDialogue.js';

// Issue 38, "pairing checked before anything runs": a run and its baseline pair dialogues by id and
// content. Nothing paired is exit 2 naming both selections; partly paired, every format says how
// many paired and every gate decides on those only. The heuristic model is deterministic, so the
// same model against its own baseline moves nothing on the paired dialogues.
const M = 'datasets/model';
const MODEL = ['--llm', 'heuristic', '--no-progress'];
const BASE_FILES = [`${M}/correct-ordinal.yaml`, `${M}/judge.yaml`];
// judge.yaml's 44 dialogues pair; append.yaml's 43 are only in the run, correct-ordinal.yaml's 66 only in the baseline.
const PART_FILES = [`${M}/judge.yaml`, `${M}/append.yaml`];
const SAID = '44 of 87 dialogues paired; 43 only in this run, 66 only in the baseline';

function read(dir: string) {
  return JSON.parse(readFileSync(join(dir, 'report.json'), 'utf8'));
}

function visibleHtml(dir: string): string {
  return readFileSync(join(dir, 'report.html'), 'utf8')
    .replace(/<script[\s\S]*?<\/script>/g, '')
    .replace(/<[^>]+>/g, ' ');
}

describe.each([
  ['one run (the fixed gate)', []],
  // A backend whose answers repeat runs once at any --repeat (issue 45, item 1): a perturbed one at rate 0 answers alike yet counts as noisy.
  ['--repeat 2 (the paired gate)', ['--repeat', '2', '--perturb', 'drop=0']],
])('a run that holds part of its baseline, %s', (_name, repeat) => {
  const dir = tempDir('pairing-');
  const baseline = join(dir, 'baseline.json');

  beforeAll(() => {
    const made = cli(['run', '--dataset', ...BASE_FILES, ...MODEL, ...repeat, '--out', join(dir, 'base'), '--baseline', baseline, '--update-baseline']);
    expect(made.status, made.stderr).not.toBe(2);
  }, 120_000);

  it('says "k of n dialogues paired; m only in this run, j only in the baseline" in report.json, report.md, report.html and on the console, and the gate judges the paired dialogues only', () => {
    const out = join(dir, 'part');
    const run = cli(['run', '--dataset', ...PART_FILES, ...MODEL, ...repeat, '--out', out, '--baseline', baseline]);
    expect(run.status, run.stderr).toBe(0);
    const report = read(out);
    expect(report.gate.pairing).toEqual({ paired: 44, run: 87, baseline: 110, onlyInRun: 43, onlyInBaseline: 66 });
    expect(run.stdout).toContain(SAID);
    expect(readFileSync(join(out, 'report.md'), 'utf8')).toContain(SAID);
    expect(visibleHtml(out)).toContain(SAID);
    // The same deterministic model: on the paired dialogues nothing moved. Whole-run metrics
    // (correct-ordinal's corrections in the baseline, append's appends in the run) would differ.
    expect(report.gate.regressions).toEqual([]);
    expect(report.gate.improvements).toEqual([]);
    if (repeat.length > 0) expect(report.gate.paired.dialogues).toBe(44);
    const zh = cli(['run', '--dataset', ...PART_FILES, ...MODEL, ...repeat, '--out', join(dir, 'part-zh'), '--baseline', baseline, '--lang', 'zh']);
    expect(zh.stdout).toContain('87 个对话中 44 个与基线配对；仅在本次运行 43 个，仅在基线 66 个');
  }, 120_000);

  it('the sequential gate tests the paired dialogues only', () => {
    const out = join(dir, 'sequential');
    const run = cli(['run', '--dataset', ...PART_FILES, ...MODEL, ...repeat, '--sequential', '--undecided', 'pass', '--out', out, '--baseline', baseline]);
    expect(run.status, run.stderr).toBe(0);
    const report = read(out);
    expect(report.gate.pairing.paired).toBe(44);
    expect(report.gate.sequential.dialoguesInSuite).toBe(87);
    expect(report.gate.sequential.dialoguesTested).toBeLessThanOrEqual(44);
    expect(report.gate.sequential.alarmed).toEqual([]);
    expect(run.stdout).toContain(SAID);
  }, 120_000);

  it('a worse model is caught on the paired dialogues alone', () => {
    const out = join(dir, 'worse');
    const run = cli([
      'run',
      '--dataset',
      `${M}/correct-ordinal.yaml`,
      `${M}/append.yaml`,
      ...MODEL,
      ...joinFlags(repeat, ['--perturb', 'ordinalAsIndex=1']),
      '--out',
      out,
      '--baseline',
      baseline,
    ]);
    expect(run.status, run.stderr).toBe(1);
    const report = read(out);
    expect(report.gate.pairing.paired).toBe(66);
    expect(report.gate.regressions.map((r: { name: string }) => r.name)).toContain('correctionIndexMapping');
  }, 120_000);

  it('nothing in common (another dataset file) is exit 2 before anything runs, naming both selections and what to do', () => {
    const out = join(dir, 'other');
    const run = cli(['run', '--dataset', `${M}/append.yaml`, ...MODEL, ...repeat, '--out', out, '--baseline', baseline, '--sequential', '--undecided', 'pass']);
    expect(run.status).toBe(2);
    expect(run.stderr).toContain(`nothing to compare: none of this run's 43 dialogues pairs with one of the 110 in the baseline ${baseline}`);
    expect(run.stderr).toContain(`This run: ${M}/append.yaml. The baseline: ${BASE_FILES.join(', ')}.`);
    expect(run.stderr).toMatch(/Run the selection the baseline ran .*--update-baseline/);
    expect(existsSync(out)).toBe(false);
  }, 120_000);
});

describe('shards with nothing in common', () => {
  const dir = tempDir('pairing-shards-');
  const suite = ['--dataset', `${M}/correct-ordinal.yaml`, ...MODEL];

  it('a baseline of --shard 2/3 and a run of --shard 1/3 is exit 2 naming both shards; merge --baseline against it writes nothing', () => {
    const baseline = join(dir, 'shard-2.json');
    expect(cli(['run', ...suite, '--shard', '2/3', '--out', join(dir, 'b2'), '--baseline', baseline, '--update-baseline']).status).not.toBe(2);
    const run = cli(['run', ...suite, '--shard', '1/3', '--out', join(dir, 'r1'), '--baseline', baseline]);
    expect(run.status).toBe(2);
    expect(run.stderr).toContain(`This run: ${M}/correct-ordinal.yaml, --shard 1/3. The baseline: ${M}/correct-ordinal.yaml, --shard 2/3.`);
    expect(existsSync(join(dir, 'r1'))).toBe(false);

    const other = join(dir, 'append.json');
    expect(cli(['run', '--dataset', `${M}/append.yaml`, ...MODEL, '--out', join(dir, 'ap'), '--baseline', other, '--update-baseline']).status).not.toBe(2);
    const shards = [1, 2, 3].map((i) => {
      const out = join(dir, `s${i}`);
      cli(['run', ...suite, '--shard', `${i}/3`, '--out', out]);
      return join(out, 'report.json');
    });
    const merged = cli(['merge', ...shards, '--out', join(dir, 'merged'), '--baseline', other]);
    expect(merged.status).toBe(2);
    expect(merged.stderr).toContain(`nothing to compare: none of this run's 66 dialogues pairs with one of the 43 in the baseline ${other}`);
    expect(existsSync(join(dir, 'merged'))).toBe(false);
  }, 120_000);
});

describe('a dialogue whose content changed under the same id', () => {
  const one = (id: string, amount: number) => lunchDialogue(id, { spokenAmount: amount });

  it('is another test: not paired, so neither a flip of the fixed gate nor a step of the sequential test', () => {
    const dir = tempDir('pairing-changed-');
    const file = join(dir, 'suite.yaml');
    writeFileSync(file, one('kept', 35) + one('edited', 35));
    const baseline = join(dir, 'baseline.json');
    expect(cli(['run', '--dataset', file, '--no-progress', '--out', join(dir, 'base'), '--baseline', baseline, '--update-baseline']).status).toBe(0);
    // The edited expectation fails against the same scripted answer: a changed test, not a broken product.
    writeFileSync(file, one('kept', 35) + one('edited', 36));
    const fixed = cli(['run', '--dataset', file, '--no-progress', '--out', join(dir, 'fixed'), '--baseline', baseline]);
    const report = read(join(dir, 'fixed'));
    expect(report.summary.dialogues.failed).toBe(1);
    expect(report.gate.pairing).toEqual({ paired: 1, run: 2, baseline: 2, onlyInRun: 1, onlyInBaseline: 1, changedContent: 1 });
    expect(report.gate.regressions).toEqual([]);
    expect(fixed.status).toBe(0);
    expect(fixed.stdout).toContain('1 of 2 dialogues paired; 1 only in this run, 1 only in the baseline (1 of them the same id with other content)');
    const sequential = cli([
      'run',
      '--dataset',
      file,
      '--no-progress',
      '--out',
      join(dir, 'sequential'),
      '--baseline',
      baseline,
      '--sequential',
      '--undecided',
      'pass',
    ]);
    expect(sequential.status, sequential.stderr).toBe(0);
    expect(read(join(dir, 'sequential')).gate.sequential.dialoguesTested).toBe(1);
  });
});

describe('a partly paired run against a baseline without per-dialogue scores (written before baselines kept them)', () => {
  it('judges the paired dialogues’ outcomes, not whole-selection metrics that would differ, and says so', () => {
    const dir = tempDir('pairing-old-');
    const baseline = join(dir, 'baseline.json');
    expect(cli(['run', '--dataset', ...BASE_FILES, ...MODEL, '--out', join(dir, 'base'), '--baseline', baseline, '--update-baseline']).status).not.toBe(2);
    const { repeated: _repeated, ...older } = JSON.parse(readFileSync(baseline, 'utf8'));
    writeFileSync(baseline, JSON.stringify(older));
    const run = cli(['run', '--dataset', ...PART_FILES, ...MODEL, '--out', join(dir, 'part'), '--baseline', baseline]);
    expect(run.status, run.stdout).toBe(0);
    expect(read(join(dir, 'part')).gate.regressions).toEqual([]);
    expect(run.stdout).toContain("the metrics were not compared, only the paired dialogues' outcomes: the baseline kept no per-dialogue scores");
  }, 120_000);
});
