/** The sentence saying where a `--sequential` run stopped and why (the headline's, so every format's). */
import { metricName } from './labels.js';
import { inLang, punctuation, type Values, type Words } from './wording.js';
import type { GateResult, Lang, SequentialSummary } from '../model/reportTypes.js';

/** Metrics named when a run ended undecided: the ones furthest from being cleared. */
const UNCLEARED_SHOWN = 3;

export const SEQUENTIAL_WORDS = {
  margin: ['{points} pp', '{points} 个百分点'],
  nothingCompared: [
    'Nothing compared: {why}, so the gate has no evidence either way and fails, whatever --undecided says.',
    '没有可比较的对话：{why}，门禁没有任何证据，判为失败（--undecided 不影响）。',
  ],
  noDialogueRan: ['no dialogue ran', '没有运行任何对话'],
  noneInBaseline: ['none of the {run} dialogues run is in the baseline', '运行的 {run} 段对话都不在基线中'],
  where: ['{run} of {suite} dialogues ({calls} model calls)', '已运行 {suite} 段对话中的 {run} 段（{calls} 次模型调用）'],
  broke: [
    'Stopped after {where}: {broke} broke (passed in the baseline, fails now); the answers repeat on both sides, so a dialogue that breaks is a change, not noise.',
    '{where}后停止：{broke} 退步（基线通过，现在失败）；两侧回答都可重现，对话退步就是变化，不是波动。',
  ],
  fell: ['{metric} fell (e = {e})', '{metric}下降（e = {e}）'],
  fellTogether: [
    "the metrics fell together, though no one of them can be named under the family's correction",
    '各项指标一同下降，但按整组校正无法单独指出哪一项',
  ],
  regression: [
    "Stopped after {where}: {fell}; the {metrics} metrics' e-values sum to {evidence} ≥ {threshold}.",
    '{where}后停止：{fell}；{metrics} 项指标的 e 值之和 {evidence} ≥ {threshold}。',
  ],
  cleared: [
    "Cleared after {where}:{seen} no metric fell by {margin} or more (each metric's e ≥ {threshold}){unseen}.{setAside}",
    '{where}后排除：{seen}没有指标下降 {margin}或以上（每项 e ≥ {threshold}）{unseen}。{setAside}',
  ],
  seenAll: [' none of the {tested} dialogues compared broke, and over all {suite} selected', '比较过的 {tested} 段对话没有退步，且在所选全部 {suite} 段上'],
  notSeen: ['; the {notRun} not run were not seen, so one of them may have broke', '；未运行的 {notRun} 段没有看到，其中仍可能有退步的对话'],
  setAside: [
    ' Too few judged dialogues to clear: {metrics}; a metric needs {needed} to clear {margin}, so {count:it is|these are} not covered.',
    '评判对话太少、无法排除下降的指标：{metrics}；排除 {margin}每项需 {needed} 段，这些不在此结论之内。',
  ],
  judged: ['{metric} ({judged})', '{metric}（{judged}）'],
  undecided: ['Not decided: {why}; {open}; {then}.{setAside}', '未定：{why}；{open}；{then}。{setAside}'],
  budgetRanOut: ['the budget of {budget} ran out after {spent}', '预算 {budget} 用尽，{spent}'],
  selectionEnded: ['the selection ended, after {spent}', '所选对话已跑完，{spent}'],
  selectionEndedBudgetLeft: ['the selection ended with budget left, after {spent}', '所选对话已跑完，预算尚有剩余，{spent}'],
  spentCalls: ['{run} of {suite} dialogues ({calls} of {budget})', '已运行 {suite} 段中的 {run} 段（{calls} 次调用，预算 {budget}）'],
  spentTime: ['{where} in {duration}', '{where}，用时 {duration}'],
  spentMinutesOfBudget: ['{where} in {minutes} of {budget}', '{where}，用时 {minutes} 分钟（预算 {budget}）'],
  underATenth: ['under 0.1', '不到 0.1'],
  notRuledOut: ['a fall of {margin} not yet ruled out for {metrics}; {estimate}', '尚未排除下降 {margin}：{metrics}；{estimate}'],
  openMetric: ['{metric} ({dialogues} dialogues, e = {e} of {threshold})', '{metric}（{dialogues} 段，e = {e}/{threshold}）'],
  noneCanClear: [
    'no metric is judged on the {needed} dialogues clearing {margin} needs, so this selection cannot clear it (select more dialogues, or widen --margin)',
    '没有指标评判过排除 {margin}所需的 {needed} 段对话，这些对话无法排除（多选对话，或放宽 --margin）',
  ],
  undecidedFails: ['an undecided run fails the gate (--undecided pass lets it through)', '未定按失败处理（--undecided pass 可放行）'],
  undecidedPasses: ['let through by --undecided pass', '按 --undecided pass 放行'],
  noTrend: ['no trend yet says how many dialogues would decide', '尚无趋势可估计需要多少段对话'],
  wouldDecide: ['at the differences seen so far, about {count} dialogues would decide', '按目前的差异，约 {count} 段对话可作出判定'],
  selectionTooSmall: [
    '{estimate} (the selection has {suite}: select more, or widen --margin from {margin})',
    '{estimate}（所选只有 {suite} 段：多选对话，或把 --margin 从 {margin}放宽）',
  ],
} as const satisfies Record<string, Words>;

