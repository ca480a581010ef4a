import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { SimulationComparison } from '../../src/report/model/simulationComparison.js';
import type { SimulationReport } from '../../src/report/model/simulationReport.js';
import { ROOT, cli, tempDir } from '../support/cli.js';
import { scoreSimulation } from '../../src/users/scores.js';

const dir = tempDir();
function simulate(name: string, seed: number, ...extra: string[]): string {
  const out = join(dir, name);
  expect(cli(['simulate', '--users', '80', '--seed', String(seed), '--out', out, '--no-history', ...extra]).status).toBe(0);
  return join(out, 'report.json');
}
const read = (file: string) => JSON.parse(readFileSync(file, 'utf8')) as SimulationReport;

/** Each user's verdict from the runs in a report: reached the goal in every run. */
function verdicts(file: string): Map<number, boolean> {
  const users = new Map<number, boolean>();
  for (const run of read(file).runs) users.set(run.userId, (users.get(run.userId) ?? true) && run.outcome === 'success');
  return users;
}

describe('compare A B on two simulate reports (issue 15 item 3)', () => {
  const clean = simulate('clean', 5);
  const noisy = simulate('noisy', 5, '--perturb', 'drop=0.15,amount=0.1');
  const other = simulate('other-seed', 7);

  it('success-rate deltas with intervals by goal size and feature, and the users who flipped each way; a drop fails the gate', () => {
    const out = join(dir, 'cmp');
    const result = cli(['compare', clean, noisy, '--out', out, '--json']);
    expect(result.status).toBe(1);
    const comparison = JSON.parse(result.stdout) as Omit<SimulationComparison, 'a' | 'b'> & { kind: string };
    expect(comparison.kind).toBe('simulation-comparison');
    const [a, b] = [read(clean), read(noisy)];
    const success = comparison.overall[0]!;
    expect(success.a).toEqual({ succeeded: a.scores.overall.succeeded, runs: 80, rate: a.scores.overall.successRate });
    expect(success.delta).toBeCloseTo(b.scores.overall.successRate - a.scores.overall.successRate, 4);
    expect(success.delta!).toBeLessThan(0);
    expect(success.interval![0]).toBeLessThanOrEqual(success.delta!);
    expect(success.interval![1]).toBeGreaterThanOrEqual(success.delta!);
    expect(comparison.byGoalSize.map((d) => d.name)).toEqual(a.scores.byGoalSize.map((s) => `goal size ${s.goalSize}`));
    expect(comparison.byFeature).toHaveLength(2 * a.scores.byFeature.length);

    const [before, after] = [verdicts(clean), verdicts(noisy)];
    const broke = [...before].filter(([id, ok]) => ok && !after.get(id)).map(([id]) => id);
    const fixed = [...before].filter(([id, ok]) => !ok && after.get(id)).map(([id]) => id);
    expect(broke.length).toBeGreaterThan(0);
    expect(comparison.flips.filter((f) => f.direction === 'broke').map((f) => f.userId)).toEqual(broke);
    expect(comparison.flips.filter((f) => f.direction === 'fixed').map((f) => f.userId)).toEqual(fixed);
    expect(comparison.regressions[1]).toBe(
      `${broke.length} ${broke.length === 1 ? 'user no longer reaches' : 'users no longer reach'} the goal: ${broke.slice(0, 10).join(', ')}${broke.length > 10 ? ', …' : ''}`,
    );

    expect(result.stderr).toContain(`Comparison: ${out}/{comparison.html,comparison.md}`);
    const md = readFileSync(join(out, 'comparison.md'), 'utf8');
    expect(md).toContain(`### Broke (${broke.length})`);
    expect(md).toContain(`- user ${broke[0]} (`);
    const html = readFileSync(join(out, 'comparison.html'), 'utf8');
    expect(html.match(/<li data-user=/g)).toHaveLength(broke.length + fixed.length);
    expect(html).not.toContain('<script');
  });

  // Issue 32: "user 4 (3 items): 1/1 → 0/1" with no transcript, and red on deltas chance alone could make.
  it('shows one conversation per way users broke, and paints no delta whose interval includes 0', () => {
    const out = join(dir, 'cmp-examples');
    const result = cli(['compare', clean, noisy, '--out', out, '--json']);
    const comparison = JSON.parse(result.stdout) as Omit<SimulationComparison, 'a' | 'b'>;
    const b = read(noisy);
    const broke = comparison.flips.filter((f) => f.direction === 'broke');
    expect(comparison.examples.reduce((sum, e) => sum + e.users, 0)).toBe(broke.filter((f) => b.failures.some((x) => x.userId === f.userId)).length);
    expect(new Set(comparison.examples.map((e) => e.outcome)).size).toBe(comparison.examples.length);
    const first = comparison.examples[0]!;
    const md = readFileSync(join(out, 'comparison.md'), 'utf8');
    expect(md).toContain('## What broke, one conversation each');
    expect(md).toContain(`e.g. user ${first.failure.userId}, run ${first.failure.repeat}`);
    expect(md).toContain(`- 🗣 ${first.failure.transcript[0]!.user.replace(/([\\`*_[\]#~|])/g, '\\$1')}`);
    const html = readFileSync(join(out, 'comparison.html'), 'utf8');
    expect(html.match(/<article class="example"/g)).toHaveLength(Math.min(5, comparison.examples.length));
    const rows = [...comparison.overall, ...comparison.byGoalSize, ...comparison.byFeature];
    const chance = rows.filter((d) => d.interval && d.interval[0] <= 0 && d.interval[1] >= 0 && d.delta !== 0);
    expect(chance.length).toBeGreaterThan(0);
    for (const row of chance) {
      const cell = new RegExp(`<tr data-slice="${row.name}">.*?<td class="num ([^"]*)">[^<]*</td></tr>`).exec(html);
      expect(cell?.[1], row.name).toBe('muted');
    }
  });

  it('the same report twice passes; a drop within --tolerance passes when nobody broke', () => {
    const same = cli(['compare', clean, clean]);
    expect(same.status).toBe(0);
    expect(same.stdout).toContain('±0.0 pp');
    expect(same.stdout).toContain('0 users broke, 0 fixed');
    expect(same.stdout).toContain('gate: pass');
  });

  it('different seeds are different people: no per-user flips, only the rates', () => {
    const result = cli(['compare', clean, other, '--tolerance', '1']);
    expect(result.status).toBe(0);
    expect(result.stdout).toContain('different seeds, so different users (no per-user flips)');
  });

  // Issue 38 item 5: two seeds of one population and model read "−0.5 pp could be chance", then "Gate: FAIL tolerance 0.0 pp", exit 1.
  it('two seeds of one population and model: a fall chance can make passes (exit 0) with no --tolerance', () => {
    const result = cli(['compare', clean, other, '--json']);
    const comparison = JSON.parse(result.stdout) as Omit<SimulationComparison, 'a' | 'b'>;
    const success = comparison.overall[0]!;
    expect(success.delta).not.toBe(0);
    expect(success.interval![0]).toBeLessThan(0);
    expect(success.interval![1]).toBeGreaterThan(0);
    expect(comparison.regressions).toEqual([]);
    expect(result.status).toBe(0);
  });

  it('the same population against a perturbed model: task success fell beyond chance, exit 1, the users who broke as its evidence', () => {
    const result = cli(['compare', clean, noisy]);
    expect(result.status).toBe(1);
    expect(result.stdout).toMatch(/REGRESSION task success fell \d+\.\d pp \(95 % interval -\d+\.\d pp to -\d+\.\d pp, very unlikely to be chance\)/);
    expect(result.stdout).toMatch(/REGRESSION \d+ users? no longer reach(es)? the goal/);
  });

  it('a model that answers alike on the same seed keeps the exact gate: one user who broke fails it', () => {
    const report = read(clean);
    const passing = report.runs.find((r) => r.outcome === 'success')!;
    const runs = report.runs.map((r) => (r === passing ? { ...r, outcome: 'gaveUp' as const } : r));
    // The scores are recomputed from the edited runs: compare refuses a report whose scores are not its runs' (issue 47 item 12).
    const edited = { ...report, runs, scores: scoreSimulation(runs, report.run.repeat) };
    const file = join(dir, 'one-broke.json');
    writeFileSync(file, JSON.stringify(edited));
    const result = cli(['compare', clean, file]);
    expect(result.status).toBe(1);
    expect(result.stdout).toContain(`REGRESSION 1 user no longer reaches the goal: ${passing.userId}`);
  });

  it('--alpha other than 0.05 on two simulate reports is exit 2: they are gated on the 95 % interval their pages show', () => {
    const result = cli(['compare', clean, other, '--alpha', '0.01']);
    expect(result.status).toBe(2);
    expect(result.stderr).toContain('--alpha applies to run reports; two simulate reports are gated on the 95 % interval their pages show');
  });

  it('a simulate report against a run report, or a damaged one, is exit 2 with the file named, and nothing is written', () => {
    const out = join(dir, 'mixed');
    const mixed = cli(['compare', clean, join(ROOT, 'reports/baseline.json'), '--out', out]);
    expect(mixed.status).toBe(2);
    expect(mixed.stderr).toContain('reports/baseline.json: not a simulate report.json (kind is not "simulation"');
    expect(existsSync(out)).toBe(false);
    const missing = cli(['compare', clean, join(dir, 'nope.json')]);
    expect(missing.status).toBe(2);
    expect(missing.stderr).toContain('nope.json: cannot read report (no such file)');
  });
});
