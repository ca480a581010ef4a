/** The sentence saying where a `--sequential` run stopped and why (the headline's, so every format's). */
import { metricName } from './labels.js';
import type { GateResult, Lang, SequentialSummary } from '../model/reportTypes.js';

/** Metrics named when a run ended undecided: the ones furthest from being cleared. */
const UNCLEARED_SHOWN = 3;

export function sequentialSentence(gate: GateResult, lang: Lang): string | null {
  const s = gate.sequential;
  if (!s) return null;
  return lang === 'zh' ? inChinese(s) : inEnglish(s);
}

function inEnglish(s: SequentialSummary): string {
  const pp = `${Math.round(s.margin * 1000) / 10} pp`;
  if (s.dialoguesTested === 0) {
    const ran = s.dialoguesRun === 0 ? 'no dialogue ran' : `none of the ${s.dialoguesRun} dialogues run is in the baseline`;
    return `Nothing compared: ${ran}, so the gate has no evidence either way and fails, whatever --undecided says.`;
  }
  const where = `${s.dialoguesRun} of ${s.dialoguesInSuite} dialogues (${s.calls} model calls)`;
  if (s.broke && s.broke.length > 0) {
    return `Stopped after ${where}: ${s.broke.join(', ')} broke (passed in the baseline, fails now); the answers repeat on both sides, so a dialogue that breaks is a change, not noise.`;
  }
  if (s.decision === 'regression') {
    const fell = s.metrics.filter((m) => s.alarmed.includes(m.name)).map((m) => `${metricName('en', m.name)} fell (e = ${m.eRegression})`);
    const named = fell.length > 0 ? fell.join(', ') : 'the metrics fell together, though no one of them can be named under the family\'s correction';
    return `Stopped after ${where}: ${named}; the ${s.metrics.length} metrics' e-values sum to ${s.regressionEvidence} ≥ ${s.regressionThreshold}.`;
  }
  const thin = setAsideEnglish(s, pp);
  if (s.decision === 'noRegression') {
    const seen = s.exact ? ` none of the ${s.dialoguesTested} dialogues compared broke, and over all ${s.dialoguesInSuite} selected` : '';
    const unseen = s.exact && s.dialoguesInSuite > s.dialoguesTested ? `; the ${s.dialoguesInSuite - s.dialoguesTested} not run were not seen, so one of them may have broke` : '';
    return `Cleared after ${where}:${seen} no metric fell by ${pp} or more (each metric's e ≥ ${s.noRegressionThreshold})${unseen}.${thin}`;
  }
  const spent = s.budget?.endsWith('calls') ? `${s.dialoguesRun} of ${s.dialoguesInSuite} dialogues (${s.calls} of ${s.budget})` : `${where} in ${s.budget ? `${minutesOf(s.minutes)} of ${s.budget}` : duration(s.minutes)}`;
  const why = s.stop === 'budget' ? `the budget of ${s.budget ?? '?'} ran out after ${spent}` : `the selection ended${s.budget ? ' with budget left' : ''}, after ${spent}`;
  const open = uncleared(s).map((m) => `${metricName('en', m.name)} (${m.dialogues} dialogues, e = ${m.eNoRegression} of ${s.noRegressionThreshold})`);
  const notRuledOut =
    open.length > 0
      ? `a fall of ${pp} not yet ruled out for ${open.join(', ')}; ${estimateEnglish(s, pp)}`
      : `no metric is judged on the ${s.dialoguesToClear} dialogues clearing ${pp} needs, so this selection cannot clear it (select more dialogues, or widen --margin)`;
  const then = s.undecided === 'fail' ? 'an undecided run fails the gate (--undecided pass lets it through)' : 'let through by --undecided pass';
  return `Not decided: ${why}; ${notRuledOut}; ${then}.${thin}`;
}

function setAsideEnglish(s: SequentialSummary, pp: string): string {
  if (s.setAside.length === 0) return '';
  const named = s.setAside.map((m) => `${metricName('en', m.name)} (${m.judged})`).join(', ');
  return ` Too few judged dialogues to clear: ${named}; a metric needs ${s.dialoguesToClear} to clear ${pp}, so ${s.setAside.length === 1 ? 'it is' : 'these are'} not covered.`;
}

function estimateEnglish(s: SequentialSummary, pp: string): string {
  if (s.wouldDecideAt === null) return 'no trend yet says how many dialogues would decide';
  const about = `at the differences seen so far, about ${count(s.wouldDecideAt)} dialogues would decide`;
  return s.wouldDecideAt > s.dialoguesInSuite ? `${about} (the selection has ${s.dialoguesInSuite}: select more, or widen --margin from ${pp})` : about;
}

