/** End-of-run summary for the terminal. The caller adds where the report files went. */
import { failingDialogues } from '../model/dialogueLog.js';
import { Chalk, type ChalkInstance } from 'chalk';
import { callDetails, checkDifferences } from '../model/checkDiff.js';
import { cellWidth, inertText, padCells, percent, truncate } from '../words/format.js';
import { headlineOf } from '../words/headline.js';
import { suiteMove } from '../model/suiteMove.js';
import { suiteMoveShort } from '../words/leadWords.js';
import { metricChange } from '../model/runView.js';
import { gateLevel, pairedGateLine, unsteadyLine } from '../words/changeWords.js';
import { gateNoteSaid } from '../words/gateNoteWords.js';
import {
  describeFindingChange,
  describeInput,
  failedChecks,
  brokeDialogues,
  metricComparison,
  findingMetricName,
  metricRegressions,
  notApplicableLine,
  unjudgedTurnsLine,
  noGitSaid,
  nothingJudged,
  orderedMetrics,
  runOutcome,
  turnNumber,
} from '../model/reportQueries.js';
import { inLang, label, metricName } from '../words/labels.js';
import { punctuation } from '../words/wording.js';
import type { DialogueReport, GateResult, Lang, Report } from '../model/reportTypes.js';
import {
  behaviourName,
  moreBehavioursLine,
  brokenFirst,
  oldAndNewLine,
  WHAT_BROKE_WORDS,
  whatBroke,
  whatBrokeHeading,
  type WhatBroke,
} from '../model/whatBroke.js';

export { createProgress, type Progress } from './progress.js';

const MAX_FAILURES = 20;
/** Behaviours on the first screen; the rest are counted. */
const MAX_BEHAVIOURS = 3;

/** Dataset and model text must not smuggle terminal escape sequences into the summary. */
const safe = inertText;
/** A difference line is cut here; checkDifferences already keeps the part that differs. */
const LINE_CHARS = 150;
/** Differences of the first failed check shown after its first. */
const MORE_DIFFERENCES = 2;
const BAR_WIDTH = 20;

export function renderConsoleSummary(report: Report, opts: { color: boolean }): string {
  const c = new Chalk({ level: opts.color ? 1 : 0 });
  const lang = report.view?.lang ?? 'en';
  const plain = headlineOf(report, lang);
  const lines = [headline(report, lang, c), runLine(report, c), safe(plain.measured)];
  // A change is emphasised only when it is more than noise.
  if (plain.changed) lines.push(plain.changedBeyondNoise ? c.bold(safe(plain.changed)) : safe(plain.changed));
  const unsteady = report.gate ? unsteadyLine(report.gate, lang) : null;
  if (unsteady) lines.push(safe(unsteady));
  const broke = whatBroke(report);
  if (broke.behaviours.length > 0) lines.push('', ...whatBrokeLines(report, broke, lang, c));
  lines.push('', ...metricLines(report, broke.knockOn, lang, c));
  const failing = brokenFirst(failingDialogues(report.dialogues), broke.ids);
  if (failing.length > 0) lines.push('', ...failureLines(failing, lang, c));
  if (report.gate && report.gate.regressions.length > 0) lines.push('', ...gateLines(report, report.gate, lang, c));
  // The statistics close the summary, below the first screen: the gate's method, or how a trend's moves compare with noise.
  const statistics = (report.gate ? pairedGateLine(report.gate, lang) : null) ?? plain.changedDetails;
  if (statistics) lines.push('', c.dim(safe(statistics)));
  const notApplicable = notApplicableLine(report);
  if (notApplicable) lines.push('', c.dim(safe(notApplicable)));
  const unjudged = unjudgedTurnsLine(report, lang);
  if (unjudged) lines.push('', c.dim(unjudged));
  return lines.join('\n') + '\n';
}

function headline(report: Report, lang: Lang, c: ChalkInstance): string {
  const outcome = runOutcome(report);
  const { dialogues, turns, checks } = report.summary;
  const tag = { passed: 'verdictPassed', failed: 'verdictFailed', letThrough: 'verdictLetThrough', notDecided: 'verdictNotDecided' } as const;
  const verdict =
    outcome === 'passed'
      ? c.bold.green(label(lang, tag[outcome]))
      : outcome === 'letThrough'
        ? c.bold.yellow(label(lang, tag[outcome]))
        : c.bold.red(label(lang, tag[outcome]));
  // The gate's own word: an undecided sequential run is "not decided", let through or not, never "passed".
  const gateWord = outcome === 'letThrough' || outcome === 'notDecided' ? outcome : report.gate?.passed ? 'passed' : 'failed';
  const gate = report.gate ? c.dim(label(lang, 'gateState', label(lang, gateWord).toLowerCase())) : '';
  // Against a baseline the suite's move comes first (issue 49): dialogue success, and over repeats the every-run count.
  const moved = report.gate ? suiteMoveShort(suiteMove(report, report.gate), lang) : null;
  const counts = moved && report.run.repeat > 1 ? c.bold(moved) : consoleCounts(report, lang, c.bold(`${dialogues.passed}/${dialogues.total}`));
  return `${verdict}  ${counts}` + c.dim(label(lang, 'consoleDetail', `${turns.passed}/${turns.total}`, `${checks.passed}/${checks.total}`)) + gate;
}

