/** Reads the run history: the run list and the trend of the runs comparable to a run (eval/historyRecord.ts says which run, from its report). */
import { WHOLE_RUN, type HistoryDb } from './historyStore.js';

/** The last comparable runs from the history (same datasets, backend, model, mode, protocol), oldest first. */
export interface Trend {
  readonly runs: readonly TrendRun[];
  /** Per dialogue id: when it last passed and first failed (in the current failing streak). */
  readonly dialogues: Readonly<Record<string, { readonly lastPassed: string | null; readonly firstFailed: string | null }>>;
  /** The history's previous run of this configuration was answered by other served models than this run (so it is not in `runs`). */
  readonly servedModelChange?: { readonly previous: readonly string[]; readonly current: readonly string[] };
}

export interface TrendRun {
  /** The history row id; null for the run this report is about (not yet in the history). */
  readonly id: number | null;
  readonly startedAt: string;
  readonly passed: boolean;
  readonly metrics: Readonly<Record<string, number | null>>;
  /** How many cases each score is a share of, where the history kept it: says whether a move is more than noise. */
  readonly judged?: Readonly<Record<string, number | null>>;
  /** What the run ran: its commit and prompt hashes (short), when the history knows them. */
  readonly commit?: string | null;
  readonly prompts?: string | null;
  /** How it asked its model to sample (temperature, seed), when it did: says whether its answers repeat (backends/registry.ts answersRepeat). */
  readonly sampling?: { readonly temperature?: number; readonly seed?: number } | null;
}

/** What a trend reads of a run's provenance: its prompt files' hashes and how it sampled. */
export interface RecordedProvenance {
  readonly prompts?: Readonly<Record<string, string>>;
  readonly sampling?: { readonly temperature?: number; readonly seed?: number };
}

export interface HistoryRun {
  readonly id: number;
  /** 'run' (a dataset run) or 'simulate' (simulated users). */
  readonly kind: string;
  readonly startedAt: string;
  readonly finishedAt: string;
  readonly backend: string;
  readonly model: string;
  /** The models the server said answered (a run of a model over HTTP); empty when none was named. */
  readonly served: readonly string[];
  readonly baseUrl: string | null;
  readonly gitCommit: string | null;
  readonly mode: string;
  readonly protocol: string;
  readonly seed: number;
  readonly repeat: number;
  readonly datasets: readonly string[];
  readonly filter: readonly string[];
  readonly shard: string | null;
  readonly provenance: unknown;
  readonly passed: boolean;
  readonly dialogues: { readonly total: number; readonly passed: number; readonly failed: number };
  readonly metrics: Readonly<Record<string, number>>;
  readonly reportDir: string | null;
}

interface RunRow {
  id: number;
  kind: string;
  started_at: string;
  finished_at: string;
  backend: string;
  model: string;
  comparable_key: string;
  base_url: string | null;
  git_commit: string | null;
  mode: string;
  protocol: string;
  seed: number;
  repeat: number;
  datasets: string;
  filter: string;
  shard: string | null;
  provenance: string | null;
  passed: number;
  dialogues_total: number;
  dialogues_passed: number;
  dialogues_failed: number;
  report_dir: string | null;
}

export function wholeRunMetrics(db: HistoryDb, ids: readonly number[]): Map<number, Record<string, number>> {
  const byRun = new Map<number, Record<string, number>>(ids.map((id) => [id, {}]));
  const select = db.prepare(`SELECT metric, score FROM metrics WHERE run_id = ? AND slice = ?`);
  for (const id of ids) {
    for (const row of select.all(id, WHOLE_RUN) as { metric: string; score: number }[]) byRun.get(id)![row.metric] = row.score;
  }
  return byRun;
}

/** Per run, how many cases each whole-run score is a share of (null where it was not recorded). */
function wholeRunJudged(db: HistoryDb, ids: readonly number[]): Map<number, Record<string, number | null>> {
  const byRun = new Map<number, Record<string, number | null>>(ids.map((id) => [id, {}]));
  const select = db.prepare(`SELECT metric, judged FROM metrics WHERE run_id = ? AND slice = ?`);
  for (const id of ids) {
    for (const row of select.all(id, WHOLE_RUN) as { metric: string; judged: number | null }[]) byRun.get(id)![row.metric] = row.judged;
  }
  return byRun;
}