type Say = (key: keyof typeof SEQUENTIAL_WORDS, values?: Values) => string;

export function sequentialSentence(gate: GateResult, lang: Lang): string | null {
  const s = gate.sequential;
  if (!s) return null;
  const say: Say = (key, values = {}) => inLang(lang, SEQUENTIAL_WORDS[key], values);
  const list = (items: readonly string[]) => items.join(punctuation(lang).list);
  const margin = say('margin', { points: Math.round(s.margin * 1000) / 10 });
  if (s.dialoguesTested === 0) {
    return say('nothingCompared', { why: s.dialoguesRun === 0 ? say('noDialogueRan') : say('noneInBaseline', { run: s.dialoguesRun }) });
  }
  const where = say('where', { run: s.dialoguesRun, suite: s.dialoguesInSuite, calls: s.calls });
  if (s.broke && s.broke.length > 0) return say('broke', { where, broke: list(s.broke) });
  if (s.decision === 'regression') {
    const fell = s.metrics.filter((m) => s.alarmed.includes(m.name)).map((m) => say('fell', { metric: metricName(lang, m.name), e: m.eRegression }));
    return say('regression', {
      where,
      fell: fell.length > 0 ? list(fell) : say('fellTogether'),
      metrics: s.metrics.length,
      evidence: s.regressionEvidence,
      threshold: s.regressionThreshold,
    });
  }
  const setAside =
    s.setAside.length === 0
      ? ''
      : say('setAside', {
          metrics: list(s.setAside.map((m) => say('judged', { metric: metricName(lang, m.name), judged: m.judged }))),
          needed: s.dialoguesToClear,
          margin,
          count: s.setAside.length,
        });
  if (s.decision === 'noRegression') {
    const seen = s.exact ? say('seenAll', { tested: s.dialoguesTested, suite: s.dialoguesInSuite }) : '';
    const unseen = s.exact && s.dialoguesInSuite > s.dialoguesTested ? say('notSeen', { notRun: s.dialoguesInSuite - s.dialoguesTested }) : '';
    return say('cleared', { where, seen, margin, threshold: s.noRegressionThreshold, unseen, setAside });
  }
  const budget = s.budget ?? '?';
  const minutes = s.minutes < 0.1 ? say('underATenth') : Math.round(s.minutes * 10) / 10;
  const spent = s.budget?.endsWith('calls')
    ? say('spentCalls', { run: s.dialoguesRun, suite: s.dialoguesInSuite, calls: s.calls, budget })
    : s.budget
      ? say('spentMinutesOfBudget', { where, minutes, budget })
      : say('spentTime', { where, duration: duration(s.minutes) });
  const why = s.stop === 'budget' ? say('budgetRanOut', { budget, spent }) : say(s.budget ? 'selectionEndedBudgetLeft' : 'selectionEnded', { spent });
  const open = uncleared(s).map((m) =>
    say('openMetric', { metric: metricName(lang, m.name), dialogues: m.dialogues, e: m.eNoRegression, threshold: s.noRegressionThreshold }),
  );
  const notRuledOut =
    open.length > 0
      ? say('notRuledOut', { margin, metrics: list(open), estimate: estimate(s, margin, say) })
      : say('noneCanClear', { needed: s.dialoguesToClear, margin });
  return say('undecided', { why, open: notRuledOut, then: say(s.undecided === 'fail' ? 'undecidedFails' : 'undecidedPasses'), setAside });
}

function estimate(s: SequentialSummary, margin: string, say: Say): string {
  if (s.wouldDecideAt === null) return say('noTrend');
  const about = say('wouldDecide', { count: count(s.wouldDecideAt) });
  return s.wouldDecideAt > s.dialoguesInSuite ? say('selectionTooSmall', { estimate: about, suite: s.dialoguesInSuite, margin }) : about;
}

/** "12 s" under a minute, "4.3 min" beyond. */
function duration(minutes: number): string {
  return minutes < 1 ? `${Math.round(minutes * 60)} s` : `${Math.round(minutes * 10) / 10} min`;
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
