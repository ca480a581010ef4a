import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { cli, cliAsync, joinFlags, tempDir, type CliResult } from '../support/cli.js';
import { servedOrdinalRuns } from '../support/servedLlm.js';

// Issue 38, "one verdict, one exit code": shards in a CI matrix are how a large suite runs, so
// `merge --baseline` must say what `run --baseline` says on the same dialogues unsharded. The
// heuristic model fails some of these dialogues in the baseline already (they must not turn the
// merged gate red), and `ordinalAsIndex=1` is a deterministic worse model (every 第N笔 read as index
// N). Random --perturb rates draw by call number, so shards would see other noise than the whole
// run: a deterministic perturbation is what makes the two runs comparable dialogue for dialogue.
const SUITE = ['--dataset', 'datasets/model/correct-ordinal.yaml', 'datasets/model/judge.yaml', '--llm', 'heuristic', '--no-progress'];

function read(dir: string) {
  return JSON.parse(readFileSync(join(dir, 'report.json'), 'utf8'));
}

/** What a verdict is made of, without wall time, where the files came from, or which shard. */
function verdictOf(report: ReturnType<typeof read>) {
  const { timing: _t, startedAt: _s, finishedAt: _f, shard: _sh, selection: _sel, provenance: _p, ...run } = report.run;
  return { ...report, run };
}

function wholeAndMerged(dir: string, baseline: string, extra: readonly string[]): { whole: CliResult; merged: CliResult } {
  const whole = cli(['run', ...SUITE, ...extra, '--out', join(dir, 'whole'), '--baseline', baseline]);
  const shards = [1, 2, 3].map((i) => {
    const out = join(dir, `shard-${i}`);
    const shard = cli(['run', ...SUITE, ...extra, '--shard', `${i}/3`, '--out', out]);
    expect(shard.status, shard.stderr).not.toBe(2);
    return join(out, 'report.json');
  });
  const merged = cli(['merge', ...shards, '--out', join(dir, 'merged'), '--baseline', baseline]);
  return { whole, merged };
}

describe.each([
  // A backend whose answers repeat runs once at any --repeat (issue 45, item 1): a perturbed one at rate 0 answers alike yet counts as noisy.
  ['--repeat 2 (the paired gate)', ['--repeat', '2', '--perturb', 'drop=0']],
  ['one run (the fixed gate)', []],
])('run --baseline and merge --baseline of three shards, %s', (_name, repeat) => {
  const dir = tempDir('sharded-gate-');
  const baseline = join(dir, 'baseline.json');

  beforeAll(() => {
    const made = cli(['run', ...SUITE, ...repeat, '--out', join(dir, 'base'), '--baseline', baseline, '--update-baseline']);
    expect(made.status, made.stderr).toBe(1);
    expect(read(join(dir, 'base')).summary.dialogues.failed).toBeGreaterThan(0);
  }, 120_000);

  it.each([
    ['the same model, with dialogues that already failed in the baseline', [], 0],
    ['a model that reads 第N笔 as index N', ['--perturb', 'ordinalAsIndex=1'], 1],
  ])(
    '%s: the same verdict, exit code, metrics and counts',
    (name, model, exit) => {
      const out = join(dir, name.replace(/\W+/g, '-'));
      const { whole, merged } = wholeAndMerged(out, baseline, joinFlags(repeat, model));
      expect(whole.status, whole.stderr).toBe(exit);
      expect(merged.status, merged.stderr).toBe(whole.status);
      const single = read(join(out, 'whole'));
      const joined = read(join(out, 'merged'));
      expect(joined.gate.passed).toBe(single.gate.passed);
      expect(joined.gate.regressions).toEqual(single.gate.regressions);
      expect(joined.gate.paired).toEqual(single.gate.paired);
      expect(joined.metrics).toEqual(single.metrics);
      expect(joined.summary).toEqual(single.summary);
      expect(joined.repeated).toEqual(single.repeated);
      expect(verdictOf(joined)).toEqual(verdictOf(single));
      if (repeat.length > 0) expect(joined.gate.paired.dialogues).toBe(single.summary.dialogues.total);
      const headline = readFileSync(join(out, 'merged', 'report.md'), 'utf8').split('\n')[0];
      expect(headline).toBe(readFileSync(join(out, 'whole', 'report.md'), 'utf8').split('\n')[0]);
    },
    120_000,
  );
});

