/** Writes one run into the history (its provenance, metrics, whole run and per slice, and dialogue outcomes) and reads its trend back. */
import { dialogueSummaries, failingDialogues } from '../report/model/dialogueLog.js';
import { promptsOf, samplingOf, trendBefore } from '../history/historyQueries.js';
import { comparableKey, WHOLE_RUN, type HistoryDb } from '../history/historyStore.js';
import { baseUrlOf, changeEvidence, dialogueOutcome, gitCommitOf, metricInterval, provenanceOf } from '../report/model/modelExtras.js';
import { sliceId } from '../report/model/slices.js';
import type { MetricResult, Report, Trend } from '../report/model/reportTypes.js';
import { overallPassed } from '../report/model/reportQueries.js';

/** Appends the run in one transaction and returns its history id. `redact` scrubs the run's free text (a key must never land here). */
export function appendRun(db: HistoryDb, report: Report, reportDir: string | null, redact: (text: string) => string = (text) => text): number {
  const { run, summary } = report;
  const insertRun = db.prepare(`INSERT INTO runs (started_at, finished_at, comparable_key, backend, model, base_url, git_commit,
      mode, protocol, seed, repeat, datasets, filter, shard, provenance, gate, passed, dialogues_total, dialogues_passed, dialogues_failed, report_dir)
    VALUES (@startedAt, @finishedAt, @key, @backend, @model, @baseUrl, @gitCommit, @mode, @protocol, @seed, @repeat, @datasets,
      @filter, @shard, @provenance, @gate, @passed, @total, @passedCount, @failed, @reportDir)`);
  const insertMetric =
    db.prepare(`INSERT INTO metrics (run_id, slice, metric, score, judged, counts, interval_low, interval_high, change_low, change_high, p_value)
    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`);
  const insertSlice = db.prepare(`INSERT INTO slices (run_id, slice, kind, name, total, passed, failed) VALUES (?, ?, ?, ?, ?, ?, ?)`);
  const insertDialogue = db.prepare(`INSERT INTO dialogues (run_id, dialogue_id, outcome, runs_passed, runs, file, tags) VALUES (?, ?, ?, ?, ?, ?, ?)`);
  // Each dialogue's content digest and the prompts' text stay in report.json (a baseline pairs by the one and shows a prompt diff from the other); the history keeps the files' hashes.
  const { dialogues: _digests, promptText: _text, ...provenance } = provenanceOf(report) ?? {};

  const write = db.transaction((): number => {
    const id = Number(
      insertRun.run({
        startedAt: run.startedAt,
        finishedAt: run.finishedAt,
        key: comparableKey(run),
        backend: run.llm.backend,
        model: redact(run.llm.model),
        baseUrl: nullable(baseUrlOf(report), redact),
        gitCommit: gitCommitOf(report),
        mode: run.mode,
        protocol: run.protocol,
        seed: run.seed,
        repeat: run.repeat,
        datasets: JSON.stringify(run.datasets),
        filter: JSON.stringify(run.filter),
        shard: run.shard,
        provenance: provenanceOf(report) ? redact(JSON.stringify(provenance)) : null,
        gate: report.gate ? redact(JSON.stringify(report.gate)) : null,
        passed: overallPassed(report) ? 1 : 0,
        total: summary.dialogues.total,
        passedCount: summary.dialogues.passed,
        failed: summary.dialogues.failed,
        reportDir: nullable(reportDir, redact),
      }).lastInsertRowid,
    );
    const addMetric = (slice: string, name: string, metric: Pick<MetricResult, 'score' | 'counts'>) => {
      const interval = 'description' in metric ? metricInterval(metric as MetricResult) : null;
      // The change against the gate's baseline, with its interval and p-value when the run had repeats.
      const change = slice === WHOLE_RUN ? changeEvidence(report.gate, name) : null;
      const judged = metric.counts['judged'];
      insertMetric.run(
        id,
        slice,
        name,
        metric.score,
        judged ?? null,
        JSON.stringify(metric.counts),
        interval?.[0] ?? null,
        interval?.[1] ?? null,
        change?.interval?.[0] ?? null,
        change?.interval?.[1] ?? null,
        change?.pValue ?? null,
      );
    };
    for (const [name, metric] of Object.entries(report.metrics)) addMetric(WHOLE_RUN, name, metric);
    for (const slice of report.slices ?? []) {
      const key = sliceId(slice);
      insertSlice.run(id, key, slice.kind, slice.name, slice.dialogues.total, slice.dialogues.passed, slice.dialogues.failed);
      for (const [name, metric] of Object.entries(slice.metrics)) addMetric(key, name, metric);
    }
    for (const d of dialogueSummaries(report.dialogues, () => false)) {
      insertDialogue.run(id, d.id, dialogueOutcome(d), d.runsPassed, d.runs, d.file, JSON.stringify(d.tags));
    }
    // Dialogues that do not apply to this backend ran nowhere: recorded as such, never as failures.
    for (const d of report.notApplicable ?? []) insertDialogue.run(id, d.id, 'notApplicable', 0, 0, d.file, '[]');
    return id;
  });
  return write.immediate();
}

function nullable(text: string | null, redact: (text: string) => string): string | null {
  return text === null ? null : redact(text);
}

/**
 * The report's run after up to `limit - 1` earlier comparable runs, and for each dialogue failing
 * now when it last passed and when its current failing streak began.
 */
export function trendFor(db: HistoryDb, report: Report, limit: number): Trend {
  const provenance = report.run.provenance ?? null;
  const current = {
    id: null,
    startedAt: report.run.startedAt,
    passed: overallPassed(report),
    metrics: Object.fromEntries(Object.entries(report.metrics).map(([name, m]) => [name, m.score])),
    judged: Object.fromEntries(Object.entries(report.metrics).map(([name, m]) => [name, m.counts['judged'] ?? null])),
    commit: provenance?.git?.commit.slice(0, 7) ?? null,
    prompts: promptsOf(provenance),
    sampling: samplingOf(provenance),
  };
  const failing = failingDialogues(report.dialogues)
    .filter((d) => dialogueOutcome(d) === 'failed')
    .map((d) => d.id);
  return trendBefore(db, comparableKey(report.run), current, failing, limit);
}
