import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { appendRun } from '../../src/eval/historyRecord.js';
import { listRuns } from '../../src/history/historyQueries.js';
import { trendFor } from '../../src/eval/historyRecord.js';
import { APPLICATION_ID, HISTORY_SCHEMA_VERSION, HistoryError, MIGRATIONS, openHistory } from '../../src/history/historyStore.js';
import type { Report } from '../../src/report/model/reportTypes.js';
import { cliAsync, tempDir } from '../support/cli.js';
import { failingDialogue, makeReport, passingDialogue } from './fixtures.js';

const slice = {
  kind: 'feature' as const,
  name: 'correction',
  dialogues: { total: 1, passed: 0, failed: 1 },
  metrics: { dialogueSuccess: { score: 0, counts: { judged: 1, passed: 0 } } },
};

function reportAt(startedAt: string, failing: boolean): Report {
  const base = makeReport();
  return {
    ...base,
    run: { ...base.run, startedAt, finishedAt: startedAt },
    dialogues: [passingDialogue, failing ? failingDialogue : { ...failingDialogue, passed: true, failedChecks: 0, runsPassed: 1 }],
    metrics: { ...base.metrics, dialogueSuccess: { ...base.metrics.dialogueSuccess, score: failing ? 0.5 : 1 } },
    summary: { ...base.summary, dialogues: { total: 2, passed: failing ? 1 : 2, failed: failing ? 1 : 0 } },
    slices: [slice],
  };
}

