/**
 * The words for a change and for noise, one wording for every page and command (console, report.md,
 * report.html, `compare`, `simulate --compare`), in both languages. "Broke" and "regression" are said
 * only of what a test found beyond run-to-run noise (reportQueries.dialogueChanges decides which
 * dialogues those are); a move the test could not tell from noise is counted apart, in plain words.
 */
import { deltaPoints, formatPValue, percent } from './format.js';
import { label, metricName } from './labels.js';
import { gateTestOf } from '../model/modelExtras.js';
import { dialogueChanges, metricKey, type DialogueChanges } from '../model/reportQueries.js';
import type { GateResult, Lang } from '../model/reportTypes.js';
import { pick, punctuation, type Words } from './wording.js';

/** How a change is painted: as a loss or a gain only when its interval (or, without one, its test) puts it beyond chance. */
export type ChangeTone = 'loss' | 'gain' | 'neutral';

/** What a change is called, beside its signed delta (which says the direction). */
export type ChangeWord =
  'beyondChance' | 'beyondInterval' | 'notCounted' | 'countedAtEdge' | 'couldBeChance' | 'untested' | 'unchanged' | 'negligible' | 'negligibleReal';

/** A two-sided interval of after − before and its level in percent (90 for the gate's 1 − 2α at α = 0.05). */
export interface LevelledInterval {
  readonly low: number;
  readonly high: number;
  readonly level: number;
}

export interface ChangeFacts {
  /** after − before. */
  readonly delta: number;
  readonly interval?: LevelledInterval | null;
  /**
   * What the gate's test of the move's direction decided, after Holm's adjustment and any tolerance:
   * `counted` (a regression, or a significant improvement) or `notCounted`; absent when no test of
   * that direction ran (the paired gate tests falls only).
   */
  readonly test?: 'counted' | 'notCounted';
  /**
   * Without an interval or a gate's test of the move's direction: whether a one-sided test of that
   * direction alone, unadjusted, put it beyond chance at α (the sign test's rise; the counterpart of a
   * (1 − 2α) interval that excludes 0).
   */
  readonly alone?: boolean;
  /** The answers repeat (no run-to-run noise): every move is a change. */
  readonly noiseFree?: boolean;
}

export interface ChangeVerdict {
  readonly word: ChangeWord;
  readonly tone: ChangeTone;
}

const SAME = 1e-9;

/**
 * The floor of a move that matters: a share that moved by less than this (one percentage point) is
 * called negligible and never painted, however sure its test is (docs/gating.md, "Words for a change").
 * The gate's verdict does not read it: the floor is about what a reader is shown first.
 */
export const NEGLIGIBLE_MOVE = 0.01;

/**
 * The one rule for a change's word and colour (docs/gating.md, "Words for a change"): the tone
 * follows the interval shown (wholly below 0 a loss, wholly above a gain, else neutral), so an
 * interval that includes 0 is never painted and one that excludes it is never "could be chance".
 * Where the gate's test disagrees with its interval (Holm's adjustment over the family, a
 * tolerance, two methods at the edge), the word says so instead of hiding either. Without an
 * interval the test of the move's direction decides; without that either, nothing is claimed.
 */
export function changeVerdict(facts: ChangeFacts): ChangeVerdict {
  const { delta, interval, test, alone, noiseFree } = facts;
  if (Math.abs(delta) < SAME) return { word: 'unchanged', tone: 'neutral' };
  const directed: ChangeTone = delta < 0 ? 'loss' : 'gain';
  if (noiseFree) return { word: 'beyondChance', tone: directed };
  if (Math.abs(delta) < NEGLIGIBLE_MOVE - SAME) return { word: beyondChance(facts) ? 'negligibleReal' : 'negligible', tone: 'neutral' };
  if (interval) {
    const excludes: ChangeTone | null = interval.high < 0 ? 'loss' : interval.low > 0 ? 'gain' : null;
    if (excludes) return { word: test === 'notCounted' ? 'notCounted' : test === 'counted' ? 'beyondChance' : 'beyondInterval', tone: excludes };
    return { word: test === 'counted' ? 'countedAtEdge' : 'couldBeChance', tone: 'neutral' };
  }
  if (test === 'counted') return { word: 'beyondChance', tone: directed };
  if (test === 'notCounted' || alone === false) return { word: 'couldBeChance', tone: 'neutral' };
  if (alone) return { word: 'beyondInterval', tone: directed };
  return { word: 'untested', tone: 'neutral' };
}

/** Whether the move's test (or, without one, its interval) puts it beyond chance. */
function beyondChance({ interval, test, alone }: ChangeFacts): boolean {
  if (test === 'counted') return true;
  if (interval) return interval.high < 0 || interval.low > 0;
  return alone === true;
}

