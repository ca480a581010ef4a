import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { cli } from '../support/cli.js';
import { BROKEN_ID, threeRuns, type ThreeRuns } from './threeRuns.js';

describe('three runs: baseline, regressed, fixed', () => {
  let r: ThreeRuns;
  beforeAll(() => {
    r = threeRuns();
  }, 120_000);

  it('exit codes: the regressed run and its comparison fail the gate, the others pass', () => {
    expect(r.outputs.map((o) => o.status)).toEqual([0, 1, 0, 1]);
  });

  it('gives three rows in `history --json`, the regressed one failing', () => {
    const listed = cli(['history', '--history', r.history, '--json']);
    expect(listed.status).toBe(0);
    const rows = JSON.parse(listed.stdout) as { id: number; passed: boolean; dialogues: { failed: number }; metrics: Record<string, number> }[];
    expect(rows.map((row) => [row.id, row.passed, row.dialogues.failed])).toEqual([
      [1, true, 0],
      [2, false, 1],
      [3, true, 0],
    ]);
    expect(rows[1]!.metrics['correctionIndexMapping']).toBeLessThan(rows[0]!.metrics['correctionIndexMapping']!);
    const table = cli(['history', '--history', r.history]);
    expect(table.stdout.split('\n').filter((line) => /^\d+\s/.test(line))).toHaveLength(3);
  });

  it('says in plain words what was measured and what changed', () => {
    const regressed = r.outputs[1]!.stdout;
    expect(regressed).toContain('Protocol conformance with scripted answers');
    expect(regressed).toMatch(/Against the baseline: dialogue success \(share of runs passed\) [^;]+; 1 dialogue broke; Correction index mapping -11\.1 pp/);
    const md = readFileSync(join(r.runs[1]!, 'report.md'), 'utf8');
    expect(md).toMatch(/> \*\*Against the baseline: dialogue success [^;]+; 1 dialogue broke;/);
    expect(md).toMatch(/### Biggest movers vs baseline[\s\S]*纠正更新通知 \| scenario \| 0\/1 \| 1 → 0 passed \(1 broke\) \|/);
  });

  it('report.md of the fixed run has a one-line trend per metric showing the dip', () => {
    const md = readFileSync(join(r.runs[2]!, 'report.md'), 'utf8');
    expect(md).toContain('### Trend (3)');
    expect(md).toMatch(/- Correction index mapping: █▁█ 100\.0% → 100\.0% \(range 88\.9%–100\.0%\)/);
    // A metric that did not move is a level line (issue 40: not "███" blocks).
    expect(md).toMatch(/- Batch splitting: ─── 100\.0% → 100\.0%\n/);
  });

  it('report.json keeps slices but no history view, so same inputs still give the same bytes', () => {
    const report = JSON.parse(readFileSync(join(r.runs[1]!, 'report.json'), 'utf8')) as Record<string, unknown> & {
      slices: { kind: string; name: string; dialogues: { failed: number } }[];
    };
    expect(report['view']).toBeUndefined();
    const correction = report.slices.find((s) => s.kind === 'feature' && s.name === 'correction');
    expect(correction?.dialogues.failed).toBe(1);
    expect(report.slices.some((s) => s.kind === 'seed' && s.name === 'seed-001')).toBe(true);
    expect(report.slices.some((s) => s.kind === 'file' && s.name.endsWith('suite.yaml'))).toBe(true);
  });

  it('compare A B --out writes a Markdown comparison naming the flipped dialogue and its differing fields', () => {
    expect(r.outputs[3]!.stdout).toContain(`REGRESSION dialogue ${BROKEN_ID}: pass → fail`);
    const md = readFileSync(join(r.compareOut, 'comparison.md'), 'utf8');
    expect(md).toMatch(/^## ❌ Comparison: Dialogue success \(share of runs passed\) [^\n]+\n\n1 dialogue broke, 0 fixed/m);
    expect(md).toContain(`#### \`${BROKEN_ID}\``);
    expect(md).toMatch(/\| 2 \| \*\*batch\*\* \| `#0 pending ¥22\.00 EXPENSE 餐饮 牛肉面 #1 pending ¥2\.50[^|]*\| `#0 pending ¥2\.50 EXPENSE 餐饮 牛肉面/);
    expect(md).toContain('| Correction index mapping | 100.0% | 88.9% | -11.1 pp |');
  });

  it('compare --out refuses a slim baseline with exit 2 and writes nothing', () => {
    const out = join(r.dir, 'refused');
    const baseline = join(r.dir, 'baseline.json');
    expect(
      cli([
        'run',
        '--dataset',
        join(r.dir, 'suite.yaml'),
        '--out',
        join(r.dir, 'b'),
        '--no-history',
        '--update-baseline',
        '--baseline',
        baseline,
        '--no-progress',
      ]).status,
    ).toBe(0);
    const result = cli(['compare', baseline, join(r.runs[1]!, 'report.json'), '--out', out]);
    expect(result.status).toBe(2);
    expect(result.stderr).toContain('not a report.json');
    expect(result.stdout).toBe('');
    expect(() => readFileSync(join(out, 'comparison.html'))).toThrow();
    // Without --out, a baseline is still fine (the command's old behaviour).
    expect(cli(['compare', baseline, join(r.runs[1]!, 'report.json')]).status).toBe(1);
  });
});
