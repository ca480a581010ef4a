import { existsSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Report } from '../../src/report/model/reportTypes.js';
import { cli, tempDir } from '../support/cli.js';
import { lunchDialogue } from '../support/lunchDialogue.js';

const readReport = (dir: string) => JSON.parse(readFileSync(join(dir, 'report.json'), 'utf8')) as Report;

/** Drops what may vary between runs: run.startedAt, run.finishedAt, run.timing. */
function stable(report: Report): unknown {
  const { startedAt: _s, finishedAt: _f, timing: _t, ...run } = report.run;
  return { ...report, run };
}

const SMALL = lunchDialogue('small-confirm', { confirm: true });

describe('nlu-harness run (bundled suite)', () => {
  it('runs >= 80 dialogues, all passing, and writes the four reports', () => {
    const out = tempDir();
    const result = cli(['run', '--out', out, '--no-progress']);
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
    const report = readReport(out);
    expect(report.summary.dialogues.total).toBeGreaterThanOrEqual(80);
    expect(report.summary.dialogues.failed).toBe(0);
    expect(readdirSync(out).sort()).toEqual(['junit.xml', 'report.html', 'report.json', 'report.md']);
    for (const name of ['batchSplitting', 'correctionIndexMapping', 'confidenceFallback', 'routing', 'latency', 'tts', 'persistence', 'dialogueSuccess']) {
      expect(report.metrics[name as keyof Report['metrics']].score).toBe(1);
    }
  });

  it('two runs of the same inputs are identical apart from run.startedAt, run.finishedAt and run.timing', () => {
    const [a, b] = [tempDir(), tempDir()];
    // The run history is an input too (report.md shows its trend): leave it out of both runs.
    expect(cli(['run', '--out', a, '--no-progress', '--no-history']).status).toBe(0);
    expect(cli(['run', '--out', b, '--no-progress', '--no-history']).status).toBe(0);
    expect(stable(readReport(a))).toEqual(stable(readReport(b)));
    for (const file of ['report.md', 'junit.xml']) {
      const strip = (text: string) => text.replace(/\d{4}-\d\d-\d\dT[\d:.]+Z/g, 'T');
      expect(strip(readFileSync(join(a, file), 'utf8'))).toBe(strip(readFileSync(join(b, file), 'utf8')));
    }
  });

  it('gold mode with a model that leaves no draft where the dataset expects one (but does not say it) runs on, not a crash', () => {
    const out = tempDir();
    const result = cli(['run', '--mode', 'gold', '--llm', 'heuristic', '--out', out, '--no-progress']);
    expect(result.stderr).not.toMatch(/no DraftBatch/);
    expect([0, 1]).toContain(result.status);
    expect(readReport(out).run.mode).toBe('gold');
  });

  it('gold mode passes the bundled suite too', () => {
    const out = tempDir();
    const result = cli(['run', '--mode', 'gold', '--out', out, '--no-progress']);
    expect(result.status).toBe(0);
    expect(readReport(out).run.mode).toBe('gold');
  });

  it('sharded runs merge into exactly the single run', () => {
    const whole = tempDir();
    expect(cli(['run', '--out', whole, '--no-progress']).status).toBe(0);
    const shards = [1, 2, 3].map((i) => {
      const dir = tempDir();
      expect(cli(['run', '--shard', `${i}/3`, '--out', dir, '--no-progress']).status).toBe(0);
      return join(dir, 'report.json');
    });
    const merged = tempDir();
    expect(cli(['merge', ...shards, '--out', merged]).status).toBe(0);
    const single = stable(readReport(whole)) as { run: Record<string, unknown> };
    const joined = stable(readReport(merged)) as { run: Record<string, unknown> };
    expect({ ...joined, run: { ...joined.run, shard: null } }).toEqual({ ...single, run: { ...single.run, shard: null } });
  });
});