const WORD_LABELS = {
  beyondChance: 'unlikelyChance',
  beyondInterval: 'beyondInterval',
  notCounted: 'notCounted',
  countedAtEdge: 'countedAtEdge',
  couldBeChance: 'couldBeChance',
  untested: 'untested',
  unchanged: 'unchanged',
  negligible: 'negligible',
  negligibleReal: 'negligibleReal',
} as const satisfies Record<ChangeWord, Parameters<typeof label>[1]>;

/** "very unlikely to be chance", "could be chance", …: the verdict's word in the page's language. */
export function changeWordText(lang: Lang, verdict: ChangeVerdict): string {
  return label(lang, WORD_LABELS[verdict.word]);
}

/** The page class of a tone (the same on the run, compare and simulate pages). */
export function toneClass(tone: ChangeTone): 'txt-fail' | 'txt-pass' | 'muted' {
  return tone === 'loss' ? 'txt-fail' : tone === 'gain' ? 'txt-pass' : 'muted';
}

/** The two-sided level of the gate's intervals: (1 − 2α), in percent (90 at α = 0.05). */
export function gateIntervalLevel(alpha: number): number {
  return Math.round((1 - 2 * alpha) * 1000) / 10;
}

/** The level of the intervals a gate's tests drew, when it ran statistical tests. */
export function gateLevel(gate: GateResult | null): number | undefined {
  const family = gate?.paired ?? gate?.singleRuns;
  return family ? gateIntervalLevel(family.alpha) : undefined;
}

/** "90 % interval -4.3 pp … -0.3 pp": an interval always with its true level. */
export function intervalWords(lang: Lang, interval: LevelledInterval): string {
  return `${label(lang, 'intervalLevel', interval.level)} ${deltaPoints(0, interval.low, lang)} … ${deltaPoints(0, interval.high, lang)}`;
}

/**
 * "one-sided p of a fall = 0.462": the gate's p-value, named for the direction it tests; beside a
 * rise, the sign test's p-value of a rise where it has one.
 */
export function pValueWords(lang: Lang, test: { readonly pValue: number; readonly risePValue?: number }, delta: number): string {
  const rise = delta > 0 && test.risePValue !== undefined;
  return `${label(lang, rise ? 'pOfRise' : 'pOfFall')} ${formatPValue(rise ? test.risePValue : test.pValue).slice(2)}`;
}

/** A test's p-value of a fall, and of a rise where the gate has one: the sign test's, or the single-run gate's for an improvement it counted. */
export function gatePValues(
  gate: GateResult,
  test: { readonly name: string; readonly pValue: number; readonly risePValue?: number },
): { pValue: number; risePValue?: number } {
  const improvement = gate.improvements.find((f) => f.kind === 'metric' && f.name === test.name)?.significance?.pValue;
  const risePValue = test.risePValue ?? improvement;
  return { pValue: test.pValue, ...(risePValue !== undefined ? { risePValue } : {}) };
}

/**
 * The facts the gate holds about one metric's change, for changeVerdict: its test (dialogue success
 * falls back to the sign test over dialogues' pass rates), interval at the gate's level, and whether
 * the test of the move's direction counted it. Null when the gate ran no statistical test of it.
 */
export function gateChangeFacts(gate: GateResult | null, metric: string): ChangeFacts | null {
  const family = gate?.paired ?? gate?.singleRuns;
  const test = gateTestOf(gate, metric);
  if (!gate || !family || !test) return null;
  const delta = test.current - test.baseline;
  const improved = gate.improvements.some((f) => f.kind === 'metric' && f.name === test.name);
  // The paired gate tests falls only; the single-run gate tests both ways.
  const rise = gate.singleRuns ? (improved ? 'counted' : 'notCounted') : undefined;
  const alone = delta > 0 && !rise && test.risePValue !== undefined ? { alone: test.risePValue < family.alpha } : {};
  return {
    delta,
    interval: test.interval ? { low: test.interval[0], high: test.interval[1], level: gateIntervalLevel(family.alpha) } : null,
    ...(delta < 0 ? { test: test.significant ? ('counted' as const) : ('notCounted' as const) } : rise ? { test: rise } : {}),
    ...alone,
  };
}

/** The change sentences' own words. */
export const CHANGE_WORDS = {
  /** Between the named metrics of a set-aside test: a comma in English, a semicolon in Chinese (each name carries its own commas). */
  namedTestsBetween: [', ', '；'],
} satisfies Record<string, Words>;