/** The newest `limit` runs, oldest first. */
export function listRuns(db: HistoryDb, limit: number): HistoryRun[] {
  const rows = (db.prepare(`SELECT * FROM runs ORDER BY id DESC LIMIT ?`).all(limit) as RunRow[]).reverse();
  const metrics = wholeRunMetrics(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((r) => ({
    id: r.id,
    kind: r.kind,
    startedAt: r.started_at,
    finishedAt: r.finished_at,
    backend: r.backend,
    model: r.model,
    served: r.kind === 'run' ? ((JSON.parse(r.comparable_key) as { served?: string[] }).served ?? []) : [],
    baseUrl: r.base_url,
    gitCommit: r.git_commit,
    mode: r.mode,
    protocol: r.protocol,
    seed: r.seed,
    repeat: r.repeat,
    datasets: JSON.parse(r.datasets) as string[],
    filter: JSON.parse(r.filter) as string[],
    shard: r.shard,
    provenance: r.provenance === null ? null : (JSON.parse(r.provenance) as unknown),
    passed: r.passed === 1,
    dialogues: { total: r.dialogues_total, passed: r.dialogues_passed, failed: r.dialogues_failed },
    metrics: metrics.get(r.id)!,
    reportDir: r.report_dir,
  }));
}

/** The prompt files' hashes, short, as the console's run line shows them ("84c69f26/9544f09b/…"). */
export function promptsOf(provenance: RecordedProvenance | null): string | null {
  const prompts = Object.values(provenance?.prompts ?? {});
  return prompts.length > 0 ? prompts.map((sha) => sha.slice(0, 8)).join('/') : null;
}

/** The temperature and seed a run asked its model for, when it asked. */
export function samplingOf(provenance: RecordedProvenance | null): TrendRun['sampling'] {
  const sampling = provenance?.sampling;
  if (!sampling) return null;
  return {
    ...(sampling.temperature !== undefined ? { temperature: sampling.temperature } : {}),
    ...(sampling.seed !== undefined ? { seed: sampling.seed } : {}),
  };
}

/**
 * The run `current` after up to `limit - 1` earlier runs of its comparable key, and for each of its
 * `failing` dialogues when it last passed and when its current failing streak began.
 */
export function trendBefore(db: HistoryDb, key: string, current: TrendRun, failing: readonly string[], limit: number): Trend {
  const earlier = (
    db
      .prepare(`SELECT id, started_at, passed, git_commit, provenance FROM runs WHERE comparable_key = ? ORDER BY id DESC LIMIT ?`)
      .all(key, Math.max(0, limit - 1)) as {
      id: number;
      started_at: string;
      passed: number;
      git_commit: string | null;
      provenance: string | null;
    }[]
  ).reverse();
  const metrics = wholeRunMetrics(
    db,
    earlier.map((r) => r.id),
  );
  const judged = wholeRunJudged(
    db,
    earlier.map((r) => r.id),
  );
  const provenanceOf = (text: string | null) => (text === null ? null : (JSON.parse(text) as RecordedProvenance));
  const runs: TrendRun[] = earlier.map((r) => ({
    id: r.id,
    startedAt: r.started_at,
    passed: r.passed === 1,
    metrics: metrics.get(r.id)!,
    judged: judged.get(r.id)!,
    commit: r.git_commit?.slice(0, 7) ?? null,
    prompts: promptsOf(provenanceOf(r.provenance)),
    sampling: samplingOf(provenanceOf(r.provenance)),
  }));
  runs.push(current);

  const streaks = new Map(
    (
      db
        .prepare(
          `WITH c AS (SELECT d.dialogue_id, d.outcome, r.id, r.started_at FROM dialogues d JOIN runs r ON r.id = d.run_id WHERE r.comparable_key = ?),
                lp AS (SELECT dialogue_id, max(id) AS id FROM c WHERE outcome = 'passed' GROUP BY dialogue_id)
           SELECT c.dialogue_id AS id,
                  (SELECT started_at FROM runs WHERE runs.id = lp.id) AS lastPassed,
                  min(CASE WHEN c.outcome = 'failed' AND c.id > coalesce(lp.id, 0) THEN c.started_at END) AS firstFailed
           FROM c LEFT JOIN lp USING (dialogue_id) GROUP BY c.dialogue_id`,
        )
        .all(key) as { id: string; lastPassed: string | null; firstFailed: string | null }[]
    ).map((row) => [row.id, row]),
  );
  const dialogues: Record<string, { lastPassed: string | null; firstFailed: string | null }> = {};
  for (const id of failing) {
    const past = streaks.get(id);
    dialogues[id] = { lastPassed: past?.lastPassed ?? null, firstFailed: past?.firstFailed ?? current.startedAt };
  }
  const servedModelChange = servedModelChangeSince(db, key);
  return { runs, dialogues, ...(servedModelChange ? { servedModelChange } : {}) };
}

/** How many recent runs are searched for the previous run of the same configuration. */
const RECENT_RUNS = 500;

/**
 * The served models of the previous run of the same configuration (same key but for the served
 * models), when they differ from this run's: two models behind one `--base-url` are two trends,
 * and a run says that the one before it was answered by another model.
 */
function servedModelChangeSince(db: HistoryDb, key: string): Trend['servedModelChange'] | undefined {
  const { served: current = [], ...configuration } = JSON.parse(key) as { served?: string[] };
  const sameConfiguration = JSON.stringify(configuration);
  const recent = db.prepare(`SELECT comparable_key FROM runs WHERE kind = 'run' ORDER BY id DESC LIMIT ?`).all(RECENT_RUNS) as { comparable_key: string }[];
  for (const row of recent) {
    const { served: previous = [], ...other } = JSON.parse(row.comparable_key) as { served?: string[] };
    if (JSON.stringify(other) !== sameConfiguration) continue;
    return row.comparable_key === key ? undefined : { previous, current };
  }
  return undefined;
}
