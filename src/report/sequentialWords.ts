/** The sentence saying where a `--sequential` run stopped and why (the headline's, so every format's). */
import { metricName } from './labels.js';
import type { GateResult, Lang, SequentialSummary } from './reportTypes.js';

/** Metrics named when a run ended undecided: the ones furthest from being cleared. */
const UNCLEARED_SHOWN = 3;

export function sequentialSentence(gate: GateResult, lang: Lang): string | null {
  const s = gate.sequential;
  if (!s) return null;
  return lang === 'zh' ? inChinese(s) : inEnglish(s);
}

function inEnglish(s: SequentialSummary): string {
  const where = `${s.dialoguesRun} of ${s.dialoguesInSuite} dialogues (${s.calls} model calls)`;
  if (s.decision === 'regression') {
    const fell = s.metrics.filter((m) => s.alarmed.includes(m.name)).map((m) => `${metricName('en', m.name)} fell, e = ${m.eRegression} ≥ ${s.regressionThreshold}`);
    return `Stopped after ${where}: ${fell.join('; ')}.`;
  }
  const pp = `${Math.round(s.margin * 1000) / 10} pp`;
  if (s.decision === 'noRegression') return `Stopped after ${where}: no metric fell by ${pp} or more (each metric's e ≥ ${s.noRegressionThreshold}).`;
  const why = s.stop === 'budget' ? `the budget of ${s.budget ?? '?'} ran out` : 'the suite ended';
  const open = uncleared(s).map((m) => `${metricName('en', m.name)} (${m.dialogues} dialogues, e = ${m.eNoRegression} of ${s.noRegressionThreshold})`);
  const then = s.undecided === 'fail' ? 'an undecided run fails the gate (--undecided pass lets it through)' : 'let through by --undecided pass';
  return `Not decided: ${why} after ${where}; a fall of ${pp} not yet ruled out for ${open.join(', ')}; ${then}.`;
}

function inChinese(s: SequentialSummary): string {
  const where = `已运行 ${s.dialoguesInSuite} 段对话中的 ${s.dialoguesRun} 段（${s.calls} 次模型调用）`;
  if (s.decision === 'regression') {
    const fell = s.metrics.filter((m) => s.alarmed.includes(m.name)).map((m) => `${metricName('zh', m.name)}下降，e = ${m.eRegression} ≥ ${s.regressionThreshold}`);
    return `${where}后停止：${fell.join('；')}。`;
  }
  const pp = `${Math.round(s.margin * 1000) / 10} 个百分点`;
  if (s.decision === 'noRegression') return `${where}后停止：没有指标下降 ${pp}或以上（每项 e ≥ ${s.noRegressionThreshold}）。`;
  const why = s.stop === 'budget' ? `预算 ${s.budget ?? '?'} 用尽` : '套件已跑完';
  const open = uncleared(s).map((m) => `${metricName('zh', m.name)}（${m.dialogues} 段，e = ${m.eNoRegression}/${s.noRegressionThreshold}）`);
  const then = s.undecided === 'fail' ? '未定按失败处理（--undecided pass 可放行）' : '按 --undecided pass 放行';
  return `未定：${why}，${where}；尚未排除下降 ${pp}：${open.join('、')}；${then}。`;
}

function uncleared(s: SequentialSummary): SequentialSummary['metrics'] {
  return s.metrics
    .filter((m) => m.clearedAt === null)
    .sort((a, b) => a.eNoRegression - b.eNoRegression)
    .slice(0, UNCLEARED_SHOWN);
}