/** "315/518 dialogues passed", over repeats "… passed all 3 runs" (as dialoguesPassedSaid counts them). */
function consoleCounts(report: Report, lang: Lang, count: string): string {
  const repeat = report.run.repeat;
  return repeat > 1 ? label(lang, 'consoleCountsAllRuns', count, repeat) : label(lang, 'consoleCounts', count);
}

function runLine(report: Report, c: ChalkInstance): string {
  const { run, summary } = report;
  const lang = report.view?.lang ?? 'en';
  const parts = [safe(`${run.llm.backend}/${run.llm.model}`), run.mode, label(lang, 'protocolPart', run.protocol), label(lang, 'seedPart', run.seed)];
  if (run.repeat > 1)
    parts.push(`${label(lang, 'runsPassed')} ${percent(summary.passAt1)}, ${label(lang, 'everyRunPassed', run.repeat, percent(summary.passHatK))}`);
  if (run.shard) parts.push(label(lang, 'shardPart', safe(run.shard)));
  const provenance = run.provenance;
  if (provenance) {
    const prompts = Object.values(provenance.prompts)
      .map((sha) => sha.slice(0, 8))
      .join('/');
    parts.push(label(lang, 'promptsPart', prompts));
    if (provenance.git) parts.push(label(lang, 'commitPart', `${provenance.git.commit.slice(0, 10)}${provenance.git.dirty ? '+' : ''}`));
    else if (provenance.noGit) parts.push(label(lang, 'commitPart', noGitSaid(provenance.noGit, lang)));
  }
  const rateLimited = rateLimitWarning(run.timing['llmTraffic'], lang);
  const warnings = [...(report.gate?.warnings ?? []).map((w) => gateNoteSaid(lang, w)), ...(rateLimited ? [rateLimited] : [])].map((w) =>
    c.yellow(`⚠ ${safe(w)}`),
  );
  return [c.dim(parts.join(' · ')), ...warnings].join('\n');
}

/** A run whose model server said 429: its timeouts and fallbacks may be the server's, not the model's. */
function rateLimitWarning(traffic: unknown, lang: Lang): string | null {
  const t = traffic as { rateLimitedCalls?: number; answeredCalls?: number; concurrency?: { start: number; narrowest: number } } | undefined;
  if (!t?.rateLimitedCalls) return null;
  const narrowed =
    t.concurrency && t.concurrency.narrowest < t.concurrency.start ? label(lang, 'narrowed', { from: t.concurrency.start, to: t.concurrency.narrowest }) : '';
  return label(lang, 'rateLimited', { limited: t.rateLimitedCalls, answered: t.answeredCalls ?? 0, narrowed });
}

/** The behaviours that broke, biggest first, each with one example: the first screen's "what does it look like". */
function whatBrokeLines(report: Report, broke: WhatBroke, lang: Lang, c: ChalkInstance): string[] {
  const lines = [c.bold(whatBrokeHeading(lang, report.gate !== null, broke))];
  const apart = oldAndNewLine(lang, broke);
  if (apart) lines.push(c.dim(`  ${apart}`));
  const width = String(broke.behaviours[0]?.count ?? 0).length;
  for (const behaviour of broke.behaviours.slice(0, MAX_BEHAVIOURS)) {
    const { id, turn, input, difference, why } = behaviour.example;
    lines.push(`  ${c.red(String(behaviour.count).padStart(width))}  ${safe(behaviourName(lang, behaviour.key))}`);
    const example = `${inLang(lang, WHAT_BROKE_WORDS.example)} ${id} ${label(lang, 'turn', turn)} ${truncate(safe(input), 40)} · ${difference}${why ? ` (${why})` : ''}`;
    lines.push(c.dim(`  ${' '.repeat(width)}  ${truncate(safe(example), LINE_CHARS)}`));
  }
  const rest = broke.behaviours.slice(MAX_BEHAVIOURS);
  if (rest.length > 0) lines.push(c.dim(`  ${moreBehavioursLine(lang, rest)}`));
  return lines;
}

