import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { listRuns, type HistoryRun } from '../../src/history/historyQueries.js';
import { APPLICATION_ID, HISTORY_SCHEMA_VERSION, MIGRATIONS, openHistory } from '../../src/history/historyStore.js';
import type { SimulationReport } from '../../src/report/model/simulationReport.js';
import { cli, tempDir } from '../support/cli.js';

const readReport = (dir: string) => JSON.parse(readFileSync(join(dir, 'report.json'), 'utf8')) as SimulationReport;

describe('simulate runs in the run history (issue 15 item 3)', () => {
  it('migrates a v2 history to v3: its runs are kept and read as dataset runs', () => {
    const file = join(tempDir(), 'v2.sqlite');
    const v2 = new Database(file);
    v2.exec(MIGRATIONS[0]!);
    v2.exec(MIGRATIONS[1]!);
    v2.pragma(`application_id = ${APPLICATION_ID}`);
    v2.pragma('user_version = 2');
    v2.prepare(
      `INSERT INTO runs (started_at, finished_at, comparable_key, backend, model, mode, protocol, seed, repeat, datasets, filter,
      passed, dialogues_total, dialogues_passed, dialogues_failed, gate) VALUES ('2026-01-01T00:00:00.000Z', '2026-01-01T00:00:01.000Z', '{}',
      'scripted', 'scripted', 'e2e', 'batch', 1, 1, '["datasets/a.yaml"]', '[]', 1, 3, 3, 0, NULL)`,
    ).run();
    v2.prepare(`INSERT INTO metrics (run_id, slice, metric, score, counts) VALUES (1, '', 'dialogueSuccess', 1, '{}')`).run();
    v2.close();
    expect(HISTORY_SCHEMA_VERSION).toBe(3);
    const db = openHistory(file);
    expect(db.pragma('user_version', { simple: true })).toBe(3);
    expect(listRuns(db, 10)).toMatchObject([{ id: 1, kind: 'run', datasets: ['datasets/a.yaml'], metrics: { dialogueSuccess: 1 }, passed: true }]);
    db.close();
    // Opening again finds nothing to do.
    const again = openHistory(file);
    expect(listRuns(again, 10)).toHaveLength(1);
    again.close();
  });

  it('a simulate run is a row of kind "simulate" with its scores, slices and users, beside dataset runs; the page trends comparable simulate runs only', () => {
    const dir = tempDir();
    const history = join(dir, 'history.sqlite');
    const simulate = (out: string, ...extra: string[]) => {
      const result = cli(['simulate', '--users', '30', '--seed', '8', '--out', join(dir, out), '--history', history, ...extra]);
      expect(result.stderr).toBe('');
      expect(result.status).toBe(0);
      return result;
    };
    expect(cli(['run', '--filter', 'seed-001', '--out', join(dir, 'run'), '--history', history, '--no-progress']).status).toBe(0);
    expect(simulate('s1').stdout).toContain(`History: ${history} (simulate run #2)`);
    simulate('noisy', '--perturb', 'drop=0.2');
    simulate('s2');

    const listed = cli(['history', '--history', history, '--json']);
    const runs = JSON.parse(listed.stdout) as HistoryRun[];
    expect(runs.map((r) => [r.id, r.kind, r.mode])).toEqual([
      [1, 'run', 'e2e'],
      [2, 'simulate', 'simulate'],
      [3, 'simulate', 'simulate'],
      [4, 'simulate', 'simulate'],
    ]);
    const report = readReport(join(dir, 's2'));
    const users = new Map<number, boolean>();
    for (const run of report.runs) users.set(run.userId, (users.get(run.userId) ?? true) && run.outcome === 'success');
    const allSucceeded = [...users.values()].filter(Boolean).length;
    expect(runs[3]).toMatchObject({
      backend: 'heuristic',
      seed: 8,
      dialogues: { total: 30, passed: allSucceeded, failed: 30 - allSucceeded },
      metrics: {
        taskSuccess: report.scores.overall.successRate,
        firstTry: report.scores.overall.firstTryRate,
        passAllRepeats: report.scores.overall.passAllRepeats,
      },
      provenance: { users: 30, speech: report.run.speech },
    });
    expect(runs[2]!.provenance).toMatchObject({ perturb: { rates: { drop: 0.2 } } });

    const table = cli(['history', '--history', history]).stdout.split('\n');
    expect(table[4]).toMatch(new RegExp(`simulate\\s+batch\\s+${allSucceeded}/30 users\\s+${(report.scores.overall.successRate * 100).toFixed(1)}%\\s+—`));

    const db = openHistory(history);
    const sizes = db.prepare(`SELECT slice, total, passed FROM slices WHERE run_id = 4 AND kind = 'goalSize' ORDER BY total DESC, slice`).all() as {
      slice: string;
      total: number;
      passed: number;
    }[];
    expect(sizes.length).toBe(report.scores.byGoalSize.length);
    for (const row of sizes) {
      const slice = report.scores.byGoalSize.find((s) => `goalSize:${s.goalSize}` === row.slice)!;
      expect([row.total, row.passed]).toEqual([slice.runs, slice.succeeded]);
    }
    const userRows = db.prepare(`SELECT dialogue_id, outcome FROM dialogues WHERE run_id = 4`).all() as { dialogue_id: string; outcome: string }[];
    expect(userRows).toHaveLength(30);
    expect(userRows.filter((row) => row.outcome === 'passed')).toHaveLength(allSucceeded);
    db.close();

    // The second clean run's page trends the two clean runs (not the noisy one, not the dataset run).
    const page = readFileSync(join(dir, 's2', 'report.html'), 'utf8');
    const chart = page.match(/<figure class="trend" data-metric="taskSuccess">.*?<\/figure>/s)![0];
    expect(chart.match(/<circle/g)).toHaveLength(2);
    expect(readFileSync(join(dir, 's1', 'report.html'), 'utf8')).not.toContain('id="trends"');
    const markdown = readFileSync(join(dir, 's2', 'report.md'), 'utf8');
    expect(markdown).toContain('## Trends (the last 2 comparable simulate runs, this one last)');
    expect(markdown).toMatch(/- Task success: \S+ \d+\.\d% → \d+\.\d%/);
    expect(readFileSync(join(dir, 's1', 'report.md'), 'utf8')).not.toContain('## Trends');
  });

  it('a history file that is not ours is exit 2 before anything runs or is written', () => {
    const dir = tempDir();
    const file = join(dir, 'notes.sqlite');
    writeFileSync(file, 'my notes, not a database');
    const result = cli(['simulate', '--users', '5', '--out', join(dir, 'out'), '--history', file]);
    expect(result.status).toBe(2);
    expect(result.stderr).toContain('not a usable run history');
    expect(readFileSync(file, 'utf8')).toBe('my notes, not a database');
    expect(existsSync(join(dir, 'out'))).toBe(false);
  });
});
