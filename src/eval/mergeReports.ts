import type { MetricName, ReadReport as Report } from '../report/reportTypes.js';
import { MetricSet } from '../scoring/allScorers.js';
import { recordedSettings } from '../scoring/metrics/registry.js';
import { summarize } from '../scoring/summary.js';
import { SliceMetrics } from './sliceMetrics.js';
import type { Tally } from '../scoring/tally.js';

export class MergeError extends Error {
  override readonly name = 'MergeError';
}

const SAME_ACROSS_SHARDS = ['llm', 'datasets', 'mode', 'protocol', 'seed', 'repeat', 'filter'] as const;

/**
 * Shards of one run back into the report the single run would have written: dialogues in
 * dataset order, metrics recomputed from the scorers' tallies, counts summed.
 */
export function mergeReports(reports: readonly Report[]): Report {
  const first = reports[0];
  if (!first) throw new MergeError('merge needs at least one report');
  for (const report of reports) {
    for (const key of SAME_ACROSS_SHARDS) {
      if (JSON.stringify(report.run[key]) !== JSON.stringify(first.run[key])) {
        throw new MergeError(`cannot merge: run.${key} differs (${JSON.stringify(first.run[key])} vs ${JSON.stringify(report.run[key])})`);
      }
    }
  }
  const fileOrder = new Map(first.run.datasets.map((file, i) => [file, i]));
  const dialogues = reports
    .flatMap((r) => r.dialogues)
    .sort((a, b) => (fileOrder.get(a.file) ?? 0) - (fileOrder.get(b.file) ?? 0) || a.line - b.line);
  const ids = new Set<string>();
  for (const d of dialogues) {
    if (ids.has(d.id)) throw new MergeError(`cannot merge: dialogue "${d.id}" is in more than one report (overlapping shards?)`);
    ids.add(d.id);
  }
  const settings = recordedSettings(first.metrics);
  // The selection is a shard's; the merged report is the whole run.
  const { selection: _selection, ...run } = first.run;
  const metrics = new MetricSet(settings);
  for (const report of reports) metrics.absorb(report.tallies as Partial<Record<MetricName, Tally>>);
  const slices = new SliceMetrics(settings);
  for (const report of reports) for (const slice of report.slices ?? []) slices.absorb(slice);
  const add = (pick: (r: Report) => { total: number; passed: number; failed: number }) => ({
    total: sum(reports.map((r) => pick(r).total)),
    passed: sum(reports.map((r) => pick(r).passed)),
    failed: sum(reports.map((r) => pick(r).failed)),
  });
  return {
    schemaVersion: first.schemaVersion,
    run: {
      ...run,
      startedAt: reports.map((r) => r.run.startedAt).sort()[0]!,
      finishedAt: reports.map((r) => r.run.finishedAt).sort().at(-1)!,
      timing: { shards: reports.map((r) => ({ shard: r.run.shard, ...r.run.timing })) },
      shard: null,
    },
    summary: summarize(dialogues, add((r) => r.summary.turns), add((r) => r.summary.checks)),
    metrics: metrics.results(),
    gate: null,
    dialogues,
    tallies: metrics.tallies(),
    ...(reports.some((r) => r.slices) ? { slices: slices.results() } : {}),
  };
}

function sum(values: readonly number[]): number {
  return values.reduce((a, b) => a + b, 0);
}
