/** Two report.json files side by side: metric and slice deltas, and the dialogues that flipped each way. */
import {
  changeVerdict,
  changeWordText,
  gateChangeFacts,
  gatePValues,
  intervalWords,
  pValueWords,
  type ChangeVerdict,
  type LevelledInterval,
} from '../words/changeWords.js';
import { gateTestOf, metricInterval } from './modelExtras.js';
import type { DialogueReport, GateResult, Lang, ReadReport as Report, SliceKind, TurnReport } from './reportTypes.js';
import { sliceId } from './slices.js';
import { brokeWords, fixedWords, withinNoiseWords } from '../words/changeWords.js';
import { label } from '../words/labels.js';
import { punctuation } from '../words/wording.js';
import { dialogueChanges, orderedMetrics } from './reportQueries.js';
import { brokenIds, changedBehaviours, knockOnMetrics, worseIds, type WhatBroke } from './whatBroke.js';

export interface Side {
  readonly label: string;
  readonly report: Report;
}

export interface MetricDelta {
  readonly name: string;
  readonly a: number | null;
  readonly b: number | null;
  readonly aInterval: readonly [number, number] | null;
  readonly bInterval: readonly [number, number] | null;
  /** From the gate's statistical test: the change's interval (at its level) and one-sided p-value of a fall. */
  readonly change?: { readonly interval: LevelledInterval | null; readonly pValue: number; readonly risePValue?: number };
  /** Its word and colour (changeWords.changeVerdict); absent when nothing judged the move. */
  readonly verdict?: ChangeVerdict;
}

export interface SliceDelta {
  readonly id: string;
  readonly kind: SliceKind;
  readonly name: string;
  readonly dialogues: { readonly a: string; readonly b: string };
  readonly metrics: readonly MetricDelta[];
}

export interface Flip {
  readonly id: string;
  readonly title: string;
  readonly tags: readonly string[];
  readonly direction: 'broke' | 'fixed';
  readonly a: DialogueReport;
  readonly b: DialogueReport;
}

export interface Comparison {
  readonly a: Side;
  readonly b: Side;
  readonly metrics: readonly MetricDelta[];
  readonly slices: readonly SliceDelta[];
  readonly flips: readonly Flip[];
  /** Dialogues in only one of the two reports. */
  readonly onlyA: readonly string[];
  readonly onlyB: readonly string[];
  /** The verdict `compare` reached on the same two files, when it judged them. */
  readonly gate: GateResult | null;
  /** What broke, counted as `run` counts it against the same baseline (the gate's flips, over repeats every run's). */
  readonly broke: WhatBroke;
}

/** " [-7.0, -1.1] pp, p = 0.012" when the gate tested the change over repeats. */
/** A comparison as `compare --out` writes it: in the pages' language. */
export interface ShownComparison {
  readonly comparison: Comparison;
  readonly lang: Lang;
}

/** ", very unlikely to be chance (90 % interval -7.0 pp … -1.1 pp, one-sided p of a fall = 0.012)" when the gate tested the change. */
export function changeNote(m: MetricDelta, lang: Lang): string {
  if (m.a === m.b || !m.change || !m.verdict) return '';
  const { comma: sep, open, close } = punctuation(lang);
  const interval = m.change.interval ? `${intervalWords(lang, m.change.interval)}${sep}` : '';
  return `${sep}${changeWordText(lang, m.verdict)}${open}${interval}${pValueWords(lang, m.change, m.b! - m.a!)}${close}`;
}

/**
 * The delta's word and colour: from the gate's test of the metric (`name`) where there is one; with
 * a gate whose answers repeat (no statistics: thresholds) every move is a change; else untold.
 */
function verdictOf(gate: GateResult | null, name: string | null, a: number | null, b: number | null): ChangeVerdict | undefined {
  if (a === null || b === null || !gate) return undefined;
  const facts = name === null ? null : gateChangeFacts(gate, name);
  if (facts) return changeVerdict(facts);
  return !gate.paired && !gate.singleRuns && !gate.sequential ? changeVerdict({ delta: b - a, noiseFree: true }) : undefined;
}

const withVerdict = (m: MetricDelta, verdict: ChangeVerdict | undefined): MetricDelta => (verdict ? { ...m, verdict } : m);

