/** The sentence naming what differs between baseline and candidate besides the outcome: prompt files, sampling and today (the headline's). */
import type { GateResult, Lang, Sampling } from '../model/reportTypes.js';

export function armsSentence(gate: GateResult, lang: Lang): string | null {
  const arms = gate.arms;
  if (!arms) return null;
  const zh = lang === 'zh';
  const parts: string[] = [];
  if (arms.prompts.length > 0) {
    const files = arms.prompts.map(({ file, added, removed }) => {
      const lines = added === null || removed === null ? (zh ? '已改动' : 'changed') : zh ? `+${added} −${removed} 行` : `+${added} −${removed} lines`;
      return `${file} (${lines})`;
    });
    parts.push(`${zh ? '提示词改动：' : 'Prompts changed: '}${files.join(', ')}${zh ? '。' : '.'}`);
  }
  const { baseline, current } = arms.sampling;
  if (baseline || current) {
    const shared = baseline?.seed !== undefined && baseline.seed === current?.seed;
    const tail = shared ? (zh ? '（共享种子）' : ' (shared seeds)') : '';
    parts.push(zh ? `采样：基线 ${samplingText(baseline, lang)}；本次 ${samplingText(current, lang)}${tail}。` : `Sampling: baseline ${samplingText(baseline, lang)}; this run ${samplingText(current, lang)}${tail}.`);
  }
  if (arms.today) {
    const day = (value: string | null) => value ?? (zh ? '未记录（提示词写的是未知）' : 'not recorded (its prompts said unknown)');
    parts.push(zh ? `今天：基线 ${day(arms.today.baseline)}；本次 ${day(arms.today.current)}。` : `Today: baseline ${day(arms.today.baseline)}; this run ${day(arms.today.current)}.`);
  }
  return parts.length > 0 ? parts.join(' ') : null;
}

function samplingText(sampling: Sampling | null, lang: Lang): string {
  const zh = lang === 'zh';
  if (!sampling) return zh ? '未记录' : 'not recorded';
  const words = [
    `${zh ? '温度' : 'temperature'} ${sampling.temperature ?? '?'}`,
    `${zh ? '种子' : 'seed'} ${sampling.seed ?? (zh ? '无' : 'none')}`,
    // The app's own call (none) goes unsaid; max_tokens per endpoint stays in report.json's provenance.
    ...(sampling.responseFormat !== undefined && sampling.responseFormat !== 'none' ? [`${zh ? '回答格式' : 'response format'} ${sampling.responseFormat}`] : []),
  ];
  return words.join(zh ? '、' : ', ');
}
