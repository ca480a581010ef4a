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

/**
 * "The model answered 22 of 23 calls as before: this edit barely reached it." / "Requests changed on
 * 23 of 23 calls; answers on 19." With repeats in the baseline, a change of answers is set against
 * how often its own repeats answered otherwise, so noise alone does not read as a change; a model
 * with noise and no repeats in the baseline says it cannot tell them apart.
 */
export function answersSentence(gate: GateResult, lang: Lang): string | null {
  const answers = gate.answerChanges;
  if (!answers || answers.compared === 0) return null;
  const { compared, same, changed } = answers;
  const requests = answers.requestsChanged;
  const edited = (gate.arms?.prompts.length ?? 0) > 0;
  const zh = lang === 'zh';
  if (changed === 0) {
    const asked = requests ? (zh ? `（其中 ${requests} 次请求变了）` : `, though ${requests} of the requests changed`) : '';
    if (zh) return `模型对全部 ${compared} 次调用的回答与之前相同${asked}${edited ? '：这次修改没有影响到模型' : ''}。`;
    return `The model answered all ${compared} calls as before${asked}${edited ? ': this edit did not reach it' : ''}.`;
  }
  if (changed <= BARELY * compared) {
    const asked = requests ? (zh ? `（${requests} 次请求变了）` : ` (${requests} of the requests changed)`) : '';
    if (zh) return `模型对 ${compared} 次调用中的 ${same} 次回答与之前相同${asked}${edited ? '：这次修改几乎没有影响到模型' : ''}${noiseSaid(gate, lang)}。`;
    return `The model answered ${same} of ${compared} calls as before${asked}${edited ? ': this edit barely reached it' : ''}${noiseSaid(gate, lang)}.`;
  }
  if (requests === undefined) return zh ? `${compared} 次调用中有 ${changed} 次回答变了${noiseSaid(gate, lang)}。` : `Answers changed on ${changed} of ${compared} calls${noiseSaid(gate, lang)}.`;
  if (requests === 0) {
    // The request digest is of what the app sends (batch and text), not of the prompt around it.
    const prompt = edited ? (zh ? '（只有提示词变了）' : ' (only the prompt around it changed)') : '';
    return zh
      ? `${compared} 次调用中应用发出的请求与之前完全相同${prompt}，其中 ${changed} 次回答变了${noiseSaid(gate, lang)}。`
      : `Answers changed on ${changed} of ${compared} calls, every one asked as before${prompt}${noiseSaid(gate, lang)}.`;
  }
  return zh
    ? `${compared} 次调用中有 ${requests} 次请求变了，${changed} 次回答变了${noiseSaid(gate, lang)}。`
    : `Requests changed on ${requests} of ${compared} calls; answers on ${changed}${noiseSaid(gate, lang)}.`;
}

/**
 * "; the baseline's own repeats answered otherwise on 13 of 20 calls": what noise alone changes.
 * A model with noise (judged against chance) without repeats in the baseline says it cannot tell.
 */
function noiseSaid(gate: GateResult, lang: Lang): string {
  const noise = gate.answerChanges?.baselineRepeats;
  const zh = lang === 'zh';
  if (noise) {
    return zh
      ? `（${percent(changedShare(gate))}）；基线自身的重复运行之间，${noise.compared} 次调用中有 ${noise.changed} 次回答不同（${percent(noise.changed / noise.compared)}，仅噪声就会改变这么多）`
      : ` (${percent(changedShare(gate))}); the baseline's own repeats answered otherwise on ${noise.changed} of ${noise.compared} calls (${percent(noise.changed / noise.compared)}, what noise alone changes)`;
  }
  if (gate.singleRuns === undefined) return '';
  return zh
    ? '；基线没有重复运行，无法区分噪声与变化（用 --repeat 2 或更多生成基线）'
    : '; the baseline has no repeats to tell noise from a change (make it with --repeat 2 or more)';
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

function changedShare(gate: GateResult): number {
  const answers = gate.answerChanges!;
  return answers.changed / answers.compared;
}

function percent(share: number): string {
  return `${Math.round(share * 100)} %`;
}
