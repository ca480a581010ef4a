/** A `simulate` run in the run history: a row of kind 'simulate', its scores as metrics and slices, each user as a "dialogue". */
import { wholeRunMetrics, type Trend } from '../history/historyQueries.js';
import { WHOLE_RUN, type HistoryDb } from '../history/historyStore.js';
import { wilson } from '../util/rateInterval.js';
import type { SliceScore } from '../users/scores.js';
import { userOutcomes, type SimulationReport } from '../report/model/simulationReport.js';

/** Simulate runs are comparable (one trend line) when the same users (seed, count, speech) met the same model. */
export function simulationKey(report: SimulationReport): string {
  const { run } = report;
  // Model-written users are not comparable with rule-based ones, nor with another user model or prompt (a rule-based key is as before).
  const voice = report.userModel?.run;
  const user = voice
    ? { userModel: { kind: voice['kind'], model: voice['model'], temperature: voice['temperature'], seed: voice['seed'], prompt: voice['prompt'] } }
    : {};
  return JSON.stringify({ kind: 'simulate', llm: run.llm, seed: run.seed, users: run.users, speech: run.speech, ...user });
}

/** The metric rows of one slice: rates with their Wilson interval, means when some run succeeded. */
export function sliceMetrics(slice: SliceScore): [string, number, readonly [number, number] | null][] {
  const rows: [string, number, readonly [number, number] | null][] = [
    ['taskSuccess', slice.successRate, wilson(slice.succeeded, slice.runs)],
    ['firstTry', slice.firstTryRate, wilson(Math.round(slice.firstTryRate * slice.runs), slice.runs)],
  ];
  if (slice.meanTurnsToSuccess !== null) rows.push(['meanTurnsToSuccess', slice.meanTurnsToSuccess, null]);
  if (slice.meanLlmCallsToSuccess !== null) rows.push(['meanLlmCallsToSuccess', slice.meanLlmCallsToSuccess, null]);
  return rows;
}

/** Appends the simulate run in one transaction and returns its history id. */
export function appendSimulation(db: HistoryDb, report: SimulationReport, reportDir: string | null): number {
  const { run, scores } = report;
  const users = userOutcomes(report);
  const allPassed = [...users.values()].filter((u) => u.succeeded === u.runs).length;
  const insertRun = db.prepare(`INSERT INTO runs (kind, started_at, finished_at, comparable_key, backend, model, mode, protocol, seed, repeat,
      datasets, filter, provenance, passed, dialogues_total, dialogues_passed, dialogues_failed, report_dir)
    VALUES ('simulate', ?, ?, ?, ?, ?, 'simulate', 'batch', ?, ?, '[]', '[]', ?, 1, ?, ?, ?, ?)`);
  const insertMetric = db.prepare(`INSERT INTO metrics (run_id, slice, metric, score, counts, interval_low, interval_high) VALUES (?, ?, ?, ?, ?, ?, ?)`);
  const insertSlice = db.prepare(`INSERT INTO slices (run_id, slice, kind, name, total, passed, failed) VALUES (?, ?, ?, ?, ?, ?, ?)`);
  const insertUser = db.prepare(`INSERT INTO dialogues (run_id, dialogue_id, outcome, runs_passed, runs, file, tags) VALUES (?, ?, ?, ?, ?, '', ?)`);

  const write = db.transaction((): number => {
    const id = Number(
      insertRun.run(
        run.startedAt,
        run.finishedAt,
        simulationKey(report),
        String(run.llm['backend']),
        String(run.llm['model']),
        run.seed,
        run.repeat,
        JSON.stringify({ users: run.users, speech: run.speech, ...(run.llm['perturb'] ? { perturb: run.llm['perturb'] } : {}) }),
        users.size,
        allPassed,
        users.size - allPassed,
        reportDir,
      ).lastInsertRowid,
    );
    const addSlice = (key: string, slice: SliceScore) => {
      for (const [metric, score, interval] of sliceMetrics(slice)) {
        insertMetric.run(
          id,
          key,
          metric,
          score,
          JSON.stringify({ runs: slice.runs, succeeded: slice.succeeded }),
          interval?.[0] ?? null,
          interval?.[1] ?? null,
        );
      }
    };
    addSlice(WHOLE_RUN, scores.overall);
    insertMetric.run(id, WHOLE_RUN, 'passAllRepeats', scores.overall.passAllRepeats, JSON.stringify({ users: users.size, repeat: run.repeat }), null, null);
    for (const slice of scores.byGoalSize) {
      const key = `goalSize:${slice.goalSize}`;
      insertSlice.run(id, key, 'goalSize', String(slice.goalSize), slice.runs, slice.succeeded, slice.runs - slice.succeeded);
      addSlice(key, slice);
    }
    for (const { feature, with: used, without } of scores.byFeature) {
      for (const [key, name, slice] of [
        [`speech:${feature}`, feature, used],
        [`speech:-${feature}`, `without ${feature}`, without],
      ] as const) {
        insertSlice.run(id, key, 'speech', name, slice.runs, slice.succeeded, slice.runs - slice.succeeded);
        addSlice(key, slice);
      }
    }
    for (const [userId, user] of users) {
      insertUser.run(
        id,
        `user-${userId}`,
        user.succeeded === user.runs ? 'passed' : 'failed',
        user.succeeded,
        user.runs,
        JSON.stringify([`goalSize:${user.goalSize}`]),
      );
    }
    return id;
  });
  return write.immediate();
}

/** The report's run after up to `limit - 1` earlier comparable simulate runs (task success and first try per run). */
export function simulationTrend(db: HistoryDb, report: SimulationReport, limit: number): Trend {
  const earlier = (
    db
      .prepare(`SELECT id, started_at FROM runs WHERE kind = 'simulate' AND comparable_key = ? ORDER BY id DESC LIMIT ?`)
      .all(simulationKey(report), Math.max(0, limit - 1)) as {
      id: number;
      started_at: string;
    }[]
  ).reverse();
  const metrics = wholeRunMetrics(
    db,
    earlier.map((r) => r.id),
  );
  const { overall } = report.scores;
  return {
    runs: [
      ...earlier.map((r) => ({ id: r.id, startedAt: r.started_at, passed: true, metrics: metrics.get(r.id)! })),
      {
        id: null,
        startedAt: report.run.startedAt,
        passed: true,
        metrics: { taskSuccess: overall.successRate, firstTry: overall.firstTryRate, passAllRepeats: overall.passAllRepeats },
      },
    ],
    dialogues: {},
  };
}
