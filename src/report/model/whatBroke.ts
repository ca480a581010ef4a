// Over 300 lines on purpose: the grouping of failures by behaviour and its plain-language examples are one decision, read by every format.
/**
 * "What broke for users": the dialogues that broke (or fail, without a baseline) grouped by
 * the behaviour their first failure shows — what the user did on that turn and what went wrong —
 * each with a count and one example, and the metrics that only follow from those first failures
 * (knock-on: a wrong correction also saves the wrong rows). Every page's first screen reads it.
 */
import { callDetails, checkDifferences } from './checkDiff.js';
import { inLang } from '../words/labels.js';
import { describeInput, dialogueChanges, failedChecks, findingMetricName, turnNumber } from './reportQueries.js';
import { failingDialogues } from './dialogueLog.js';
import { plainDifference } from './whatBrokePlain.js';
import type { CheckReport, DialogueReport, GateResult, Lang, Report, TurnReport } from './reportTypes.js';
import { punctuation } from '../words/wording.js';

type Pair = readonly [en: string, zh: string];

export interface Behaviour {
  /** e.g. "correction:batch:wrongItem": the same key on every page. */
  readonly key: string;
  readonly count: number;
  readonly ids: readonly string[];
  readonly example: {
    readonly id: string;
    readonly title: string;
    readonly turn: number;
    readonly input: string;
    readonly difference: string;
    readonly why: string | null;
  };
  /** The metric this behaviour is measured by, when one is. */
  readonly metric: string | null;
}

/** What the user did on the turn that first failed. */
const ACTS: Readonly<Record<string, Pair>> = {
  correction: ['Corrections', '纠正'],
  append: ['Adding an item to the draft', '追加一笔'],
  newInput: ['New entries', '新记账'],
  confirm: ['Confirming', '确认'],
  cancel: ['Cancelling', '取消'],
  other: ['Other turns', '其他轮次'],
};

/** What went wrong, by the first failed check (and, for a changed draft, how). */
const WRONGS: Readonly<Record<string, Pair>> = {
  'batch:notApplied': ['the change was not made', '没有改动'],
  'batch:wrongItem': ['the wrong item was changed', '改错了条目'],
  'batch:wrongValue': ['the right item got a wrong value', '条目对了，值不对'],
  'batch:notAdded': ['the item was not added', '没有加上这一笔'],
  batch: ['the draft came out wrong', '待确认账单不对'],
  mapping: ['the change landed on the wrong item', '纠正落到了错误的条目'],
  saved: ['the wrong transactions were saved', '保存的账目不对'],
  state: ['the session ended in the wrong state', '会话状态不对'],
  route: ['the line was handled by the wrong layer', '处理方式（本地/模型）不对'],
  intent: ['the line was understood as something else', '意图识别不对'],
  tts: ['the app said something else', '播报内容不对'],
  ttsIncludes: ['the app said something else', '播报内容不对'],
  outcome: ['the answer was handled differently', '回答的处理结果不对'],
  failure: ['the model call failed differently', '模型调用的失败方式不对'],
  llmRequest: ['the app asked the model something else', '发给模型的请求不对'],
  llmCalls: ['the model was called differently', '模型调用不对'],
  notify: ['the app was told something else', '回调通知不对'],
  refused: ['events were refused differently', '事件拒绝不对'],
};
const OTHER_WRONG: Pair = ['a check failed ({0})', '检查未通过（{0}）'];

/** The metric that measures each kind of first failure; the others do not say what broke. */
function metricOf(act: string, check: string): string | null {
  if (check === 'batch' || check === 'mapping')
    return act === 'correction' || act === 'append' ? 'correctionIndexMapping' : act === 'newInput' ? 'batchSplitting' : null;
  return (
    (
      { saved: 'persistence', route: 'routing', tts: 'tts', ttsIncludes: 'tts', outcome: 'confidenceFallback', failure: 'confidenceFallback' } as Record<
        string,
        string
      >
    )[check] ?? null
  );
}

export interface WhatBroke {
  /**
   * The dialogues that did worse than the baseline (those that broke, then over repeats those that
   * passed fewer runs), or without one the failing dialogues.
   */
  readonly ids: readonly string[];
  /** Of `ids`, how many the gate counted as broke (null without a gate). */
  readonly broke: number | null;
  readonly behaviours: readonly Behaviour[];
  /** Regressed metrics that only follow from the first failures. */
  readonly knockOn: ReadonlySet<string>;
  /** Old failures apart from new: against a baseline, how many failing dialogues already failed there; without one, how many of `ids` fail for the first time since the previous comparable run. */
  readonly apart?: { readonly alreadyFailing: number; readonly newSincePreviousRun: number | null };
}

