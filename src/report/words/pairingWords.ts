import type { GateResult, Lang } from '../model/reportTypes.js';

/**
 * "40 of 66 dialogues paired; 26 only in this run, 3 only in the baseline": said first in every
 * format's headline when a run and its baseline do not hold the same dialogues, since the gate
 * then decided on the paired ones only. Nothing when every dialogue paired.
 */
export function pairingSaid(gate: GateResult, lang: Lang): string {
  const p = gate.pairing;
  if (!p || (p.onlyInRun === 0 && p.onlyInBaseline === 0)) return '';
  if (lang === 'zh') {
    const changed = p.changedContent ? `（其中 ${p.changedContent} 个同 id 而内容已改）` : '';
    const byId = p.byIdOnly ? '（基线未存内容摘要：只按 id 配对）' : '';
    return `${p.run} 个对话中 ${p.paired} 个与基线配对；仅在本次运行 ${p.onlyInRun} 个，仅在基线 ${p.onlyInBaseline} 个${changed}${byId}；门禁只按配对的对话判定。`;
  }
  const changed = p.changedContent ? ` (${p.changedContent} of them the same id with other content)` : '';
  const byId = p.byIdOnly ? ' (paired by id only: a side kept no content digests)' : '';
  return `${p.paired} of ${p.run} dialogues paired; ${p.onlyInRun} only in this run, ${p.onlyInBaseline} only in the baseline${changed}${byId}; the gate decided on the paired ones only. `;
}
