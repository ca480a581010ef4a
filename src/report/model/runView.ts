/**
 * The counts and changes of a run as every format states them, worked out once from the report:
 * the console, report.md, report.html and `compare` read these instead of counting on their own,
 * so a count or a delta has one value and one wording wherever it is shown.
 */
import { isWeak } from '../words/answersWords.js';
import { brokeWords, changeVerdict, changeWordText, gateChangeFacts, type ChangeTone } from '../words/changeWords.js';
import { deltaPoints } from '../words/format.js';
import { label } from '../words/labels.js';
import { punctuation } from '../words/wording.js';
import { dialogueChanges, metricComparison, metricRegressions, type MetricComparison } from './reportQueries.js';
import type { GateResult, Lang, Report } from './reportTypes.js';

/**
 * "136 of 518 dialogues passed", and over repeats "… passed all 3 runs": a dialogue counts as
 * passed only when every one of its runs passed, while Dialogue success is the share of runs.
 */
export function dialoguesPassedSaid(report: Pick<Report, 'summary' | 'run'>, lang: Lang): string {
  const { passed, total } = report.summary.dialogues;
  const repeat = report.run.repeat;
  return repeat > 1 ? label(lang, 'dialoguesPassedAllRuns', { passed, total, runs: repeat }) : label(lang, 'dialoguesPassed', passed, total);
}

/** "382 of 518 dialogues failed · 136/518 passed", over repeats "… failed a run · 136/518 passed all 3 runs". */
export function dialoguesFailedSaid(report: Pick<Report, 'summary' | 'run'>, lang: Lang): string {
  const { passed, failed, total } = report.summary.dialogues;
  const repeat = report.run.repeat;
  return repeat > 1 ? label(lang, 'dialoguesFailedRuns', { failed, total, passed, runs: repeat }) : label(lang, 'dialoguesFailed', { failed, total, passed });
}

/** What a gate found, counted once: the dialogues that broke (reportQueries.dialogueChanges) and the metrics that fell beyond noise. */
export interface GateCounts {
  readonly broke: number;
  readonly fixed: number;
  readonly metricsWorse: number;
}

export function gateCounts(gate: GateResult): GateCounts {
  const changes = dialogueChanges(gate);
  return { broke: changes.broke.length, fixed: changes.fixed.length, metricsWorse: metricRegressions(gate).length };
}

/** ["63 dialogues broke", "11 metrics worse"]: the gate's counts as every headline and console says them (none when zero). */
export function gateCountsSaid(gate: GateResult, lang: Lang): string[] {
  const counts = gateCounts(gate);
  const said: string[] = [];
  if (counts.broke > 0) said.push(brokeWords(dialogueChanges(gate), lang));
  if (counts.metricsWorse > 0) said.push(label(lang, 'metricsWorse', counts.metricsWorse));
  return said;
}

/**
 * One metric against the gate's baseline, as every page says it: a finding of the gate (with its
 * direction), a move the gate's tests measured but did not count ("-3.8 pp, could be chance",
 * changeVerdict's words and tone), one this model cannot judge, or nothing beyond tolerance.
 */
export type MetricChange =
  | { readonly kind: 'finding'; readonly comparison: MetricComparison }
  | { readonly kind: 'moved'; readonly said: string; readonly tone: ChangeTone }
  | { readonly kind: 'cannotJudge'; readonly said: string }
  | { readonly kind: 'steady'; readonly said: string };

export function metricChange(gate: GateResult, metric: string, lang: Lang): MetricChange {
  const comparison = metricComparison(gate, metric);
  if (comparison) return { kind: 'finding', comparison };
  const facts = gateChangeFacts(gate, metric);
  if (facts && Math.abs(facts.delta) > 1e-9) {
    // Worded and painted by changeVerdict: a move whose interval includes 0 stays neutral.
    const verdict = changeVerdict(facts);
    return { kind: 'moved', said: `${deltaPoints(0, facts.delta, lang)}${punctuation(lang).comma}${changeWordText(lang, verdict)}`, tone: verdict.tone };
  }
  if (isWeak(gate, metric)) return { kind: 'cannotJudge', said: label(lang, 'cannotJudge') };
  return { kind: 'steady', said: label(lang, 'withinTolerance') };
}