function inChinese(s: SequentialSummary): string {
  const pp = `${Math.round(s.margin * 1000) / 10} 个百分点`;
  if (s.dialoguesTested === 0) {
    const ran = s.dialoguesRun === 0 ? '没有运行任何对话' : `运行的 ${s.dialoguesRun} 段对话都不在基线中`;
    return `没有可比较的对话：${ran}，门禁没有任何证据，判为失败（--undecided 不影响）。`;
  }
  const where = `已运行 ${s.dialoguesInSuite} 段对话中的 ${s.dialoguesRun} 段（${s.calls} 次模型调用）`;
  if (s.broke && s.broke.length > 0) {
    return `${where}后停止：${s.broke.join('、')} 退步（基线通过，现在失败）；两侧回答都可重现，对话退步就是变化，不是波动。`;
  }
  if (s.decision === 'regression') {
    const fell = s.metrics.filter((m) => s.alarmed.includes(m.name)).map((m) => `${metricName('zh', m.name)}下降（e = ${m.eRegression}）`);
    const named = fell.length > 0 ? fell.join('、') : '各项指标一同下降，但按整组校正无法单独指出哪一项';
    return `${where}后停止：${named}；${s.metrics.length} 项指标的 e 值之和 ${s.regressionEvidence} ≥ ${s.regressionThreshold}。`;
  }
  const thin = setAsideChinese(s, pp);
  if (s.decision === 'noRegression') {
    const seen = s.exact ? `比较过的 ${s.dialoguesTested} 段对话没有退步，且在所选全部 ${s.dialoguesInSuite} 段上` : '';
    const unseen = s.exact && s.dialoguesInSuite > s.dialoguesTested ? `；未运行的 ${s.dialoguesInSuite - s.dialoguesTested} 段没有看到，其中仍可能有退步的对话` : '';
    return `${where}后排除：${seen}没有指标下降 ${pp}或以上（每项 e ≥ ${s.noRegressionThreshold}）${unseen}。${thin}`;
  }
  const spent = s.budget?.endsWith('calls') ? `已运行 ${s.dialoguesInSuite} 段中的 ${s.dialoguesRun} 段（${s.calls} 次调用，预算 ${s.budget}）` : `${where}，用时 ${duration(s.minutes)}${s.budget ? `（预算 ${s.budget}）` : ''}`;
  const why = s.stop === 'budget' ? `预算 ${s.budget ?? '?'} 用尽，${spent}` : `所选对话已跑完${s.budget ? '，预算尚有剩余' : ''}，${spent}`;
  const open = uncleared(s).map((m) => `${metricName('zh', m.name)}（${m.dialogues} 段，e = ${m.eNoRegression}/${s.noRegressionThreshold}）`);
  const notRuledOut =
    open.length > 0
      ? `尚未排除下降 ${pp}：${open.join('、')}；${estimateChinese(s)}`
      : `没有指标评判过排除 ${pp}所需的 ${s.dialoguesToClear} 段对话，这些对话无法排除（多选对话，或放宽 --margin）`;
  const then = s.undecided === 'fail' ? '未定按失败处理（--undecided pass 可放行）' : '按 --undecided pass 放行';
  return `未定：${why}；${notRuledOut}；${then}。${thin}`;
}

function setAsideChinese(s: SequentialSummary, pp: string): string {
  if (s.setAside.length === 0) return '';
  const named = s.setAside.map((m) => `${metricName('zh', m.name)}（${m.judged}）`).join('、');
  return `评判对话太少、无法排除下降的指标：${named}；排除 ${pp}每项需 ${s.dialoguesToClear} 段，这些不在此结论之内。`;
}

function estimateChinese(s: SequentialSummary): string {
  if (s.wouldDecideAt === null) return '尚无趋势可估计需要多少段对话';
  const about = `按目前的差异，约 ${count(s.wouldDecideAt)} 段对话可作出判定`;
  return s.wouldDecideAt > s.dialoguesInSuite ? `${about}（所选只有 ${s.dialoguesInSuite} 段：多选对话，或放宽 --margin）` : about;
}

/** "12 s" under a minute, "4.3 min" beyond. */
function duration(minutes: number): string {
  return minutes < 1 ? `${Math.round(minutes * 60)} s` : `${Math.round(minutes * 10) / 10} min`;
}

/** "1" in "1 of 15 min". */
function minutesOf(minutes: number): string {
  return minutes < 0.1 ? 'under 0.1' : String(Math.round(minutes * 10) / 10);
}

/** Estimates are rough: two significant digits beyond a hundred. */
function count(n: number): string {
  return n > 100 ? String(Number(n.toPrecision(2))) : String(n);
}

function uncleared(s: SequentialSummary): SequentialSummary['metrics'] {
  const setAside = new Set(s.setAside.map((m) => m.name));
  return s.metrics
    .filter((m) => m.clearedAt === null && !setAside.has(m.name))
    .sort((a, b) => a.eNoRegression - b.eNoRegression)
    .slice(0, UNCLEARED_SHOWN);
}
