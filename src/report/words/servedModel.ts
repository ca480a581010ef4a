/** The model a server said answered a run: its id (with the file fingerprint when it gave one), as every page names it. */
import { cutList, outsideName } from '../../util/outsideText.js';
import { inLang, punctuation, type Words } from './wording.js';
import type { Lang, ModelInfo } from '../model/reportTypes.js';

/** A headline names this many served models at most, then "… (N more)". */
const MAX_SERVED_SAID = 3;

export const SERVED_WORDS = {
  moreNames: ['{names} … ({left} more)', '{names}…（另 {left} 个）'],
  serverSaid: ['the server said {names} answered', '服务端报告的作答模型：{names}'],
  noneReported: ['(none reported)', '（未报告）'],
  otherThanPrevious: [
    'The previous run of this configuration was answered by another model ({was}; now: {now}), so it is not compared with this one; trends follow runs of the same model only.',
    '此前同一配置的上一次运行由另一模型作答（{was}；本次：{now}），因此不与其比较，趋势只含同一模型的运行。',
  ],
  otherThanBaseline: [
    'The baseline was answered by another model (baseline: {baseline}; now: {now}): this compares two models.',
    '基线由另一模型作答（基线：{baseline}；本次：{now}）：比较的是两个模型。',
  ],
} as const satisfies Record<string, Words>;

/**
 * Served model names as a page says them: each bounded and inert (they come from a server, or from
 * a report or history file read back), at most MAX_SERVED_SAID, then how many more.
 */
export function servedNamesSaid(names: readonly string[], lang: Lang): string {
  const { shown, left } = cutList(names, MAX_SERVED_SAID);
  const list = shown.map((name) => outsideName(name)).join(punctuation(lang).list);
  return left === 0 ? list : inLang(lang, SERVED_WORDS.moreNames, { names: list, left });
}

/** "the server said qwen2.5-1.5b@1a2b3c4d5e6f answered"; null when no server named a model. */
export function servedModelSaid(llm: ModelInfo, lang: Lang): string | null {
  const served = llm.servedModels ?? [];
  if (served.length === 0) return null;
  return inLang(lang, SERVED_WORDS.serverSaid, { names: servedNamesSaid(served, lang) });
}

/** The history's previous run of this configuration was answered by another model: not compared with it, and said so. */
export function servedModelChangeSaid(previous: readonly string[], current: readonly string[], lang: Lang): string {
  const [was, now] = [previous, current].map((names) => (names.length > 0 ? servedNamesSaid(names, lang) : inLang(lang, SERVED_WORDS.noneReported)));
  return inLang(lang, SERVED_WORDS.otherThanPrevious, { was: was!, now: now! });
}

/** The baseline was answered by other served models than this run: said before what changed against it. */
export function servedModelBaselineSaid(served: { readonly baseline: readonly string[]; readonly current: readonly string[] }, lang: Lang): string {
  return inLang(lang, SERVED_WORDS.otherThanBaseline, { baseline: servedNamesSaid(served.baseline, lang), now: servedNamesSaid(served.current, lang) });
}
