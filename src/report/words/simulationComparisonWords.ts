/** The words of a comparison of two simulate reports, shared by its Markdown, HTML and console: the headline, each side, each delta's word and tone, the broken examples' titles. */
import { changeVerdict, changeWordText, toneClass, type ChangeVerdict } from './changeWords.js';
import { percent } from './format.js';
import type { Lang } from '../model/reportTypes.js';
import { punctuation, type Args } from './wording.js';
import type { BrokenExample, RateDelta, SimulationComparison, UserFlip } from '../model/simulationComparison.js';
import { outcomeName, outcomeWhy, simulationWord, speechNames, type SimulationWord } from './simulationLabels.js';

export type Say = (key: SimulationWord, ...args: Args) => string;

export const wordsIn =
  (lang: Lang): Say =>
  (key, ...args) =>
    simulationWord(lang, key, ...args);

const pp = (value: number) => `${value > 0 ? '+' : value < 0 ? '-' : '±'}${Math.abs(value * 100).toFixed(1)} pp`;

export const rate = (s: RateDelta['a']) => (s ? `${percent(s.rate)} (${s.succeeded}/${s.runs})` : '—');

export const deltaText = (d: RateDelta) => (d.delta === null ? '—' : `${pp(d.delta)}${d.interval ? ` [${pp(d.interval[0])}, ${pp(d.interval[1])}]` : ''}`);

export function describeSide(c: SimulationComparison, which: 'a' | 'b', lang: Lang): string {
  const { label, report } = c[which];
  const run = report.run;
  const speech = speechNames(lang, run.speech) || simulationWord(lang, 'clean');
  return simulationWord(lang, 'cmpSide', {
    side: label,
    backend: String(run.llm['backend']),
    model: String(run.llm['model']),
    seed: run.seed,
    users: run.users,
    repeat: run.repeat,
    speech,
  });
}

/** "heuristic / heuristic-rules-v1": a side in a few words, for the first screen; describeSide says the rest. */
export function sideModel(c: SimulationComparison, which: 'a' | 'b'): string {
  const { llm } = c[which].report.run;
  return `${String(llm['backend'])} / ${String(llm['model'])}`;
}

/**
 * "task success 58.3% → 33.3%, -25.0 pp, very unlikely to be chance; 16 users broke, 1 fixed": the
 * shares and the move in words, short enough to read at a glance; the counts and the interval sit in
 * the regression line and the Overall table below it.
 */
export function headlineOf(c: SimulationComparison, lang: Lang = 'en'): string {
  const say = wordsIn(lang);
  const success = c.overall[0]!;
  const broke = c.flips.filter((f) => f.direction === 'broke').length;
  // The gate judges task success on this one interval, no family to adjust for: a fall counts unless
  // the tolerance forgives it, a rise beyond it is as sure.
  const fell = success.delta !== null && success.delta < 0;
  const counted = fell ? c.successFellCounted : success.interval !== null && success.interval[0] > 0;
  const verdict = verdictOf(success, counted ? 'counted' : 'notCounted');
  const chance = verdict && verdict.word !== 'unchanged' && success.interval ? `${punctuation(lang).comma}${changeWordText(lang, verdict)}` : '';
  const share = (side: RateDelta['a']) => (side ? percent(side.rate) : '—');
  const change = success.delta === null ? say('cmpNoData') : say('cmpChange', { a: share(success.a), b: share(success.b), delta: pp(success.delta), chance });
  return c.sameUsers ? say('cmpFlips', change, broke, c.flips.length - broke) : say('cmpOtherUsers', change);
}

/**
 * A delta's word and colour by the one rule of report/words/changeWords.ts: its 95 % interval decides (the
 * gate fails on the same interval).
 */
function verdictOf(d: RateDelta, test?: 'counted' | 'notCounted'): ChangeVerdict | null {
  if (d.delta === null) return null;
  const interval = d.interval ? { low: d.interval[0], high: d.interval[1], level: 95 } : null;
  return changeVerdict({ delta: d.delta, interval, ...(test ? { test } : {}) });
}

/** Delta in a colour only when changeVerdict paints it: a change chance alone could make is not painted as loss or gain. */
export function deltaTone(d: RateDelta): string {
  return toneClass(verdictOf(d)?.tone ?? 'neutral');
}

/** "3 users: walked away — e.g. user 7, run 1 (…)". */
export function exampleTitle(e: BrokenExample, lang: Lang): string {
  const { failure } = e;
  const why = outcomeWhy(lang, e.outcome, failure.transcript.length);
  return simulationWord(lang, 'cmpExample', { users: e.users, outcome: outcomeName(lang, e.outcome), user: failure.userId, run: failure.repeat, why });
}

/** The conversation line by line; `speaker` marks the user's words (an emoji in Markdown, none where a page may lack the font). */
export function exampleTurns(e: BrokenExample, speaker: string, say: Say): string[] {
  return e.failure.transcript.map(
    (turn) => `${speaker}${turn.user} → ${turn.spoken.join(' / ') || say('silence')}${turn.llm.length > 0 ? ` [${turn.llm.join(', ')}]` : ''}`,
  );
}

/** Ways of breaking shown with a transcript; the rest are counted in the flips below. */
export const MAX_EXAMPLES = 5;

export function flipLine(f: UserFlip, say: Say): string {
  return say('cmpFlip', { user: f.userId, goal: say('items', f.goalSize), a: f.a, b: f.b });
}