function metricDeltas(a: Report['metrics'] | undefined, b: Report['metrics'] | undefined, names: readonly string[]): MetricDelta[] {
  const all = (m: Report['metrics'] | undefined) => (m ?? {}) as Readonly<Record<string, Report['metrics'][keyof Report['metrics']] | undefined>>;
  return names.map((name) => {
    const left = all(a)[name];
    const right = all(b)[name];
    const judged = (m: typeof left) => (m && m.counts['judged'] !== 0 ? m.score : null);
    return {
      name,
      a: judged(left),
      b: judged(right),
      aInterval: left ? metricInterval(left) : null,
      bInterval: right ? metricInterval(right) : null,
    };
  });
}

/** `gate`: the verdict `compare` reached on the same two files; its paired statistics annotate the metric deltas. */
export function compareReports(a: Side, b: Side, gate: GateResult | null = null, lang: Lang = 'en'): Comparison {
  const names = [...new Set([...orderedMetrics(a.report), ...orderedMetrics(b.report)].map(([name]) => name))];
  const slicesA = new Map((a.report.slices ?? []).map((s) => [sliceId(s), s]));
  const slices: SliceDelta[] = [];
  for (const right of b.report.slices ?? []) {
    const left = slicesA.get(sliceId(right));
    if (!left) continue;
    const count = (s: typeof right) => `${s.dialogues.passed}/${s.dialogues.total}`;
    slices.push({
      id: sliceId(right),
      kind: right.kind,
      name: right.name,
      dialogues: { a: count(left), b: count(right) },
      // A slice's move is not tested: painted only when the answers repeat.
      metrics: metricDeltas(left.metrics as Report['metrics'], right.metrics as Report['metrics'], names).map((m) =>
        withVerdict(m, verdictOf(gate, null, m.a, m.b)),
      ),
    });
  }
  const byIdA = new Map(a.report.dialogues.map((d) => [d.id, d]));
  const idsB = new Set(b.report.dialogues.map((d) => d.id));
  const flips: Flip[] = [];
  for (const right of b.report.dialogues) {
    const left = byIdA.get(right.id);
    if (!left || left.passed === right.passed) continue;
    flips.push({ id: right.id, title: right.title, tags: right.tags, direction: left.passed ? 'broke' : 'fixed', a: left, b: right });
  }
  return {
    a,
    b,
    metrics: metricDeltas(a.report.metrics, b.report.metrics, names).map((m) => {
      const facts = gateChangeFacts(gate, m.name);
      const test = gateTestOf(gate, m.name);
      const tested = test && gate ? { ...m, change: { interval: facts?.interval ?? null, ...gatePValues(gate, test) } } : m;
      return withVerdict(tested, verdictOf(gate, m.name, m.a, m.b));
    }),
    slices,
    flips,
    onlyA: a.report.dialogues.filter((d) => !idsB.has(d.id)).map((d) => d.id),
    onlyB: b.report.dialogues.filter((d) => !byIdA.has(d.id)).map((d) => d.id),
    gate,
    broke: whatBrokeBetween(gate, flips, b.report.dialogues, lang),
  };
}

function whatBrokeBetween(gate: GateResult | null, flips: readonly Flip[], dialogues: readonly DialogueReport[], lang: Lang): WhatBroke {
  // Every dialogue that did worse (broke, or over repeats passed fewer runs), as `run` draws its examples.
  const ids = gate ? worseIds(gate) : flips.filter((f) => f.direction === 'broke').map((f) => f.id);
  const behaviours = changedBehaviours(ids, dialogues, lang);
  return { ids, broke: gate ? brokenIds(gate).length : null, behaviours, knockOn: knockOnMetrics(gate, behaviours) };
}

/** A comparison's flips as every page and the console count them. */
export interface FlipCounts {
  /** Pass → fail flips the gate counted as broke (every one without a gate). */
  readonly broke: readonly Flip[];
  /** Fail → pass flips the gate counted as fixed (every one without a gate). */
  readonly fixed: readonly Flip[];
  /** The flips the gate did not count, each group in the words the run's headline uses for it. */
  readonly apart: readonly { readonly said: string; readonly direction: Flip['direction']; readonly flips: readonly Flip[] }[];
}

/** "63 dialogues broke, 0 fixed": a comparison's headline, in the words the run's headline counts them. */
export function flipCountsSaid(counts: FlipCounts, lang: Lang): string {
  return `${brokeWords({ broke: counts.broke.map((f) => f.id) }, lang)}${punctuation(lang).comma}${fixedWords(counts.fixed.length, lang)}`;
}