// Issue 45 item 4: shards that pair only part of their baseline. The whole run keeps each
// dialogue's scores to score the metrics over the paired dialogues; every shard keeps them too, so
// merge reaches the same verdict rather than saying the metrics were not compared.
describe('partly paired shards: merge --baseline names the metric regressions run --baseline names (issue 45 item 4)', () => {
  const dir = tempDir('sharded-partly-');
  const baseline = join(dir, 'baseline.json');

  it('a baseline of correct-ordinal.yaml only, shards of it and judge.yaml with 第N笔 read as index N', () => {
    const made = cli([
      'run',
      '--dataset',
      'datasets/model/correct-ordinal.yaml',
      '--llm',
      'heuristic',
      '--no-progress',
      '--out',
      join(dir, 'base'),
      '--baseline',
      baseline,
      '--update-baseline',
    ]);
    expect(made.status, made.stderr).not.toBe(2);
    const { whole, merged } = wholeAndMerged(dir, baseline, ['--perturb', 'ordinalAsIndex=1']);
    expect(whole.status, whole.stderr).toBe(1);
    const single = read(join(dir, 'whole'));
    const joined = read(join(dir, 'merged'));
    expect(single.gate.pairing.onlyInRun).toBeGreaterThan(0);
    const metricsOf = (gate: { regressions: { kind: string; name: string }[] }) => gate.regressions.filter((r) => r.kind === 'metric').map((r) => r.name);
    expect(metricsOf(single.gate).length).toBeGreaterThan(1);
    expect(merged.status, merged.stderr).toBe(1);
    expect(metricsOf(joined.gate)).toEqual(metricsOf(single.gate));
    expect(joined.gate.regressions).toEqual(single.gate.regressions);
    expect(joined.gate.pairing).toEqual(single.gate.pairing);
    expect(JSON.stringify(joined.gate.warnings ?? [])).not.toMatch(/metrics were not compared/);
  }, 120_000);
});

// Issue 45 item 5: the shards of one run against a model over HTTP (serve-llm, the heuristic behind
// it, on 127.0.0.1) each count their own answers; merge sums them, and refuses shards that asked
// the model otherwise, naming the setting.
describe('three shards of a served model merge into the whole run (issue 45 item 5)', () => {
  const dir = tempDir('sharded-served-');
  const served = servedOrdinalRuns();
  const shardsOf = async (name: string, perShard: (i: number) => readonly string[] = () => []) => {
    const files: string[] = [];
    for (const i of [1, 2, 3]) {
      const out = join(dir, `${name}-${i}`);
      const shard = await served(['--shard', `${i}/3`, ...perShard(i)], out);
      expect(shard.status, shard.stderr).not.toBe(2);
      files.push(join(out, 'report.json'));
    }
    return files;
  };

  it('merge sums the answer counts and gates as run --baseline does on the whole selection', async () => {
    const baseline = join(dir, 'baseline.json');
    const made = await served(['--baseline', baseline, '--update-baseline'], join(dir, 'base'));
    expect(made.status, made.stderr).not.toBe(2);
    const whole = await served(['--baseline', baseline], join(dir, 'whole'));
    expect(whole.status, whole.stderr).toBe(0);
    const shards = await shardsOf('shard');
    const answered = shards.map((file) => JSON.parse(readFileSync(file, 'utf8')).run.llm.answers.live as number);
    expect(new Set(answered).size).toBeGreaterThan(1);
    const merged = await cliAsync(['merge', ...shards, '--out', join(dir, 'merged'), '--baseline', baseline]);
    expect(merged.stderr).toBe('');
    expect(merged.status).toBe(0);
    const single = read(join(dir, 'whole'));
    const joined = read(join(dir, 'merged'));
    expect(joined.run.llm.answers.live).toBe(answered.reduce((a, b) => a + b, 0));
    expect(joined.run.llm).toEqual(single.run.llm);
    // Scores, not the latency percentiles over real HTTP, which differ from run to run.
    const scores = (report: ReturnType<typeof read>) =>
      Object.fromEntries(Object.entries(report.metrics as Record<string, { score: number | null }>).map(([name, m]) => [name, m.score]));
    expect(scores(joined)).toEqual(scores(single));
    expect(joined.summary).toEqual(single.summary);
    expect(joined.gate.passed).toBe(single.gate.passed);
    expect(joined.gate.answerChanges).toEqual(single.gate.answerChanges);
  }, 120_000);

  it.each([
    ['--today', (i: number) => (i === 2 ? ['--today', '2026-04-01'] : []), /today/],
    ['--temperature', (i: number) => (i === 3 ? ['--temperature', '0.7'] : []), /sampling/],
    ['--response-format', (i: number) => (i === 2 ? ['--response-format', 'json_object'] : []), /sampling/],
  ])(
    'a shard run with another %s is refused (exit 2), naming the setting and the file',
    async (flag, perShard, setting) => {
      const shards = await shardsOf(flag.replace(/\W+/g, ''), perShard);
      const merged = await cliAsync(['merge', ...shards, '--out', join(dir, `merged-${flag.replace(/\W+/g, '')}`)]);
      expect(merged.status).toBe(2);
      expect(merged.stderr).toMatch(/^cannot merge: /);
      expect(merged.stderr).toMatch(setting);
      expect(merged.stderr).toContain(shards.find((_, i) => perShard(i + 1).length > 0)!);
    },
    120_000,
  );
});
