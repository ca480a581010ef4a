/**
 * What the gate can say about the model itself, in both languages: whether the edit reached it
 * (gate.answerChanges) and which metrics its baseline met too rarely to judge (gate.cannotJudge).
 * The headline says both, so every format does; the sequential gate's "not decided" text sits
 * beside them in the same headline.
 */
import { metricName } from './labels.js';
import { pairingSaid } from './pairingWords.js';
import type { GateResult, Lang } from '../model/reportTypes.js';

/** At most this share of the calls answered differently reads "barely reached it". */
const BARELY = 0.1;

/** "The model answered 22 of 23 calls as before: this edit barely reached it." / "Answers changed on 19 of 23 calls." */
export function answersSentence(gate: GateResult, lang: Lang): string | null {
  const answers = gate.answerChanges;
  if (!answers || answers.compared === 0) return null;
  const { compared, same, changed } = answers;
  const edited = (gate.arms?.prompts.length ?? 0) > 0;
  const zh = lang === 'zh';
  if (changed === 0) {
    if (zh) return `模型对全部 ${compared} 次调用的回答与之前相同${edited ? '：这次修改没有影响到模型' : ''}。`;
    return `The model answered all ${compared} calls as before${edited ? ': this edit did not reach it' : ''}.`;
  }
  if (changed <= BARELY * compared) {
    if (zh) return `模型对 ${compared} 次调用中的 ${same} 次回答与之前相同${edited ? '：这次修改几乎没有影响到模型' : ''}。`;
    return `The model answered ${same} of ${compared} calls as before${edited ? ': this edit barely reached it' : ''}.`;
  }
  return zh ? `${compared} 次调用中有 ${changed} 次回答变了。` : `Answers changed on ${changed} of ${compared} calls.`;
}

/** "Cannot be judged with this model: Append turns handled (1 of 9 in the baseline) — …" */
export function cannotJudgeSentence(gate: GateResult, lang: Lang): string | null {
  const weak = gate.cannotJudge ?? [];
  if (weak.length === 0) return null;
  if (lang === 'zh') {
    const list = weak.map((m) => `${metricName('zh', m.name)}（基线 ${m.judged} 次中达成 ${m.succeeded} 次）`).join('、');
    return `此模型无法评判：${list}——基线中达成的次数太少（模型很少做到，或评判的对话太少），下降无从显现，这些指标“无变化”不说明任何问题。`;
  }
  const list = weak.map((m) => `${metricName('en', m.name)} (${m.succeeded} of ${m.judged} in the baseline)`).join(', ');
  return `Cannot be judged with this model: ${list} — the baseline succeeded there too few times for a fall to show (the model rarely did, or too few dialogues judge ${weak.length === 1 ? 'it' : 'them'}), so no change there means nothing.`;
}

/** The pairing (when not every dialogue paired) and both sentences that apply, for pages that show a gate without the run's headline (`compare --out`). */
export function modelSentences(gate: GateResult | null, lang: Lang): string[] {
  return gate ? [pairingSaid(gate, lang).trim() || null, answersSentence(gate, lang), cannotJudgeSentence(gate, lang)].filter((line): line is string => line !== null) : [];
}

/** The metric is one the baseline's model met too rarely to judge. */
export function isWeak(gate: GateResult | null, metric: string): boolean {
  return (gate?.cannotJudge ?? []).some((m) => m.name === metric);
}
