/**
 * Which dialogues a run and its baseline have in common: the same id and the same content digest
 * (datasets/dialogueDigest.ts). Every gate decides on the paired dialogues only; a run that pairs
 * none is bad input (exit 2) before anything runs, naming both selections.
 */
import { existsSync } from 'node:fs';
import type { Baseline } from '../report/json/baseline.js';
import { digestEntries } from '../report/model/digestRecord.js';
import type { DialoguePairing } from '../report/model/reportTypes.js';
import { MetricSet } from '../scoring/allScorers.js';
import { metricSettings } from '../scoring/metrics/registry.js';
import type { RepeatedDialogue } from '../scoring/pairedGate.js';
import { repeatedRecord } from '../scoring/repeatedRuns.js';

/** Nothing the run selected is in the baseline: exit 2, before anything runs. */
export class PairingError extends Error {
  override readonly name = 'PairingError';
}

/** A selection as its flags made it, for the messages: dataset files, `--shard`, `--filter`/`--exclude`. */
export interface SelectionWords {
  readonly files: readonly string[] | null;
  readonly shard: string | null;
  readonly scope: string | null;
}

/** Dialogue id → its content digest, or null where the side kept none (a report from before digests). */
export type Contents = ReadonlyMap<string, string | null>;

/** A run's own selection, walked once in order: its digests as the check took them. */
export interface SelectedContents extends Iterable<readonly [string, string | null]> {
  readonly size: number;
}

export interface Pairs {
  readonly pairing: DialoguePairing;
  readonly ids: ReadonlySet<string>;
}

/** A side's selection as its report keeps it: every selected dialogue's digest, else the dialogues it reported (judged or not applicable). */
export function contentsOf(side: Baseline): Contents {
  const digests = side.provenance?.dialogues ? new Map(digestEntries(side.provenance.dialogues)) : null;
  const ids = [...Object.keys(side.dialogues), ...(side.notApplicable ?? [])];
  if (digests) return new Map([...ids.map((id) => [id, digests.get(id) ?? null] as const), ...digests]);
  return new Map(ids.map((id) => [id, null]));
}

/**
 * Before anything runs: pairs the run's selection (its digests, taken when the datasets were
 * checked) with the baseline; nothing paired is a PairingError naming both selections.
 */
export function pairSelection(plan: { contents(): SelectedContents }, baseline: Baseline, label: string, run: SelectionWords): Pairs {
  const pairs = pairDialogues(contentsOf(baseline), plan.contents());
  if (pairs.pairing.paired === 0) throw new PairingError(nothingPaired(pairs.pairing, label, run, selectionOf(baseline)));
  return pairs;
}

/** Pairs two sides by id and, where both kept one, by content digest. */
export function pairDialogues(baseline: Contents, run: SelectedContents): Pairs {
  const ids = new Set<string>();
  let changed = 0;
  let byIdOnly = false;
  for (const [id, digest] of run) {
    if (!baseline.has(id)) continue;
    const before = baseline.get(id)!;
    if (before === null || digest === null) byIdOnly = true;
    if (before !== null && digest !== null && before !== digest) changed++;
    else ids.add(id);
  }
  const pairing: DialoguePairing = {
    paired: ids.size,
    run: run.size,
    baseline: baseline.size,
    onlyInRun: run.size - ids.size,
    onlyInBaseline: baseline.size - ids.size,
    ...(changed > 0 ? { changedContent: changed } : {}),
    ...(byIdOnly ? { byIdOnly: true } : {}),
  };
  return { pairing, ids };
}

export function whollyPaired(pairing: DialoguePairing): boolean {
  return pairing.onlyInRun === 0 && pairing.onlyInBaseline === 0;
}

