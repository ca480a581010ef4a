import type { MetricName, Provenance, ReadReport as Report } from '../report/model/reportTypes.js';
import { digestEntries } from '../report/model/digestRecord.js';
import { MetricSet } from '../scoring/allScorers.js';
import { recordedSettings } from '../scoring/metrics/registry.js';
import { summarize } from '../scoring/summary.js';
import { SliceMetrics } from './sliceMetrics.js';
import type { Tally } from '../scoring/tally.js';
import { RepeatedRuns } from '../scoring/repeatedRuns.js';
import type { RepeatedDialogue } from '../scoring/pairedGate.js';

export class MergeError extends Error {
  override readonly name = 'MergeError';
}

const SAME_ACROSS_SHARDS = ['llm', 'datasets', 'mode', 'protocol', 'seed', 'repeat', 'filter'] as const;

/** run.llm without what each shard counts for itself (its answers, the models its server named): what must be the same. */
function askedModel(llm: Report['run']['llm']): Report['run']['llm'] {
  const { answers: _answers, servedModels: _served, ...asked } = llm;
  return asked;
}

/** The whole run's run.llm: the shards' answers summed, every model their servers named (in the order first named). */
function mergedLlm(reports: readonly Report[]): Report['run']['llm'] {
  const counted = reports.map((r) => r.run.llm.answers).filter((answers) => answers !== undefined);
  const served = [...new Set(reports.flatMap((r) => r.run.llm.servedModels ?? []))];
  return {
    ...reports[0]!.run.llm,
    ...(counted.length > 0 ? { answers: { live: sum(counted.map((a) => a.live)), replayed: sum(counted.map((a) => a.replayed)) } } : {}),
    ...(served.length > 0 ? { servedModels: served } : {}),
  };
}

/**
 * Shards of one run back into the report the single run would have written: dialogues in
 * dataset order, metrics recomputed from the scorers' tallies, counts summed.
 */
export function mergeReports(reports: readonly Report[]): Report {
  const first = reports[0];
  if (!first) throw new MergeError('merge needs at least one report');
  for (const report of reports) {
    for (const key of SAME_ACROSS_SHARDS) {
      const [mine, theirs] = key === 'llm' ? [askedModel(report.run.llm), askedModel(first.run.llm)] : [report.run[key], first.run[key]];
      if (JSON.stringify(mine) !== JSON.stringify(theirs)) {
        throw new MergeError(`cannot merge: run.${key} differs (${JSON.stringify(theirs)} vs ${JSON.stringify(mine)})`);
      }
    }
  }
  const fileOrder = new Map(first.run.datasets.map((file, i) => [file, i]));
  const dialogues = reports.flatMap((r) => r.dialogues).sort((a, b) => (fileOrder.get(a.file) ?? 0) - (fileOrder.get(b.file) ?? 0) || a.line - b.line);
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
  const notApplicable = reports.flatMap((r) => r.notApplicable ?? []).sort((a, b) => (fileOrder.get(a.file) ?? 0) - (fileOrder.get(b.file) ?? 0));
  const contents = mergedContents(reports);
  return {
    schemaVersion: first.schemaVersion,
    run: {
      ...run,
      llm: mergedLlm(reports),
      ...(run.provenance ? { provenance: withContents(run.provenance, contents) } : {}),
      startedAt: reports.map((r) => r.run.startedAt).sort()[0]!,
      finishedAt: reports
        .map((r) => r.run.finishedAt)
        .sort()
        .at(-1)!,
      timing: { shards: reports.map((r) => ({ shard: r.run.shard, ...r.run.timing })) },
      shard: null,
    },
    summary: withSkipped(
      summarize(
        dialogues,
        { ...add((r) => r.summary.turns), ...unjudgedOf(reports) },
        add((r) => r.summary.checks),
      ),
      reports,
    ),
    metrics: metrics.results(),
    gate: null,
    dialogues,
    tallies: metrics.tallies(),
    ...(notApplicable.length > 0 ? { notApplicable } : {}),
    ...(reports.some((r) => r.repeated) ? { repeated: mergedRepeats(reports, dialogues) } : {}),
    ...(reports.some((r) => r.slices) ? { slices: slices.results() } : {}),
  };
}

/**
 * Each shard's per-dialogue repeats, in the merged dialogues' order (the order the whole run
 * recorded them in), so the merged run keeps its paired gate. A set where some shard lacks them
 * (they are written at --repeat 2 or more) cannot be paired as one run.
 */
function mergedRepeats(reports: readonly Report[], dialogues: readonly { readonly id: string }[]): RepeatedRuns {
  const missing = reports.find((r) => !r.repeated);
  if (missing) throw new MergeError(`cannot merge: shard ${missing.run.shard ?? '?'} has no per-dialogue repeats (run.repeated) while other shards do`);
  const all = new Map<string, RepeatedDialogue>();
  for (const report of reports) for (const [id, entry] of Object.entries(report.repeated as Readonly<Record<string, RepeatedDialogue>>)) all.set(id, entry);
  const merged = new RepeatedRuns();
  for (const { id } of dialogues) {
    const entry = all.get(id);
    if (entry) merged.set(id, entry);
  }
  return merged;
}

/**
 * The shards' content digests as the whole run records them, in selection order: shard i of n
 * holds selection positions i − 1, i − 1 + n, …, so the whole order deals the shards round robin.
 */
function mergedContents(reports: readonly Report[]): Record<string, string> | null {
  const parts = reports
    .map((r) => ({
      index: Number(r.run.shard?.split('/')[0] ?? 1),
      entries: r.run.provenance?.dialogues ? [...digestEntries(r.run.provenance.dialogues)] : [],
    }))
    .sort((a, b) => a.index - b.index);
  if (reports.some((r) => !r.run.provenance?.dialogues)) return null;
  const merged: Record<string, string> = {};
  for (let position = 0; parts.some((p) => position < p.entries.length); position++) {
    for (const part of parts) {
      const entry = part.entries[position];
      if (entry) merged[entry[0]] = entry[1];
    }
  }
  return merged;
}

function withContents(provenance: Provenance, contents: Record<string, string> | null): Provenance {
  const { dialogues: _shards, ...rest } = provenance;
  return contents ? { ...rest, dialogues: contents } : rest;
}

/** What reportModel adds for dialogues not applicable to the backend: their count and their checks. */
function withSkipped(summary: Report['summary'], reports: readonly Report[]): Report['summary'] {
  const skipped = sum(reports.map((r) => r.summary.dialogues.skipped ?? 0));
  const notApplicable = sum(reports.map((r) => r.summary.checks.notApplicable ?? 0));
  if (skipped === 0 && notApplicable === 0) return summary;
  return { ...summary, dialogues: { ...summary.dialogues, skipped }, checks: { ...summary.checks, notApplicable } };
}

function sum(values: readonly number[]): number {
  return values.reduce((a, b) => a + b, 0);
}

/** The shards' turns that no turn-kind metric judged, by why, added up (absent when no shard kept them). */
function unjudgedOf(reports: readonly Report[]): { unjudged?: Record<string, number> } {
  if (!reports.some((r) => r.summary.turns.unjudged)) return {};
  const unjudged: Record<string, number> = {};
  for (const report of reports) for (const [why, n] of Object.entries(report.summary.turns.unjudged ?? {})) unjudged[why] = (unjudged[why] ?? 0) + n;
  return { unjudged };
}