/** Each change the gate tested: "Batch splitting -2.3 pp (beyond its interval, yet not counted by the gate, one-sided p of a fall = 0.462, 90 % interval -4.3 pp … -0.3 pp)". */
export function testedChanges(gate: GateResult, lang: Lang): string[] {
  const { comma: sep, open, close } = punctuation(lang);
  return ((gate.paired ?? gate.singleRuns)?.tests ?? []).map((t) => {
    const facts = gateChangeFacts(gate, t.name)!;
    const interval = facts.interval ? `${sep}${intervalWords(lang, facts.interval)}` : '';
    return `${metricName(lang, metricKey(t.name))} ${deltaPoints(t.baseline, t.current, lang)}${open}${changeWordText(lang, changeVerdict(facts))}${sep}${pValueWords(lang, gatePValues(gate, t), t.current - t.baseline)}${interval}${close}`;
  });
}

/** "47 dialogues broke": the one count of what broke, on every page. */
export function brokeCount(gate: GateResult, lang: Lang): string {
  return brokeWords(dialogueChanges(gate), lang);
}

/** The same count from changes already worked out (a comparison that counts its own). */
export function brokeWords(changes: Pick<DialogueChanges, 'broke'>, lang: Lang): string {
  const broke = changes.broke.length;
  return label(lang, 'nBroke', broke);
}

/** "3 fixed": the count of what the gate found fixed, on every page. */
export function fixedWords(fixed: number, lang: Lang): string {
  return label(lang, 'nFixed', fixed);
}

/**
 * Over repeats, the dialogues that passed fewer or more runs than in the baseline without the gate
 * finding them, each count in one sentence: "94 dialogues passed fewer of their 3 runs than in the
 * baseline (5 no run, 89 some), as run-to-run noise alone can make them: not counted as broke".
 */
export function withinNoiseWords(changes: Omit<DialogueChanges, 'broke' | 'fixed' | 'unsteady'>, repeat: number, lang: Lang): string[] {
  const out: string[] = [];
  const fewer = changes.fewerRuns.length;
  const none = changes.fewerRunsNone.length;
  if (fewer > 0) out.push(label(lang, 'fewerRuns', fewer, repeat, none, fewer - none));
  const more = changes.moreRuns.length;
  if (more > 0) out.push(label(lang, 'moreRuns', more, repeat));
  return out;
}

/** Over repeats: the dialogues that were already unsteady in the baseline, said apart so no one reads them as broke. */
export function unsteadyLine(gate: GateResult, lang: Lang): string | null {
  const count = dialogueChanges(gate).unsteady.length;
  return count > 0 ? label(lang, 'unsteadyLine', count) : null;
}

/**
 * The paired gate's tests set aside this run (scoring/pairedStatistics.ts testableFamily), named:
 * those too thinly moved to tell a change from chance, and those no dialogue moved at all.
 */
export function setAsideWords(gate: GateResult, lang: Lang): string | null {
  const setAside = (gate.paired ?? gate.singleRuns)?.setAside ?? [];
  if (setAside.length === 0) return null;
  const sep = pick(lang, CHANGE_WORDS.namedTestsBetween);
  const thin = setAside.filter((t) => t.moved > 0);
  const unmoved = setAside.filter((t) => t.moved === 0);
  const out: string[] = [];
  if (thin.length > 0) {
    const named = thin.map((t) => label(lang, 'thinTest', metricName(lang, metricKey(t.name)), deltaPoints(t.baseline, t.current, lang), t.moved, t.judged));
    out.push(label(lang, 'thinTests', thin[0]!.needed, named.join(sep)));
  }
  if (unmoved.length > 0) out.push(label(lang, 'unmovedTests', unmoved.map((t) => metricName(lang, metricKey(t.name))).join(sep)));
  return out.join(punctuation(lang).space);
}

/** One line on the repeat-aware gate: its method, the dialogues already unsteady in the baseline that it kept from gating alone, and the tests it set aside. */
export function pairedGateLine(gate: GateResult, lang: Lang = 'en'): string | null {
  const paired = gate.paired;
  if (!paired) {
    if (!gate.singleRuns) return null;
    const setAside = setAsideWords(gate, lang);
    return `${label(lang, 'singleRunsMethod', gate.singleRuns.dialogues, gate.singleRuns.alpha)}${setAside ? `${punctuation(lang).space}${setAside}` : ''}`;
  }
  const unsteady = new Set(dialogueChanges(gate).unsteady);
  const list = paired.flaky.filter((f) => unsteady.has(f.id));
  const shown = list.slice(0, 5).map((f) => `${f.id} (${percent(f.baseline ?? 0)} → ${percent(f.current ?? 0)})`);
  const setAside = setAsideWords(gate, lang);
  const p = punctuation(lang);
  return (
    label(lang, 'pairedGateLine', paired.dialogues, paired.alpha, list.length) +
    (list.length > 0 ? `${p.colon}${shown.join(', ')}${list.length > shown.length ? ', …' : ''}` : '') +
    (setAside ? `${p.stop}${p.space}${setAside}` : '')
  );
}