function metricLines(report: Report, knockOn: ReadonlySet<string>, lang: Lang, c: ChalkInstance): string[] {
  const metrics = orderedMetrics(report);
  const width = Math.max(...metrics.map(([name]) => cellWidth(metricName(lang, name))));
  return metrics.map(([name, metric]) => {
    const filled = Math.round(Math.min(1, Math.max(0, metric.score)) * BAR_WIDTH);
    const comparison = metricComparison(report.gate, name);
    const paint = comparison?.direction === 'regression' ? c.red : metric.score >= 0.999 ? c.green : c.yellow;
    const bar = nothingJudged(metric) ? c.dim('░'.repeat(BAR_WIDTH)) : paint('█'.repeat(filled)) + c.dim('░'.repeat(BAR_WIDTH - filled));
    const score = nothingJudged(metric) ? c.dim('   n/a') : paint(percent(metric.score).padStart(6));
    let note = '';
    if (comparison) {
      const arrow = comparison.direction === 'regression' ? c.red('▼') : c.green('▲');
      note = `  ${arrow} ${c.dim(describeFindingChange(comparison.finding, false, undefined, lang))}`;
      if (knockOn.has(name)) note += c.dim(` · ${inLang(lang, WHAT_BROKE_WORDS.knockOn)}`);
    } else {
      // A move the gate tested but did not count, in the words and colour every page gives it (runView.metricChange).
      const change = report.gate ? metricChange(report.gate, name, lang) : null;
      if (change?.kind === 'moved') {
        const arrow = change.tone === 'loss' ? c.red('▼') : change.tone === 'gain' ? c.green('▲') : c.dim('·');
        note = `  ${arrow} ${c.dim(change.said)}`;
      }
    }
    return `  ${padCells(metricName(lang, name), width)}  ${bar} ${score}${note}`;
  });
}

function failureLines(failing: readonly DialogueReport[], lang: Lang, c: ChalkInstance): string[] {
  const lines = [c.bold(label(lang, 'failedDialoguesHead', failing.length))];
  for (const dialogue of failing.slice(0, MAX_FAILURES)) {
    lines.push(`  ${c.red('✘')} ${c.bold(safe(dialogue.id))} ${truncate(safe(dialogue.title), 60)} ${c.dim(safe(dialogue.file))}`);
    const first = failedChecks(dialogue)[0];
    if (first) {
      const [difference = '', ...more] = checkDifferences(first.check.expected, first.check.actual, lang);
      const input = truncate(safe(describeInput(first.turn, lang)), 40);
      lines.push(
        c.dim(`      ${label(lang, 'turn', turnNumber(first.turn))} ${input} · `) + `${safe(first.check.name)}: ${truncate(safe(difference), LINE_CHARS)}`,
      );
      for (const line of more.slice(0, MORE_DIFFERENCES)) lines.push(`        ${truncate(safe(line), LINE_CHARS)}`);
      if (more.length > MORE_DIFFERENCES) lines.push(c.dim(`        ${label(lang, 'andMore', more.length - MORE_DIFFERENCES)}`));
      for (const detail of callDetails(first.turn.llmCalls, lang)) lines.push(c.yellow(`        ${truncate(safe(detail), LINE_CHARS)}`));
    }
  }
  if (failing.length > MAX_FAILURES) lines.push(c.dim(`  ${label(lang, 'andMore', failing.length - MAX_FAILURES)}`));
  return lines;
}

function gateLines(report: Report, gate: GateResult, lang: Lang, c: ChalkInstance): string[] {
  const lines = [c.bold.red(`${label(lang, 'regressionsAgainst')} ${safe(gate.baseline)}`)];
  const sep = punctuation(lang).colon;
  for (const finding of metricRegressions(gate)) {
    lines.push(`  ${c.red('▼')} ${safe(metricName(lang, findingMetricName(finding)))}${sep}${describeFindingChange(finding, true, gateLevel(gate), lang)}`);
  }
  const broke = brokeDialogues(report, gate, lang);
  for (const dialogue of broke.slice(0, MAX_FAILURES)) {
    lines.push(`  ${c.red('▼')} ${safe(dialogue.id)}${dialogue.title ? ` ${truncate(safe(dialogue.title), 60)}` : ''}${sep}${dialogue.change}`);
  }
  if (broke.length > MAX_FAILURES) lines.push(c.dim(`  ${label(lang, 'andMore', broke.length - MAX_FAILURES)}`));
  return lines;
}