/**
 * The flips each way as the run's headline counts them (reportQueries.dialogueChanges): with a gate,
 * a flip it did not count is apart — over repeats said as `run --baseline` says it
 * (changeWords.withinNoiseWords), on single runs as the flips the gate did not count.
 */
export function flipsByDirection(comparison: Comparison, lang: Lang = 'en'): FlipCounts {
  const gate = comparison.gate;
  const brokeFlips = comparison.flips.filter((f) => f.direction === 'broke');
  const fixedFlips = comparison.flips.filter((f) => f.direction === 'fixed');
  if (!gate) return { broke: brokeFlips, fixed: fixedFlips, apart: [] };
  const changes = dialogueChanges(gate);
  const among = (flips: readonly Flip[], ids: readonly string[]) => flips.filter((f) => ids.includes(f.id));
  const outside = (flips: readonly Flip[], ids: readonly string[]) => flips.filter((f) => !ids.includes(f.id));
  const counted = { broke: among(brokeFlips, changes.broke), fixed: among(fixedFlips, changes.fixed) };
  const repeat = comparison.b.report.run.repeat;
  if (!gate.paired || repeat <= 1) {
    const notCounted = outside(brokeFlips, changes.broke);
    return { ...counted, apart: notCounted.length > 0 ? [{ said: label(lang, 'flakyNote', notCounted.length), direction: 'broke', flips: notCounted }] : [] };
  }
  const fewer = withinNoiseWords({ fewerRuns: changes.fewerRuns, fewerRunsNone: changes.fewerRunsNone, moreRuns: [] }, repeat, lang);
  const more = withinNoiseWords({ fewerRuns: [], fewerRunsNone: [], moreRuns: changes.moreRuns }, repeat, lang);
  return {
    ...counted,
    apart: [
      ...fewer.map((said) => ({ said, direction: 'broke' as const, flips: among(brokeFlips, changes.fewerRuns) })),
      ...more.map((said) => ({ said, direction: 'fixed' as const, flips: among(fixedFlips, changes.moreRuns) })),
    ],
  };
}

/** One field of a turn as both sides show it. */
export interface TurnField {
  readonly field: string;
  readonly a: string;
  readonly b: string;
  readonly differs: boolean;
}

function itemLine(item: NonNullable<TurnReport['batch']>[number]): string {
  const amount = item.amount === null ? '—' : `¥${item.amount.toFixed(2)}`;
  return `#${item.index} ${item.status} ${amount} ${item.type} ${item.category ?? '—'} ${item.description ?? '—'}`;
}

function turnFields(turn: TurnReport | undefined): Record<string, string> {
  if (!turn) return {};
  const input = [
    turn.input.user !== undefined ? `「${turn.input.user}」` : '',
    turn.input.tap ? `tap ${turn.input.tap}` : '',
    turn.input.advanceMs !== undefined ? `+${turn.input.advanceMs} ms` : '',
  ]
    .filter(Boolean)
    .join(' ');
  const failed = turn.checks.filter((c) => !c.passed).map((c) => c.name);
  return {
    input,
    route: turn.route,
    intent: turn.intent ? `${turn.intent.kind}${turn.intent.index !== undefined ? ` #${turn.intent.index + 1}` : ''}` : '—',
    state: turn.stateAfter,
    tts: turn.tts.join('\n') || '—',
    batch: turn.batch ? turn.batch.map(itemLine).join('\n') || '(empty)' : '—',
    saved: turn.saved.length > 0 ? turn.saved.map((row) => JSON.stringify(row)).join('\n') : '—',
    llm: turn.llmCalls.map((c) => `${c.endpoint} ${c.outcome}${c.responseText ? ` ${c.responseText}` : ''}`).join('\n') || '—',
    failedChecks: failed.length > 0 ? failed.join(', ') : '—',
  };
}

/** The flip's transcripts turn by turn, each field on both sides and whether it differs. */
export function sideBySide(flip: Flip): TurnField[][] {
  const turns = Math.max(flip.a.turns.length, flip.b.turns.length);
  const rows: TurnField[][] = [];
  for (let i = 0; i < turns; i++) {
    const a = turnFields(flip.a.turns[i]);
    const b = turnFields(flip.b.turns[i]);
    const fields = [...new Set([...Object.keys(a), ...Object.keys(b)])];
    rows.push(fields.map((field) => ({ field, a: a[field] ?? '', b: b[field] ?? '', differs: (a[field] ?? '') !== (b[field] ?? '') })));
  }
  return rows;
}