/** The exit-2 message for a run that pairs nothing with its baseline. */
export function nothingPaired(pairing: DialoguePairing, label: string, run: SelectionWords, baseline: SelectionWords): string {
  const changed = pairing.changedContent ? `; ${pairing.changedContent} share an id with a baseline dialogue but not its content (the tests changed)` : '';
  return (
    `nothing to compare: none of this run's ${pairing.run} dialogues pairs with one of the ${pairing.baseline} in the baseline ${label} (same id and content)${changed}. ` +
    `This run: ${selectionText(run)}. The baseline: ${selectionText(baseline)}. ` +
    'Run the selection the baseline ran (the same --dataset, --shard and --filter), or make a baseline of this one with --update-baseline'
  );
}

export function selectionText(selection: SelectionWords): string {
  const files = selection.files === null ? 'dataset files not recorded' : selection.files.length > 0 ? selection.files.join(', ') : 'no dataset file';
  return [files, ...(selection.shard ? [`--shard ${selection.shard}`] : []), ...(selection.scope ? [selection.scope] : [])].join(', ');
}

/** What a baseline (or a run's own record) says it selected. */
export function selectionOf(side: Baseline): SelectionWords {
  return { files: side.provenance ? Object.keys(side.provenance.datasets) : null, shard: side.shard ?? null, scope: side.scope ?? null };
}

/**
 * One side cut to the paired dialogues. Its metric scores are recomputed over them from its
 * per-dialogue tallies; a side without them keeps its whole-run scores (null `rescored`).
 */
export function pairedPart(side: Baseline, ids: ReadonlySet<string>, deadlineMs: number | undefined): { side: Baseline; rescored: boolean } {
  const dialogues = Object.fromEntries(Object.entries(side.dialogues).filter(([id]) => ids.has(id)));
  const notApplicable = (side.notApplicable ?? []).filter((id) => ids.has(id));
  const record = side.repeated ? repeatedRecord(side.repeated) : null;
  const repeated = record ? Object.fromEntries(Object.entries(record).filter(([id]) => ids.has(id))) : null;
  const complete = repeated !== null && Object.keys(dialogues).every((id) => repeated[id] !== undefined);
  const scored = complete ? scoresOf(Object.values(repeated), deadlineMs) : { metrics: side.metrics, judged: side.judged };
  return {
    side: {
      ...side,
      dialogues,
      notApplicable,
      metrics: scored.metrics,
      ...(scored.judged ? { judged: scored.judged } : {}),
      ...(repeated ? { repeated } : {}),
    },
    rescored: complete,
  };
}

function scoresOf(entries: readonly RepeatedDialogue[], deadlineMs: number | undefined): { metrics: Record<string, number>; judged: Record<string, number> } {
  const set = new MetricSet(metricSettings(deadlineMs === undefined ? {} : { correctionTimeoutMs: deadlineMs }));
  for (const entry of entries) set.absorb(entry.tallies);
  const results = Object.entries(set.results());
  return {
    metrics: Object.fromEntries(results.map(([name, result]) => [name, result.score])),
    judged: Object.fromEntries(results.flatMap(([name, result]) => (typeof result.counts['judged'] === 'number' ? [[name, result.counts['judged']]] : []))),
  };
}

/**
 * Baseline dialogues missing from a run meant to be whole (no --shard, --filter or --exclude) fail
 * the gate when they were lost, not left out: their dataset file is gone from disk (a renamed or
 * dropped file the glob no longer finds), or the run ran every file the baseline ran (dialogues
 * removed from a file). Baseline files that still exist and the run did not name were left out
 * on purpose, and are only told in the pairing line.
 */
export function lostFiles(baseline: Baseline, current: Baseline): { lost: boolean; files: readonly string[] } {
  const ran = new Set(Object.keys(current.provenance?.datasets ?? {}));
  const before = Object.keys(baseline.provenance?.datasets ?? {});
  const notRun = before.filter((file) => !ran.has(file));
  const gone = notRun.filter((file) => !existsSync(file));
  if (gone.length > 0) return { lost: true, files: gone };
  return { lost: notRun.length === 0 || !baseline.provenance || !current.provenance, files: [] };
}