describe('run history in SQLite', () => {
  it('appends a run with provenance, metrics per slice and dialogue outcomes, and lists it', () => {
    const file = join(tempDir(), 'h', 'history.sqlite');
    const db = openHistory(file);
    const provenance = { gitCommit: 'abc123', llm: { baseUrl: 'http://127.0.0.1:8787/v1' }, prompts: { 'parse.txt': 'f00d' } };
    const report = reportAt('2026-01-01T00:00:00.000Z', true);
    const id = appendRun(db, { ...report, run: { ...report.run, provenance } as Report['run'] }, '/tmp/out');
    const [run] = listRuns(db, 10);
    expect(run).toMatchObject({ id, gitCommit: 'abc123', baseUrl: 'http://127.0.0.1:8787/v1', provenance, passed: false, reportDir: '/tmp/out' });
    expect(run!.dialogues).toEqual({ total: 2, passed: 1, failed: 1 });
    expect(run!.metrics['dialogueSuccess']).toBe(0.5);
    const sliceRows = db.prepare(`SELECT metric, score FROM metrics WHERE run_id = ? AND slice = 'feature:correction'`).all(id);
    expect(sliceRows).toEqual([{ metric: 'dialogueSuccess', score: 0 }]);
    const outcomes = db.prepare(`SELECT dialogue_id, outcome FROM dialogues WHERE run_id = ? ORDER BY dialogue_id`).all(id);
    expect(outcomes).toEqual([
      { dialogue_id: 'multi-correct-02', outcome: 'failed' },
      { dialogue_id: 'single-lunch', outcome: 'passed' },
    ]);
    expect(db.pragma('user_version', { simple: true })).toBe(HISTORY_SCHEMA_VERSION);
    const gate = db.prepare('SELECT gate FROM runs WHERE id = ?').get(id) as { gate: string };
    expect(JSON.parse(gate.gate)).toMatchObject({ baseline: 'reports/baseline.json', passed: false });
    db.close();
  });

  it("redacts the run's free text before it lands in the history", () => {
    const db = openHistory(join(tempDir(), 'history.sqlite'));
    const report = reportAt('2026-01-01T00:00:00.000Z', false);
    const leaky = { ...report, run: { ...report.run, provenance: { baseUrl: 'http://127.0.0.1:1/v1?key=sk-secret' } } as Report['run'] };
    const id = appendRun(db, leaky, null, (text) => text.replaceAll('sk-secret', '[redacted]'));
    const row = db.prepare('SELECT base_url, provenance FROM runs WHERE id = ?').get(id) as { base_url: string; provenance: string };
    expect(row.base_url).toBe('http://127.0.0.1:1/v1?key=[redacted]');
    expect(row.provenance).not.toContain('sk-secret');
    db.close();
  });

  it('writes a run in one transaction: a write that fails midway leaves no part of it', () => {
    const db = openHistory(join(tempDir(), 'history.sqlite'));
    const report = reportAt('2026-01-01T00:00:00.000Z', false);
    // The same dialogue id twice breaks the dialogues table's key after the run row was inserted.
    expect(() => appendRun(db, { ...report, dialogues: [passingDialogue, passingDialogue] }, null)).toThrow();
    expect(db.prepare('SELECT count(*) AS n FROM runs').get()).toEqual({ n: 0 });
    expect(db.prepare('SELECT count(*) AS n FROM metrics').get()).toEqual({ n: 0 });
    db.close();
  });

  it('refuses a corrupt file, a foreign SQLite file and a newer schema, leaving each byte for byte', () => {
    const dir = tempDir();
    const corrupt = join(dir, 'corrupt.sqlite');
    writeFileSync(corrupt, 'not a database at all, just some text that is long enough to look like a header '.repeat(20));
    const foreign = join(dir, 'foreign.sqlite');
    const other = new Database(foreign);
    other.exec('CREATE TABLE invoices (id INTEGER PRIMARY KEY, total REAL); INSERT INTO invoices VALUES (1, 9.5)');
    other.close();
    const newer = join(dir, 'newer.sqlite');
    openHistory(newer).close();
    const bump = new Database(newer);
    bump.pragma(`user_version = ${HISTORY_SCHEMA_VERSION + 1}`);
    bump.close();

    for (const [file, message] of [
      [corrupt, /not a usable run history/],
      [foreign, /not an nlu-harness run history/],
      [newer, /newer than this nlu-harness knows/],
    ] as const) {
      const before = readFileSync(file);
      expect(() => openHistory(file)).toThrow(HistoryError);
      expect(() => openHistory(file)).toThrow(message);
      expect(readFileSync(file).equals(before)).toBe(true);
    }
  });

  it('creates an absent history with the current schema, and leaves an empty file (not ours) as it was (issue 31)', () => {
    const dir = tempDir();
    const file = join(dir, 'new.sqlite');
    const db = openHistory(file);
    expect(db.pragma('user_version', { simple: true })).toBe(HISTORY_SCHEMA_VERSION);
    expect(db.pragma('application_id', { simple: true })).toBe(APPLICATION_ID);
    const tables = db.prepare(`SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name`).all();
    expect(tables).toEqual([{ name: 'dialogues' }, { name: 'metrics' }, { name: 'runs' }, { name: 'slices' }]);
    db.close();
    const empty = join(dir, 'empty.sqlite');
    new Database(empty).close();
    expect(() => openHistory(empty)).toThrow(/an empty file, not an nlu-harness run history; the file was left as it was/);
    expect(readFileSync(empty).length).toBe(0);
  });

  it('migrates a v1 history forward, keeping its runs', () => {
    const file = join(tempDir(), 'v1.sqlite');
    const v1 = new Database(file);
    v1.exec(MIGRATIONS[0]!);
    v1.pragma(`application_id = ${APPLICATION_ID}`);
    v1.pragma('user_version = 1');
    v1.prepare(
      `INSERT INTO runs (started_at, finished_at, comparable_key, backend, model, mode, protocol, seed, repeat, datasets, filter,
      passed, dialogues_total, dialogues_passed, dialogues_failed) VALUES ('2026-01-01T00:00:00.000Z', '2026-01-01T00:00:01.000Z', '{}',
      'scripted', 'scripted', 'e2e', 'batch', 1, 1, '["datasets/a.yaml"]', '[]', 1, 3, 3, 0)`,
    ).run();
    v1.close();
    expect(HISTORY_SCHEMA_VERSION).toBeGreaterThan(1);
    const db = openHistory(file);
    expect(db.pragma('user_version', { simple: true })).toBe(HISTORY_SCHEMA_VERSION);
    appendRun(db, reportAt('2026-01-02T00:00:00.000Z', false), null);
    expect(listRuns(db, 10).map((r) => [r.id, r.startedAt, r.datasets])).toEqual([
      [1, '2026-01-01T00:00:00.000Z', ['datasets/a.yaml']],
      [2, '2026-01-02T00:00:00.000Z', ['datasets/single.yaml', 'datasets/multi.yaml']],
    ]);
    db.close();
  });

  it('trends comparable runs only, and says when a failing dialogue last passed and first failed', () => {
    const db = openHistory(join(tempDir(), 'history.sqlite'));
    appendRun(db, reportAt('2026-01-01T00:00:00.000Z', false), null);
    appendRun(db, reportAt('2026-01-02T00:00:00.000Z', true), null);
    const other = reportAt('2026-01-02T12:00:00.000Z', false);
    appendRun(db, { ...other, run: { ...other.run, llm: { backend: 'openai', model: 'qwen-max' } } }, null);
    const current = reportAt('2026-01-03T00:00:00.000Z', true);
    const trend = trendFor(db, current, 10);
    expect(trend.runs.map((r) => [r.id, r.metrics['dialogueSuccess']])).toEqual([
      [1, 1],
      [2, 0.5],
      [null, 0.5],
    ]);
    expect(trend.dialogues).toEqual({
      'multi-correct-02': { lastPassed: '2026-01-01T00:00:00.000Z', firstFailed: '2026-01-02T00:00:00.000Z' },
    });
    expect(trendFor(db, current, 2).runs.map((r) => r.id)).toEqual([2, null]);
    db.close();
  });

  // Issue 32: runs of two different served models behind one --model name were drawn as one trend.
  it('keeps each served model (and fingerprint) its own trend, and gives each earlier run the counts its scores are shares of', () => {
    const db = openHistory(join(tempDir(), 'history.sqlite'));
    const served = (report: Report, models: string[]): Report => ({
      ...report,
      run: { ...report.run, llm: { backend: 'openai', model: 'm', servedModels: models } },
    });
    appendRun(db, served(reportAt('2026-01-01T00:00:00.000Z', false), ['qwen-7b (fp_1)']), null);
    appendRun(db, served(reportAt('2026-01-02T00:00:00.000Z', false), ['llama-8b (fp_9)']), null);
    const trend = trendFor(db, served(reportAt('2026-01-03T00:00:00.000Z', true), ['qwen-7b (fp_1)']), 10);
    expect(trend.runs.map((r) => r.id)).toEqual([1, null]);
    expect(trend.runs[0]!.judged?.['dialogueSuccess']).toBe(makeReport().metrics.dialogueSuccess.counts['judged']);
    db.close();
  });

  it('two runs writing the same history at once both land', async () => {
    const file = join(tempDir(), 'shared.sqlite');
    const dir = tempDir();
    const runs = await Promise.all(
      ['a', 'b'].map((name) => cliAsync(['run', '--filter', 'seed-001', '--out', join(dir, name), '--history', file, '--no-progress'])),
    );
    for (const r of runs) expect(r.status, r.stderr).toBe(0);
    const listed = await cliAsync(['history', '--history', file, '--json']);
    expect(listed.status).toBe(0);
    const rows = JSON.parse(listed.stdout) as { id: number; dialogues: { total: number } }[];
    expect(rows.map((r) => r.id)).toEqual([1, 2]);
    expect(rows[0]!.dialogues.total).toBe(rows[1]!.dialogues.total);
  });

  it('a run with a history file that is not ours is exit 2 before any report is written', async () => {
    const dir = tempDir();
    const file = join(dir, 'notes.sqlite');
    writeFileSync(file, 'my notes, not a database');
    const result = await cliAsync(['run', '--filter', 'seed-001', '--out', join(dir, 'out'), '--history', file, '--no-progress']);
    expect(result.status).toBe(2);
    expect(result.stderr).toContain('not a usable run history');
    expect(readFileSync(file, 'utf8')).toBe('my notes, not a database');
    expect(existsSync(join(dir, 'out'))).toBe(false);
  });
});