/** What broke in a run, against its gate's baseline when it has one. */
export function whatBroke(report: Report): WhatBroke {
  const failing = failingDialogues(report.dialogues);
  const fresh = report.gate ? null : newlyFailing(report, failing);
  // Since the previous comparable run, as against a baseline: the dialogues that broke, the old failures counted apart
  // (when none broke, the failing dialogues are shown, said to be old).
  const ids = report.gate ? worseIds(report.gate) : fresh && fresh.length > 0 ? fresh : failing.map((d) => d.id);
  const behaviours = changedBehaviours(ids, failing, report.view?.lang);
  const broke = report.gate ? brokenIds(report.gate).length : null;
  return { ids, broke, behaviours, knockOn: knockOnMetrics(report.gate, behaviours), apart: oldAndNew(report, ids, failing, fresh) };
}

/** Without a baseline, the failing dialogues whose failing streak began with this run; null without a previous comparable run. */
function newlyFailing(report: Report, failing: readonly DialogueReport[]): string[] | null {
  const trend = report.view?.trend;
  if (!trend || trend.runs.length < 2) return null;
  return failing.filter((d) => trend.dialogues[d.id]?.firstFailed === report.run.startedAt).map((d) => d.id);
}

function oldAndNew(report: Report, ids: readonly string[], failing: readonly DialogueReport[], fresh: readonly string[] | null): WhatBroke['apart'] {
  if (report.gate) {
    // Those that passed fewer runs within noise did not fail in the baseline: the headline counts them apart.
    const notAlready = new Set([...ids, ...dialogueChanges(report.gate).fewerRuns]);
    return { alreadyFailing: failing.filter((d) => !notAlready.has(d.id)).length, newSincePreviousRun: null };
  }
  if (fresh === null) return undefined;
  return { alreadyFailing: failing.length - fresh.length, newSincePreviousRun: fresh.length };
}

/** "8 more were already failing in the baseline" / "175 more were already failing in the previous comparable run". */
export function oldAndNewLine(lang: Lang, broke: WhatBroke): string | null {
  const apart = broke.apart;
  if (!apart) return null;
  if (apart.newSincePreviousRun === null) return apart.alreadyFailing > 0 ? inLang(lang, WHAT_BROKE_WORDS.alreadyInBaseline, apart.alreadyFailing) : null;
  if (apart.newSincePreviousRun === 0) return inLang(lang, WHAT_BROKE_WORDS.noneNewSincePrevious, apart.alreadyFailing);
  return apart.alreadyFailing > 0 ? inLang(lang, WHAT_BROKE_WORDS.alreadyInPreviousRun, apart.alreadyFailing) : null;
}

/** Failing dialogues with those that broke first (a stable order otherwise): regressions lead every list. */
export function brokenFirst(failing: readonly DialogueReport[], broke: readonly string[]): DialogueReport[] {
  const isBroken = new Set(broke);
  return [...failing.filter((d) => isBroken.has(d.id)), ...failing.filter((d) => !isBroken.has(d.id))];
}

/** The dialogues that did worse than the baseline: those that broke, then those that passed fewer runs (dialogueChanges). */
export function worseIds(gate: GateResult): string[] {
  const { broke, fewerRuns } = dialogueChanges(gate);
  const counted = new Set(broke);
  return [...broke, ...fewerRuns.filter((id) => !counted.has(id))];
}

/** The dialogues that broke against a baseline (dialogueChanges). */
export function brokenIds(gate: GateResult): string[] {
  return [...dialogueChanges(gate).broke];
}

/** The behaviours of the dialogues `ids` names (found among `dialogues`), biggest first. */
export function changedBehaviours(ids: readonly string[], dialogues: Iterable<DialogueReport>, lang: Lang = 'en'): Behaviour[] {
  const wanted = new Set(ids);
  const byId = new Map<string, DialogueReport>();
  for (const dialogue of dialogues) if (wanted.has(dialogue.id)) byId.set(dialogue.id, dialogue);
  const groups = new Map<string, { ids: string[]; first: Behaviour['example']; metric: string | null }>();
  for (const id of [...wanted].sort()) {
    const dialogue = byId.get(id);
    const first = dialogue ? failedChecks(dialogue)[0] : undefined;
    if (!dialogue || !first) continue;
    const previous = dialogue.turns[dialogue.turns.indexOf(first.turn) - 1];
    const act = actOf(first.turn, previous);
    const key = `${act}:${wrongOf(first.check, previous)}`;
    const group = groups.get(key);
    if (group) group.ids.push(id);
    else {
      const plain = plainDifference(first.check, lang);
      const difference =
        plain ?? `${first.check.name}: ${checkDifferences(first.check.expected, first.check.actual, lang).slice(0, 2).join(punctuation(lang).semicolon)}`;
      // The model call's own complaint is an internal: shown only beside a field-by-field difference.
      const [why = null] = plain ? [] : callDetails(first.turn.llmCalls, lang);
      const example = { id, title: dialogue.title, turn: turnNumber(first.turn), input: describeInput(first.turn, lang), difference, why };
      groups.set(key, { ids: [id], first: example, metric: metricOf(act, first.check.name) });
    }
  }
  return [...groups.entries()]
    .map(([key, g]) => ({ key, count: g.ids.length, ids: g.ids, example: g.first, metric: g.metric }))
    .sort((a, b) => b.count - a.count || a.key.localeCompare(b.key));
}