describe('nlu-harness run (exit codes)', () => {
  it('a changed expectation exits 1 and names the dialogue', () => {
    const dir = tempDir();
    const file = join(dir, 'changed.yaml');
    writeFileSync(file, SMALL.replace('amount: 35, category: 餐饮}]', 'amount: 36, category: 餐饮}]'));
    const result = cli(['run', '--dataset', file, '--out', join(dir, 'out'), '--no-progress']);
    expect(result.status).toBe(1);
    expect(result.stdout).toContain('small-confirm');
    expect(readFileSync(join(dir, 'out', 'report.md'), 'utf8')).toContain('small-confirm');
  });

  it('a malformed file exits 2 with file:line and writes nothing', () => {
    const dir = tempDir();
    const file = join(dir, 'bad.yaml');
    writeFileSync(file, SMALL.replace('route: local', 'route: remote'));
    const out = join(dir, 'out');
    const result = cli(['run', '--dataset', file, '--out', out, '--no-progress']);
    expect(result.status).toBe(2);
    expect(result.stderr).toMatch(/bad\.yaml:10:\d+: .*route/);
    expect(existsSync(out)).toBe(false);
  });

  it('read once, run as read: a bad last dialogue still exits 2 with its place and writes no report', () => {
    const dir = tempDir();
    const good = join(dir, 'a.yaml');
    const bad = join(dir, 'b.yaml');
    writeFileSync(good, SMALL);
    writeFileSync(bad, SMALL.replace('small-confirm', 'small-two').replace('route: local', 'route: remote'));
    const out = join(dir, 'out');
    const result = cli(['run', '--dataset', good, bad, '--out', out, '--no-progress', '--no-history']);
    expect(result.status).toBe(2);
    expect(result.stderr).toMatch(/b\.yaml:10:\d+: .*route/);
    expect(existsSync(out)).toBe(false);
    expect(readdirSync(dir).sort()).toEqual(['a.yaml', 'b.yaml']);
  });

  it('a dialogue that flips from pass to fail against the baseline fails the gate and is named', () => {
    const dir = tempDir();
    const good = join(dir, 'good.yaml');
    writeFileSync(good, SMALL);
    const baseline = join(dir, 'baseline.json');
    expect(cli(['run', '--dataset', good, '--no-progress', '--out', join(dir, 'a'), '--baseline', baseline, '--update-baseline']).status).toBe(0);
    // The scripted model now hears 53 instead of 35: the same test (scripted answers are the model, not
    // the dialogue's content), a model that answers alike run after run, so one flip is a change.
    writeFileSync(good, SMALL.replace('parse: {transactions: [{amount: 35', 'parse: {transactions: [{amount: 53'));
    const result = cli(['run', '--dataset', good, '--no-progress', '--out', join(dir, 'b'), '--baseline', baseline]);
    expect(result.status).toBe(1);
    const report = readReport(join(dir, 'b'));
    expect(report.gate?.passed).toBe(false);
    expect(report.gate?.regressions.map((r) => r.name)).toEqual(expect.arrayContaining(['small-confirm', 'dialogueSuccess']));
    const compared = cli(['compare', baseline, join(dir, 'b', 'report.json')]);
    expect(compared.status).toBe(1);
    expect(compared.stdout).toContain('REGRESSION dialogue small-confirm');
  });

  // Issue 38: a dialogue whose content changed is another test; with nothing else to pair, the gate has nothing to judge.
  it('a baseline that shares no dialogue (same id and content) with the run is exit 2 before anything runs, naming both selections', () => {
    const dir = tempDir();
    const good = join(dir, 'good.yaml');
    writeFileSync(good, SMALL);
    const baseline = join(dir, 'baseline.json');
    expect(cli(['run', '--dataset', good, '--out', join(dir, 'a'), '--baseline', baseline, '--update-baseline', '--no-progress']).status).toBe(0);
    writeFileSync(good, SMALL.replace('记录支出35元', '记录支出36元'));
    const out = join(dir, 'b');
    const result = cli(['run', '--dataset', good, '--out', out, '--baseline', baseline, '--no-progress']);
    expect(result.status).toBe(2);
    expect(result.stderr).toContain(
      `nothing to compare: none of this run's 1 dialogues pairs with one of the 1 in the baseline ${baseline} (same id and content); 1 share an id`,
    );
    expect(result.stderr).toContain(`This run: ${good}. The baseline: ${good}.`);
    expect(existsSync(out)).toBe(false);
  });

  it('usage errors exit 2 with a hint', () => {
    expect(cli(['run', '--shard', '4/3']).status).toBe(2);
    expect(cli(['run', '--filter', 'no-such-tag-or-id', '--no-progress']).status).toBe(2);
    const missing = cli(['run', '--baseline', '/nonexistent/baseline.json', '--no-progress']);
    expect(missing.status).toBe(2);
    expect(missing.stderr).toContain('--update-baseline');
    expect(cli(['no-such-command']).status).toBe(2);
  });
});
