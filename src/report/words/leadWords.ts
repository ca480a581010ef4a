/**
 * The first sentence a page says of a gate: how much the suite moved (dialogue success, and over
 * repeats how many dialogues passed every run), then how many dialogues did worse and better. Shared
 * by the run's headline (console, report.md, report.html) and the compare pages.
 */
import type { Words } from '../../scoring/metrics/registry.js';
import { deltaPoints, percent } from './format.js';
import { changeVerdict, changeWordText, gateChangeFacts } from './changeWords.js';
import { inLang, label } from './labels.js';
import { punctuation } from './wording.js';
import type { SuiteMove } from '../model/suiteMove.js';
import type { GateResult, Lang, Report } from '../model/reportTypes.js';
import { flipCountsSaid, type Comparison, type FlipCounts, type MetricDelta } from '../model/comparison.js';
import { gateCounts } from '../model/runView.js';

export const LEAD_WORDS = {
  success: ['dialogue success (share of runs passed) {0} → {1} ({2}{3})', '对话成功率（按运行计的通过比例）{0} → {1}（{2}{3}）'],
  everyRun: ['dialogues passing all {0} runs {1} → {2} of {3} ({4} → {5})', '{0} 次运行全部通过的对话 {1} 段 → {2} 段（共 {3} 段，{4} → {5}）'],
  worse: [
    '{0} {0:dialogue|dialogues} did worse than in the baseline ({1} broke, {2} passed fewer of {0:its|their} runs), {3} better',
    '{0} 段对话比基线差（{1} 段由通过变为失败，{2} 段通过的运行次数减少），{3} 段比基线好',
  ],
  successShort: ['dialogue success {0} → {1} ({2})', '对话成功率 {0} → {1}（{2}）'],
  everyRunShort: ['{1} → {2}/{3} dialogues passed all {0} runs', '{1} → {2}/{3} 段对话 {0} 次运行全部通过'],
  worseWithinNoise: [
    '{0} {0:dialogue|dialogues} passed fewer of {0:its|their} runs than in the baseline, {1} more',
    '{0} 段对话通过的运行次数少于基线，{1} 段多于基线',
  ],
  pointsLegend: [
    'pp: percentage points, the difference of two shares (79.9% → 66.3% is -13.6 pp).',
    '个百分点：两个比例之差（79.9% → 66.3% 即下降 13.6 个百分点）。',
  ],
  separator: [', ', '，'],
} as const satisfies Record<string, Words>;

/** "dialogue success (share of runs passed) 79.9% → 66.3% (-13.6 pp, very unlikely to be chance); dialogues passing all 3 runs 383 → 240 of 518 (73.9% → 46.3%)". */
export function suiteMoveSaid(move: SuiteMove, gate: GateResult, lang: Lang, sep: string): string | null {
  const parts: string[] = [];
  if (move.success) {
    const { before, after } = move.success;
    const facts = gateChangeFacts(gate, 'dialogueSuccess');
    const sure = facts ? `${inLang(lang, LEAD_WORDS.separator)}${changeWordText(lang, changeVerdict(facts))}` : '';
    parts.push(inLang(lang, LEAD_WORDS.success, percent(before), percent(after), deltaPoints(before, after, lang), sure));
  }
  const every = move.everyRun;
  if (every && every.total > 0) {
    parts.push(
      inLang(
        lang,
        LEAD_WORDS.everyRun,
        every.runs,
        every.before,
        every.after,
        every.total,
        percent(every.before / every.total),
        percent(every.after / every.total),
      ),
    );
  }
  return parts.length > 0 ? parts.join(sep) : null;
}

/** "160 dialogues did worse than in the baseline (7 broke, 153 passed fewer of their runs), 17 better"; null when none moved. */
export function worseSaid(move: SuiteMove, broke: number, lang: Lang): string | null {
  if (move.worse.length === 0 && move.better.length === 0) return null;
  if (broke === 0) return inLang(lang, LEAD_WORDS.worseWithinNoise, move.worse.length, move.better.length);
  return inLang(lang, LEAD_WORDS.worse, move.worse.length, broke, move.worse.length - broke, move.better.length);
}

/** Two reports side by side (`compare`): the suite's move from the metrics table and each side's every-run count. */
export function comparedSuiteSaid(a: Report, b: Report, success: MetricDelta | undefined, lang: Lang): string | null {
  const sep = inLang(lang, LEAD_WORDS.separator);
  const parts: string[] = [];
  if (success && success.a !== null && success.b !== null) {
    const sure = success.verdict ? `${sep}${changeWordText(lang, success.verdict)}` : '';
    parts.push(inLang(lang, LEAD_WORDS.success, percent(success.a), percent(success.b), deltaPoints(success.a, success.b, lang), sure));
  }
  const runs = b.run.repeat;
  const total = b.summary.dialogues.total;
  if (runs > 1 && a.run.repeat === runs && a.summary.dialogues.total === total && total > 0) {
    const [before, after] = [a.summary.dialogues.passed, b.summary.dialogues.passed];
    parts.push(inLang(lang, LEAD_WORDS.everyRun, runs, before, after, total, percent(before / total), percent(after / total)));
  }
  return parts.length > 0 ? capitalised(parts.join(punctuation(lang).semicolon)) : null;
}

/** "Dialogue success 79.9% → 66.3% (-13.6 pp)": a title's short form of the suite's move; null without a tested dialogue success. */
export function suiteMoveShort(move: SuiteMove, lang: Lang): string | null {
  const parts: string[] = [];
  if (move.success)
    parts.push(
      inLang(
        lang,
        LEAD_WORDS.successShort,
        percent(move.success.before),
        percent(move.success.after),
        deltaPoints(move.success.before, move.success.after, lang),
      ),
    );
  if (move.everyRun) parts.push(inLang(lang, LEAD_WORDS.everyRunShort, move.everyRun.runs, move.everyRun.before, move.everyRun.after, move.everyRun.total));
  return parts.length > 0 ? parts.join(' · ') : null;
}

export function capitalised(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** A comparison's lead: the suite's move between its two reports. */
export function comparisonSuiteSaid(comparison: Comparison, lang: Lang): string | null {
  return comparedSuiteSaid(
    comparison.a.report,
    comparison.b.report,
    comparison.metrics.find((m) => m.name === 'dialogueSuccess'),
    lang,
  );
}

/** "7 dialogues broke, 0 fixed · 10 metrics worse": what a comparison's gate counted, under its lead. */
export function comparisonCountsSaid(comparison: Comparison, counts: FlipCounts, lang: Lang): string {
  const worse = comparison.gate ? gateCounts(comparison.gate).metricsWorse : 0;
  return [flipCountsSaid(counts, lang), ...(worse > 0 ? [label(lang, 'metricsWorse', worse)] : [])].join(' · ');
}