/** "Corrections: the wrong item was changed" */
export function behaviourName(lang: Lang, key: string): string {
  const [act = 'other', ...wrong] = key.split(':');
  const what = wrong.join(':');
  const words = WRONGS[what] ?? WRONGS[what.split(':')[0] ?? ''];
  return `${inLang(lang, ACTS[act] ?? ACTS['other']!)}${punctuation(lang).colon}${words ? inLang(lang, words) : inLang(lang, OTHER_WRONG, what)}`;
}

/**
 * Metrics that fell only as a consequence: each regressed metric no first failure is measured
 * by (the dialogue-success summary aside). Empty when nothing broke.
 */
export function knockOnMetrics(gate: GateResult | null, behaviours: readonly Behaviour[]): Set<string> {
  const knockOn = new Set<string>();
  if (!gate || behaviours.length === 0) return knockOn;
  const primary = new Set(behaviours.map((b) => b.metric));
  for (const finding of gate.regressions) {
    const name = findingMetricName(finding);
    if (finding.kind === 'metric' && name !== 'dialogueSuccess' && !primary.has(name)) knockOn.add(name);
  }
  return knockOn;
}

/** Words the "what broke" blocks share across pages. */
export const WHAT_BROKE_WORDS = {
  broke: ['What broke for users: {0} dialogues', '用户遇到的问题：{0} 段对话由通过变为失败'],
  worse: [
    'What got worse for users: {0} dialogues ({1} broke, {2} passed fewer of their runs)',
    '用户遇到的问题：{0} 段对话比基线差（{1} 段由通过变为失败，{2} 段通过的运行次数减少）',
  ],
  worseWithinNoise: [
    'What got worse for users: {0} dialogues passed fewer of their runs than in the baseline',
    '用户遇到的问题：{0} 段对话通过的运行次数少于基线',
  ],
  fails: ['What fails for users: {0} dialogues', '用户遇到的问题：{0} 段对话失败'],
  example: ['e.g.', '例如'],
  more: ['…and {0} more behaviours ({1} dialogues)', '……另有 {0} 类问题（{1} 段对话）'],
  moreOne: ['…and 1 more behaviour ({1} dialogues)', '……另有 1 类问题（{1} 段对话）'],
  moreOneOfOne: ['…and 1 more behaviour (1 dialogue)', '……另有 1 类问题（1 段对话）'],
  knockOn: ['knock-on: follows from the first failure of its dialogues', '连带：由同一对话中更早的失败导致'],
  knockOnShort: ['knock-on', '连带'],
  alreadyInBaseline: ['Not counted here: {0} more failing dialogues already failed in the baseline.', '另有 {0} 段失败的对话在基线中就已失败，未计入此处。'],
  brokeSincePrevious: ['What broke since the previous run: {0} dialogues newly failing', '自上一次运行以来：{0} 段对话新近失败'],
  brokeOne: ['What broke for users: 1 dialogue', '用户遇到的问题：1 段对话由通过变为失败'],
  failsOne: ['What fails for users: 1 dialogue', '用户遇到的问题：1 段对话失败'],
  brokeSincePreviousOne: ['What broke since the previous run: 1 dialogue newly failing', '自上一次运行以来：1 段对话新近失败'],
  alreadyInPreviousRun: [
    'Not counted here: {0} more failing dialogues were already failing in the previous comparable run.',
    '另有 {0} 段失败的对话在上一次可比运行中就已失败，未计入此处。',
  ],
  noneNewSincePrevious: [
    'None newly failing since the previous comparable run: all {0} were already failing before.',
    '自上一次可比运行以来没有新近失败的对话：这 {0} 段此前就已失败。',
  ],
} as const satisfies Record<string, Pair>;

