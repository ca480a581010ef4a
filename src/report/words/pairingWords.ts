import { inLang, type Words } from './wording.js';
import type { GateResult, Lang } from '../model/reportTypes.js';

export const PAIRING_WORDS = {
  pairing: [
    '{paired} of {run} dialogues paired; {onlyInRun} only in this run, {onlyInBaseline} only in the baseline{changed}{byId}; the gate decided on the paired ones only. ',
    '{run} 个对话中 {paired} 个与基线配对；仅在本次运行 {onlyInRun} 个，仅在基线 {onlyInBaseline} 个{changed}{byId}；门禁只按配对的对话判定。',
  ],
  changedContent: [' ({count} of them the same id with other content)', '（其中 {count} 个同 id 而内容已改）'],
  byIdOnly: [' (paired by id only: a side kept no content digests)', '（基线未存内容摘要：只按 id 配对）'],
} as const satisfies Record<string, Words>;

/**
 * "40 of 66 dialogues paired; 26 only in this run, 3 only in the baseline": said first in every
 * format's headline when a run and its baseline do not hold the same dialogues, since the gate
 * then decided on the paired ones only. Nothing when every dialogue paired.
 */
export function pairingSaid(gate: GateResult, lang: Lang): string {
  const p = gate.pairing;
  if (!p || (p.onlyInRun === 0 && p.onlyInBaseline === 0)) return '';
  const changed = p.changedContent ? inLang(lang, PAIRING_WORDS.changedContent, { count: p.changedContent }) : '';
  const byId = p.byIdOnly ? inLang(lang, PAIRING_WORDS.byIdOnly) : '';
  return inLang(lang, PAIRING_WORDS.pairing, { paired: p.paired, run: p.run, onlyInRun: p.onlyInRun, onlyInBaseline: p.onlyInBaseline, changed, byId });
}
