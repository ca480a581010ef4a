/** The sentence naming what differs between baseline and candidate besides the outcome: prompt files, sampling and today (the headline's). */
import { inLang, punctuation, type Words } from './wording.js';
import { SHARED_WORDS } from './sharedWords.js';
import type { GateResult, Lang, Sampling } from '../model/reportTypes.js';

export const ARMS_WORDS = {
  promptsChanged: ['Prompts changed: {files}.', '提示词改动：{files}。'],
  promptFile: ['{file} ({lines})', '{file} ({lines})'],
  lines: ['+{added} −{removed} lines', '+{added} −{removed} 行'],
  changed: ['changed', '已改动'],
  sampling: ['Sampling: baseline {baseline}; this run {current}{shared}.', '采样：基线 {baseline}；本次 {current}{shared}。'],
  sharedSeeds: [' (shared seeds)', '（共享种子）'],
  today: ['Today: baseline {baseline}; this run {current}.', '今天：基线 {baseline}；本次 {current}。'],
  todayNotRecorded: ['not recorded (its prompts said unknown)', '未记录（提示词写的是未知）'],
  notRecorded: ['not recorded', '未记录'],
  temperature: ['temperature {value}', '温度 {value}'],
  noSeed: ['none', '无'],
  responseFormat: ['response format {value}', '回答格式 {value}'],
} as const satisfies Record<string, Words>;

type Say = (key: keyof typeof ARMS_WORDS, values?: Readonly<Record<string, string | number>>) => string;

export function armsSentence(gate: GateResult, lang: Lang): string | null {
  const arms = gate.arms;
  if (!arms) return null;
  const say: Say = (key, values = {}) => inLang(lang, ARMS_WORDS[key], values);
  const parts: string[] = [];
  if (arms.prompts.length > 0) {
    const files = arms.prompts.map(({ file, added, removed }) =>
      say('promptFile', { file, lines: added === null || removed === null ? say('changed') : say('lines', { added, removed }) }),
    );
    parts.push(say('promptsChanged', { files: files.join(', ') }));
  }
  const { baseline, current } = arms.sampling;
  if (baseline || current) {
    const shared = baseline?.seed !== undefined && baseline.seed === current?.seed;
    parts.push(
      say('sampling', { baseline: samplingText(baseline, lang, say), current: samplingText(current, lang, say), shared: shared ? say('sharedSeeds') : '' }),
    );
  }
  if (arms.today) {
    const day = (value: string | null) => value ?? say('todayNotRecorded');
    parts.push(say('today', { baseline: day(arms.today.baseline), current: day(arms.today.current) }));
  }
  return parts.length > 0 ? parts.join(' ') : null;
}

function samplingText(sampling: Sampling | null, lang: Lang, say: Say): string {
  if (!sampling) return say('notRecorded');
  const words = [
    say('temperature', { value: sampling.temperature ?? '?' }),
    inLang(lang, SHARED_WORDS.seed, sampling.seed ?? say('noSeed')),
    // The app's own call (none) goes unsaid; max_tokens per endpoint stays in report.json's provenance.
    ...(sampling.responseFormat !== undefined && sampling.responseFormat !== 'none' ? [say('responseFormat', { value: sampling.responseFormat })] : []),
  ];
  return words.join(punctuation(lang).list);
}