/** "…and 4 more behaviours (9 dialogues)" / "…and 1 more behaviour (1 dialogue)": the behaviours past the first lines, counted. */
export function moreBehavioursLine(lang: Lang, rest: readonly Behaviour[]): string {
  const dialogues = rest.reduce((sum, b) => sum + b.count, 0);
  const words = rest.length > 1 ? WHAT_BROKE_WORDS.more : dialogues > 1 ? WHAT_BROKE_WORDS.moreOne : WHAT_BROKE_WORDS.moreOneOfOne;
  return inLang(lang, words, rest.length, dialogues);
}

/** The block's heading: broke against a baseline or since the previous comparable run, or fails without either. */
export function whatBrokeHeading(lang: Lang, againstBaseline: boolean, broke: WhatBroke): string {
  const sincePrevious = !againstBaseline && (broke.apart?.newSincePreviousRun ?? 0) > 0;
  const one = broke.ids.length === 1;
  if (againstBaseline && broke.broke !== null && broke.broke < broke.ids.length) {
    // "Broke" only of what the gate counted (issue 38): none counted, none named so.
    return broke.broke === 0
      ? inLang(lang, WHAT_BROKE_WORDS.worseWithinNoise, broke.ids.length)
      : inLang(lang, WHAT_BROKE_WORDS.worse, broke.ids.length, broke.broke, broke.ids.length - broke.broke);
  }
  const words = againstBaseline
    ? one
      ? WHAT_BROKE_WORDS.brokeOne
      : WHAT_BROKE_WORDS.broke
    : sincePrevious
      ? one
        ? WHAT_BROKE_WORDS.brokeSincePreviousOne
        : WHAT_BROKE_WORDS.brokeSincePrevious
      : one
        ? WHAT_BROKE_WORDS.failsOne
        : WHAT_BROKE_WORDS.fails;
  return inLang(lang, words, broke.ids.length);
}

function actOf(turn: TurnReport, previous: TurnReport | undefined): string {
  const kind = turn.intent?.kind;
  const calledCorrect = turn.llmCalls.some((call) => call.endpoint === 'correct');
  if (kind === 'correction') return 'correction';
  // A line sent to the correction model without a correction word ("最后那个是17") is a correction when the
  // dataset expects it to change an item of the draft in place, whatever the model made of it; else an append.
  if (calledCorrect) return changesAnItemInPlace(turn, previous) ? 'correction' : 'append';
  if (kind === 'newInput' || turn.llmCalls.some((call) => call.endpoint === 'parse')) return 'newInput';
  if (kind === 'confirm' || kind === 'confirmItem' || turn.input.tap === 'confirm') return 'confirm';
  if (kind === 'cancel' || kind === 'cancelItem' || turn.input.tap === 'cancel') return 'cancel';
  return 'other';
}

/** The turn expects the draft to keep its items and one of them to change (not an append, which adds one or is refused). */
function changesAnItemInPlace(turn: TurnReport, previous: TurnReport | undefined): boolean {
  const expected = turn.checks.find((check) => check.name === 'batch')?.expected;
  const before = previous?.batch;
  if (!Array.isArray(expected) || !before || expected.length !== before.length) return false;
  return expected.some((item, i) => namedFieldsDiffer(item, item, before[i]));
}

/** One of the fields `fieldsOf` names differs between `item` and `before`. */
function namedFieldsDiffer(item: unknown, fieldsOf: unknown, before: unknown): boolean {
  return Object.keys(fieldsOf ?? {}).some(
    (field) => JSON.stringify((item as Record<string, unknown>)[field]) !== JSON.stringify((before as Record<string, unknown>)[field]),
  );
}

/** For a draft changed in place, how it went wrong against the draft before the turn. */
function wrongOf(check: CheckReport, previous: TurnReport | undefined): string {
  if (check.name !== 'batch') return check.name;
  const expected = check.expected;
  const actual = check.actual;
  const before = previous?.batch;
  if (!Array.isArray(expected) || !Array.isArray(actual) || !before) return 'batch';
  if (expected.length > before.length && actual.length <= before.length) return 'batch:notAdded';
  if (expected.length !== before.length || actual.length !== before.length) return 'batch';
  // An item changed when one of the fields the dataset names differs from the draft before.
  const shouldChange = expected.map((item, i) => namedFieldsDiffer(item, item, before[i]));
  const changed = actual.map((item, i) => namedFieldsDiffer(item, expected[i], before[i]));
  if (!changed.some(Boolean)) return 'batch:notApplied';
  if (shouldChange.some((should, i) => should !== changed[i])) return 'batch:wrongItem';
  return 'batch:wrongValue';
}
