/**
 * What the gate can say about the model itself, in both languages: whether the edit reached it
 * (gate.answerChanges) and which metrics its baseline met too rarely to judge (gate.cannotJudge).
 * The headline says both, so every format does; the sequential gate's "not decided" text sits
 * beside them in the same headline.
 */
import { metricName } from './labels.js';
import { pairingSaid } from './pairingWords.js';
import { inLang, punctuation, type Words } from './wording.js';
import type { GateResult, Lang } from '../model/reportTypes.js';

/** At most this share of the calls answered differently reads "barely reached it". */
const BARELY = 0.1;

export const ANSWERS_WORDS = {
  allAsBefore: ['The model answered all {compared} calls as before{asked}{reached}.', '模型对全部 {compared} 次调用的回答与之前相同{asked}{reached}。'],
  thoughRequestsChanged: [', though {requests} of the requests changed', '（其中 {requests} 次请求变了）'],
  didNotReach: [': this edit did not reach it', '：这次修改没有影响到模型'],
  mostAsBefore: [
    'The model answered {same} of {compared} calls as before{asked}{reached}{noise}.',
    '模型对 {compared} 次调用中的 {same} 次回答与之前相同{asked}{reached}{noise}。',
  ],
  requestsChanged: [' ({requests} of the requests changed)', '（{requests} 次请求变了）'],
  barelyReached: [': this edit barely reached it', '：这次修改几乎没有影响到模型'],
  answersChanged: ['Answers changed on {changed} of {compared} calls{noise}.', '{compared} 次调用中有 {changed} 次回答变了{noise}。'],
  askedAsBefore: [
    'Answers changed on {changed} of {compared} calls, every one asked as before{prompt}{noise}.',
    '{compared} 次调用中应用发出的请求与之前完全相同{prompt}，其中 {changed} 次回答变了{noise}。',
  ],
  onlyPromptChanged: [' (only the prompt around it changed)', '（只有提示词变了）'],
  bothChanged: [
    'Requests changed on {requests} of {compared} calls; answers on {changed}{noise}.',
    '{compared} 次调用中有 {requests} 次请求变了，{changed} 次回答变了{noise}。',
  ],
  baselineNoise: [
    " ({share}); the baseline's own repeats answered otherwise on {changed} of {compared} calls ({noiseShare}, what noise alone changes)",
    '（{share}）；基线自身的重复运行之间，{compared} 次调用中有 {changed} 次回答不同（{noiseShare}，仅噪声就会改变这么多）',
  ],
  noRepeats: [
    '; the baseline has no repeats to tell noise from a change (make it with --repeat 2 or more)',
    '；基线没有重复运行，无法区分噪声与变化（用 --repeat 2 或更多生成基线）',
  ],
  cannotJudge: [
    'Cannot be judged with this model: {metrics} — the baseline succeeded there too few times for a fall to show (the model rarely did, or too few dialogues judge {count:it|them}), so no change there means nothing.',
    '此模型无法评判：{metrics}——基线中达成的次数太少（模型很少做到，或评判的对话太少），下降无从显现，这些指标“无变化”不说明任何问题。',
  ],
  weakMetric: ['{metric} ({succeeded} of {judged} in the baseline)', '{metric}（基线 {judged} 次中达成 {succeeded} 次）'],
} as const satisfies Record<string, Words>;

type Say = (key: keyof typeof ANSWERS_WORDS, values?: Readonly<Record<string, string | number>>) => string;

const sayIn =
  (lang: Lang): Say =>
  (key, values = {}) =>
    inLang(lang, ANSWERS_WORDS[key], values);

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
  const say = sayIn(lang);
  const noise = noiseSaid(gate, say);
  if (changed === 0) {
    const asked = requests ? say('thoughRequestsChanged', { requests }) : '';
    return say('allAsBefore', { compared, asked, reached: edited ? say('didNotReach') : '' });
  }
  if (changed <= BARELY * compared) {
    const asked = requests ? say('requestsChanged', { requests }) : '';
    return say('mostAsBefore', { same, compared, asked, reached: edited ? say('barelyReached') : '', noise });
  }
  if (requests === undefined) return say('answersChanged', { changed, compared, noise });
  // The request digest is of what the app sends (batch and text), not of the prompt around it.
  if (requests === 0) return say('askedAsBefore', { changed, compared, prompt: edited ? say('onlyPromptChanged') : '', noise });
  return say('bothChanged', { requests, compared, changed, noise });
}

/**
 * "; the baseline's own repeats answered otherwise on 13 of 20 calls": what noise alone changes.
 * A model with noise (judged against chance) without repeats in the baseline says it cannot tell.
 */
function noiseSaid(gate: GateResult, say: Say): string {
  const noise = gate.answerChanges?.baselineRepeats;
  if (noise)
    return say('baselineNoise', {
      share: percent(changedShare(gate)),
      changed: noise.changed,
      compared: noise.compared,
      noiseShare: percent(noise.changed / noise.compared),
    });
  return gate.singleRuns === undefined ? '' : say('noRepeats');
}

/** "Cannot be judged with this model: Append turns handled (1 of 9 in the baseline) — …" */
export function cannotJudgeSentence(gate: GateResult, lang: Lang): string | null {
  const weak = gate.cannotJudge ?? [];
  if (weak.length === 0) return null;
  const say = sayIn(lang);
  const list = weak.map((m) => say('weakMetric', { metric: metricName(lang, m.name), succeeded: m.succeeded, judged: m.judged })).join(punctuation(lang).list);
  return say('cannotJudge', { metrics: list, count: weak.length });
}

/** The pairing (when not every dialogue paired) and both sentences that apply, for pages that show a gate without the run's headline (`compare --out`). */
export function modelSentences(gate: GateResult | null, lang: Lang): string[] {
  return gate
    ? [pairingSaid(gate, lang).trim() || null, answersSentence(gate, lang), cannotJudgeSentence(gate, lang)].filter((line): line is string => line !== null)
    : [];
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
