import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { cli, tempDir } from '../support/cli.js';

// The sequential gate (issue 30, item 3) on the rule-based reference model: deterministic, so the
// same model gives every dialogue a difference of 0 (and --repeat 2 runs once: issue 45, item 1), and
// `--perturb ordinalAsIndex=1` is a model that reads 「第N笔」 as index N on every correction.
const SUITE = ['--dataset', 'datasets/model/*.yaml', '--llm', 'heuristic', '--repeat', '2', '--no-progress'];

/** Closed testing with the mean e-value (issue 45, item 3): a metric is named when every subset of the family holding it has a mean e ≥ 1/α. */
function namedUnderFamily(es: Record<string, number>, alpha: number): string[] {
  return Object.keys(es).filter((name) => {
    const others = Object.entries(es)
      .filter(([other]) => other !== name)
      .map(([, e]) => e)
      .sort((a, b) => a - b);
    let sum = es[name]!;
    return [0, ...others].every((e, i) => (sum += i === 0 ? 0 : e) / (i + 1) >= 1 / alpha);
  });
}

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

  it("stops early on a model that reads 第N笔 as index N: exit 1, naming the metrics the family's correction names, saying where it stopped", () => {
    const out = join(dir, 'worse');
    const run = cli(['run', ...SUITE, '--perturb', 'ordinalAsIndex=1', '--out', out, '--baseline', baseline, '--sequential']);
    expect(run.status).toBe(1);
    const s = report(out).gate.sequential;
    expect(s.decision).toBe('regression');
    expect(s.stop).toBe('decided');
    expect(s.dialoguesRun).toBeLessThan(s.dialoguesInSuite / 2);
    // The family sums its e-values against m/α; a metric is named only under that family's control (closed testing).
    const es = Object.fromEntries(s.metrics.map((m: { name: string; eRegression: number }) => [m.name, m.eRegression]));
    expect(s.alarmed.length).toBeGreaterThan(0);
    expect(s.alarmed).toEqual(namedUnderFamily(es, s.alpha));
    const correction = s.metrics.find((m: { name: string }) => m.name === 'correctionIndexMapping');
    expect(correction.current).toBeLessThan(correction.baseline);
    expect(report(out).gate.regressions.map((r: { name: string }) => r.name)).toEqual(s.alarmed);
    expect(s.regressionEvidence).toBeGreaterThanOrEqual(s.regressionThreshold);
    expect(run.stdout).toMatch(
      new RegExp(
        `Stopped after ${s.dialoguesRun} of 518 dialogues \\(\\d+ model calls\\): .*fell \\(e = [\\d.e+]+\\).*; the \\d+ metrics' e-values sum to ${s.regressionEvidence} ≥ ${s.regressionThreshold}\\.`,
      ),
    );
    expect(readFileSync(join(out, 'report.md'), 'utf8')).toContain(`Stopped after ${s.dialoguesRun} of 518 dialogues`);
    expect(readFileSync(join(out, 'report.html'), 'utf8')).toContain(`Stopped after ${s.dialoguesRun} of 518 dialogues`);
  }, 120_000);

  // At the 10 pp default, unchanged dialogues clear a metric once enough of all it judged were seen (11 at the least, issue 45 item 3): even cancels, judged on 13 of the 518, are covered.
  it('clears the same model (every difference 0) at the default 10 pp margin, saying what it cannot know of the dialogues not run: exit 0', () => {
    const out = join(dir, 'same');
    const run = cli(['run', ...SUITE, '--out', out, '--baseline', baseline, '--sequential']);
    expect(run.status).toBe(0);
    const s = report(out).gate.sequential;
    expect(s.decision).toBe('noRegression');
    expect(s.dialoguesToClear).toBe(11);
    expect(s.setAside).toEqual([]);
    expect(s.metrics.every((m: { clearedAt: number | null }) => m.clearedAt !== null)).toBe(true);
    const unseen = s.dialoguesInSuite - s.dialoguesTested;
    const said = new RegExp(
      `Cleared after ${s.dialoguesRun} of 518 dialogues \\(\\d+ model calls\\): none of the ${s.dialoguesTested} dialogues compared broke, and over all 518 selected no metric fell by 10 pp or more \\(each metric's e ≥ 20\\); the ${unseen} not run were not seen, so one of them may have broke\\.`,
    );
    expect(run.stdout).toMatch(said);
    expect(run.stdout).not.toMatch(/No change/);
    expect(readFileSync(join(out, 'report.md'), 'utf8')).toMatch(said);
  }, 120_000);

  it(".ci/run's slice (a third of correct-ordinal.yaml, gold mode): the same model is cleared at a 25 pp margin, naming the metric judged on 1 dialogue", () => {
    const slice = ['--dataset', 'datasets/model/correct-ordinal.yaml', '--shard', '1/3', '--mode', 'gold', '--llm', 'heuristic', '--no-progress'];
    const sliceBaseline = join(dir, 'slice.json');
    cli(['run', ...slice, '--out', join(dir, 'slice-base'), '--baseline', sliceBaseline, '--update-baseline']);
    const run = cli(['run', ...slice, '--out', join(dir, 'slice'), '--baseline', sliceBaseline, '--sequential', '--margin', '0.25']);
    expect(run.status).toBe(0);
    const s = report(join(dir, 'slice')).gate.sequential;
    expect(s.decision).toBe('noRegression');
    expect(s.dialoguesInSuite).toBe(22);
    expect(s.dialoguesTested).toBeGreaterThanOrEqual(s.dialoguesToClear);
    expect(s.setAside).toEqual([{ name: 'confirmHandled', judged: 1 }]);
    expect(run.stdout).toMatch(/Too few judged dialogues to clear: Confirms handled \(1\); a metric needs 4 to clear 25 pp/);
  }, 120_000);

  it('a baseline of other dialogues (shard 2/3 against a run of 1/3): nothing compared, the gate fails and never reads "No change", even with --undecided pass', () => {
    const suite = ['--dataset', 'datasets/model/correct-ordinal.yaml', '--llm', 'heuristic', '--no-progress'];
    const other = join(dir, 'other-shard.json');
    cli(['run', ...suite, '--shard', '2/3', '--out', join(dir, 'other-base'), '--baseline', other, '--update-baseline']);
    const out = join(dir, 'nothing');
    const run = cli(['run', ...suite, '--shard', '1/3', '--out', out, '--baseline', other, '--sequential', '--undecided', 'pass']);
    expect(run.status).not.toBe(0);
    expect(`${run.stdout}${run.stderr}`).not.toMatch(/No change/);
    if (existsSync(join(out, 'report.json'))) {
      expect(report(out).gate.sequential.dialoguesTested).toBe(0);
      expect(run.stdout).toMatch(/Nothing compared: none of the 22 dialogues run is in the baseline/);
      expect(readFileSync(join(out, 'report.md'), 'utf8')).not.toMatch(/No change/);
    }
  }, 120_000);

  it('"17 dialogues in 1 of 15 minutes; … about N dialogues would decide": a small selection that ends undecided with budget left says so, what would decide, and never "No change"', () => {
    const shard = ['--dataset', 'datasets/model/split.yaml', '--shard', '1/8', '--llm', 'heuristic', '--no-progress'];
    const shardBaseline = join(dir, 'split-shard.json');
    cli(['run', ...shard, '--out', join(dir, 'split-base'), '--baseline', shardBaseline, '--update-baseline']);
    // A few dropped answers: falls too small to alarm at 17 dialogues; over all 17, the pooled metrics fell by more than 10 pp.
    const out = join(dir, 'split-undecided');
    const run = cli([
      'run',
      ...shard,
      '--perturb',
      'drop=0.1',
      '--out',
      out,
      '--baseline',
      shardBaseline,
      '--sequential',
      '--margin',
      '0.1',
      '--budget',
      '15m',
    ]);
    expect(run.status).toBe(1);
    const s = report(out).gate.sequential;
    expect(s.decision).toBe('undecided');
    expect(s.stop).toBe('suiteEnd');
    expect(s.dialoguesInSuite).toBe(17);
    expect(s.wouldDecideAt).toBeGreaterThan(17);
    expect(run.stdout).toMatch(
      new RegExp(
        `Not decided: the selection ended with budget left, after 17 of 17 dialogues \\(\\d+ model calls\\) in [\\d.a-z ]+ of 15 min; a fall of 10 pp not yet ruled out for .*; at the differences seen so far, about ${s.wouldDecideAt} dialogues would decide \\(the selection has 17: select more, or widen --margin from 10 pp\\)`,
      ),
    );
    expect(run.stdout).not.toMatch(/No change/);
    expect(readFileSync(join(out, 'report.md'), 'utf8')).not.toMatch(/No change/);
  }, 120_000);

  // Issue 45, item 9: an undecided run was headlined "✔ PASSED … gate passed", with no metric's move shown.
  it('an undecided run is its own verdict: the first line of console, report.md, report.html and junit.xml says "not decided — let through" (exit 0) or "not decided" (exit 1), never "passed", and each metric\'s move on the paired dialogues is shown', () => {
    const shard = ['--dataset', 'datasets/model/split.yaml', '--shard', '1/8', '--llm', 'heuristic', '--no-progress'];
    const shardBaseline = join(dir, 'split-shard.json');
    cli(['run', ...shard, '--out', join(dir, 'split-base-9'), '--baseline', shardBaseline, '--update-baseline']);
    const gated = (out: string, extra: string[]) =>
      cli(['run', ...shard, '--perturb', 'drop=0.1', '--out', join(dir, out), '--baseline', shardBaseline, '--sequential', '--margin', '0.1', ...extra]);
    const firstLines = (out: string, stdout: string) => {
      const html = readFileSync(join(dir, out, 'report.html'), 'utf8');
      const badge = /<div class="verdict-row">([\s\S]*?)<\/div>/.exec(html)![1]!.replace(/<[^>]+>/g, ' ');
      const junit = readFileSync(join(dir, out, 'junit.xml'), 'utf8').split('\n')[1]!;
      return [stdout.split('\n')[0]!, readFileSync(join(dir, out, 'report.md'), 'utf8').split('\n')[0]!, badge, junit];
    };
    const through = gated('undecided-pass', ['--undecided', 'pass']);
    expect(through.status).toBe(0);
    expect(report(join(dir, 'undecided-pass')).gate.sequential.decision).toBe('undecided');
    for (const line of firstLines('undecided-pass', through.stdout)) {
      expect(line.toLowerCase()).toContain('not decided — let through');
      expect(line).not.toMatch(/gate passed|PASSED|✔|✅|✓/);
    }
    expect(through.stdout).toMatch(/Against the baseline: .*Batch splitting -\d+\.\d pp/);
    const held = gated('undecided-fail', []);
    expect(held.status).toBe(1);
    for (const line of firstLines('undecided-fail', held.stdout)) {
      expect(line.toLowerCase()).toContain('not decided');
      expect(line.toLowerCase()).not.toContain('let through');
      expect(line).not.toMatch(/gate passed|PASSED|✔|✅|✓/);
    }
    const zh = gated('undecided-zh', ['--undecided', 'pass', '--lang', 'zh']);
    expect(zh.stdout.split('\n')[0]).toContain('未定 — 放行');
    expect(zh.stdout.split('\n')[0]).not.toMatch(/门禁通过|✔/);
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
    expect(run.stdout).toMatch(
      /Not decided: the budget of 20 calls ran out after \d+ of 518 dialogues \(\d+ of 20 calls\); .*; at the differences seen so far, about \d+ dialogues would decide( \(.*\))?; an undecided run fails the gate \(--undecided pass lets it through\)/,
    );
    expect(s.wouldDecideAt).toBeGreaterThan(s.dialoguesTested);
    expect(run.stdout).not.toMatch(/No change/);
    const passing = cli([
      'run',
      ...SUITE,
      '--out',
      join(dir, 'budget-pass'),
      '--baseline',
      baseline,
      '--sequential',
      '--budget',
      '20calls',
      '--undecided',
      'pass',
    ]);
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
    cli([
      'run',
      '--dataset',
      'datasets/model/judge.yaml',
      '--llm',
      'heuristic',
      '--no-progress',
      '--out',
      join(dir, 'single'),
      '--baseline',
      single,
      '--update-baseline',
    ]);
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
    const s = report.gate.sequential;
    expect(s.decision).toBe('regression');
    expect(s.alarmed).toEqual(
      namedUnderFamily(Object.fromEntries(s.metrics.map((m: { name: string; eRegression: number }) => [m.name, m.eRegression])), s.alpha),
    );
    const corrections = s.metrics.find((m: { name: string }) => m.name === 'correctionHandled');
    expect(corrections.current).toBeLessThan(corrections.baseline);
  }, 120_000);
});
