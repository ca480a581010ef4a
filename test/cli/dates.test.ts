import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import type { ReadReport as Report } from '../../src/report/model/reportTypes.js';
import { cli, tempDir } from '../support/cli.js';

const readReport = (dir: string) => JSON.parse(readFileSync(join(dir, 'report.json'), 'utf8')) as Report;

function dataset(yaml: string): string {
  const file = join(tempDir(), 'dates.yaml');
  writeFileSync(file, yaml);
  return file;
}

// For the heuristic reference, which resolves the days itself: no script.
const HEURISTIC = dataset(`- id: run-today
  turns:
    - user: 昨天打车30
      expect: {route: llm, batch: [{amount: 30, date: "2024-02-29"}]}
    - user: 确认
      expect: {saved: [{amount: 30, date: "2024-02-29"}]}
- id: own-today
  today: "2026-03-01"
  turns:
    - user: 午饭35
      expect: {route: llm, batch: [{amount: 35, date: null}]}
    - user: 确认
      expect: {saved: [{amount: 35, date: "2026-03-01"}]}
`);

describe('run --today (issue 39: a clock for every dialogue)', () => {
  it("resolves days against it, records it in provenance, and saves rows on the day meant or the dialogue's today", () => {
    const out = tempDir();
    const db = join(tempDir(), 'rows.sqlite');
    const result = cli([
      'run',
      '--llm',
      'heuristic',
      '--dataset',
      HEURISTIC,
      '--today',
      '2024-03-01',
      '--db',
      db,
      '--out',
      out,
      '--no-progress',
      '--no-history',
    ]);
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
    const report = readReport(out);
    expect(report.run.provenance?.today).toBe('2024-03-01');
    expect(report.dialogues.map((d) => [d.id, d.today])).toEqual([
      ['run-today', undefined],
      ['own-today', '2026-03-01'],
    ]);
    const rows = new Database(db, { readonly: true }).prepare('SELECT amount, date FROM transactions ORDER BY rowid').all();
    expect(rows).toEqual([
      { amount: 30, date: '2024-02-29' },
      { amount: 35, date: '2026-03-01' },
    ]);
    expect(report.metrics.dates.counts).toEqual({ judged: 2, right: 2 });
  });

  it('without --today the fixed default 2026-03-01, so a run reproduces on any day', () => {
    const out = tempDir();
    cli(['run', '--llm', 'heuristic', '--dataset', HEURISTIC, '--out', out, '--no-progress', '--no-history']);
    const report = readReport(out);
    expect(report.run.provenance?.today).toBe('2026-03-01');
    // 昨天 is then 2026-02-28: the first dialogue's 2024-02-29 fails, the second (its own today) passes.
    expect(report.dialogues.map((d) => d.passed)).toEqual([false, true]);
  });

  it.each([
    ['2026-02-30', '2026-02 has 28 days'],
    ['yesterday', 'not written YYYY-MM-DD'],
    ['2026-3-1', 'not written YYYY-MM-DD'],
  ])('--today %s is bad input: exit 2 before anything runs', (day, why) => {
    const out = join(tempDir(), 'never');
    const result = cli(['run', '--dataset', HEURISTIC, '--today', day, '--out', out, '--no-progress', '--no-history']);
    expect(result.status).toBe(2);
    expect(result.stderr).toContain(`--today ${day}: must be a calendar day YYYY-MM-DD (${why})`);
    expect(() => readFileSync(join(out, 'report.json'))).toThrow();
  });
});

const TWO_ITEMS = `    - user: 昨天打车30，午饭25
      llm: {parse: {transactions: [{amount: 30, type: EXPENSE, category: 交通, description: 打车, date: "2026-02-28"}, {amount: 25, type: EXPENSE, category: 餐饮, description: 午饭, date: null}]}}
      expect: {route: llm, batch: [{amount: 30, date: "2026-02-28"}, {amount: 25, date: null}]}
    - user: 午饭那笔是前天的
      llm: {correct: {corrections: [{index: INDEX, updatedFields: {date: "2026-02-27"}}], intent: correction, confidence: 0.9}}
      expect: {batch: [{amount: 30, date: "2026-02-28"}, {amount: 25, date: "2026-02-27"}]}
`;

function scriptedRun(index: number): Report {
  const out = tempDir();
  const file = dataset(`- id: date-correction\n  turns:\n${TWO_ITEMS.replace('INDEX', String(index))}`);
  cli(['run', '--dataset', file, '--out', out, '--no-progress', '--no-history']);
  return readReport(out);
}

describe('the dates metric, and a date-only correction in the correction metrics (issue 39 item 4)', () => {
  it("counts the parse's dated items and the item the correction re-dates, a restated day not again", () => {
    const report = scriptedRun(1);
    expect(report.summary.dialogues.passed).toBe(1);
    expect(report.metrics.dates.counts).toEqual({ judged: 3, right: 3 });
    expect(report.metrics.dates.details).toEqual({
      byParse: { judged: 2, right: 2, share: 1 },
      byCorrection: { judged: 1, right: 1, share: 1 },
    });
    expect(report.metrics.correctionIndexMapping.counts).toMatchObject({ judged: 1, rightIndex: 1, exactBatch: 1 });
    expect(report.metrics.correctionHandled.counts).toEqual({ judged: 1, handled: 1 });
  });

  it("a correction that moved the wrong item's day is wrong in all three", () => {
    const report = scriptedRun(0);
    expect(report.summary.dialogues.failed).toBe(1);
    expect(report.metrics.dates.counts).toEqual({ judged: 3, right: 2 });
    expect(report.metrics.dates.details?.['byCorrection']).toEqual({ judged: 1, right: 0, share: 0 });
    expect(report.metrics.correctionIndexMapping.counts).toMatchObject({ judged: 1, rightIndex: 0, exactBatch: 0 });
    expect(report.metrics.correctionHandled.counts).toEqual({ judged: 1, handled: 0 });
    const batch = report.dialogues[0]!.turns[1]!.checks.find((c) => c.name === 'batch')!;
    // The snapshot carries the dates, so the report shows what moved.
    expect(batch.actual).toMatchObject([
      { amount: 30, date: '2026-02-27' },
      { amount: 25, date: null },
    ]);
  });

  it('is n/a on a run where no dataset states a date', () => {
    const out = tempDir();
    cli(['run', '--filter', 'seed-000', '--exclude', 'dates', '--out', out, '--no-progress', '--no-history']);
    expect(readReport(out).metrics.dates.counts.judged).toBe(0);
    expect(readFileSync(join(out, 'report.md'), 'utf8')).toMatch(/Dates[^\n]*n\/a/);
  });
});
