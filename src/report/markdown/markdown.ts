// Over 300 lines on purpose: report.md is one document whose sections share its size cap and escaping; split by section it would pass the cap around.
/** The report as GitHub Markdown, sized for a PR comment or $GITHUB_STEP_SUMMARY. */
import { failingDialogues } from '../model/dialogueLog.js';
import { percent, truncate, withoutControls } from '../words/format.js';
import { headlineOf } from '../words/headline.js';
import { dialoguesFailedSaid, dialoguesPassedSaid, gateCountsSaid, metricChange } from '../model/runView.js';
import { brokeCount, unsteadyLine } from '../words/changeWords.js';
import { counterName, inLang, label, metricName, sliceName } from '../words/labels.js';
import { whatBrokeSection } from './whatBrokeMarkdown.js';
import { suiteMove } from '../model/suiteMove.js';
import { LEAD_WORDS, suiteMoveShort } from '../words/leadWords.js';
import { promptDiffMarkdown } from './promptDiffMarkdown.js';
import { brokenFirst, WHAT_BROKE_WORDS, whatBroke, worseIds } from '../model/whatBroke.js';
import { biggestMovers, sliceChange, sliceDialoguesHeading, sliceRows, weakestSlices } from '../model/sliceQueries.js';
import { metricSeries, trendLine } from '../words/trendText.js';
import { fitMarkdown, folded, INPUT_CHARS, mdCode, mdText, VALUE_CHARS, type FoldedList } from './markdownText.js';
import { callDetails, checkDifferences } from '../model/checkDiff.js';
import { gateNoteSaid } from '../words/gateNoteWords.js';
import {
  describeInput,
  describeFindingChange,
  failedChecks,
  brokeDialogues,
  metricKey,
  findingMetricName,
  metricRegressions,
  notApplicableLine,
  unjudgedTurnsLine,
  provenanceEntries,
  nothingJudged,
  orderedMetrics,
  runOutcome,
  turnNumber,
} from '../model/reportQueries.js';
import type { ArmReport, DialogueReport, GateResult, Lang, MetricResult, Report } from '../model/reportTypes.js';
import type { Reporter } from '../model/reporter.js';

const MAX_FAILED_DIALOGUES = 40;
const MAX_CHECK_ROWS = 8;
const MAX_FLIPPED = 40;
const MAX_COUNTS = 5;
const MAX_SLICE_ROWS = 8;

export function renderMarkdown(report: Report): string {
  const broke = whatBroke(report);
  const head = [
    headline(report),
    runLine(report),
    '',
    ...plainWords(report),
    ...whatBrokeSection(report.view?.lang ?? 'en', report.gate !== null, broke),
    ...warningLines(report),
    summaryLine(report),
    '',
    ...metricsTable(report, broke.knockOn),
    '',
    ...trendSection(report),
    ...armsTable(report),
    ...slicesSection(report),
  ];
  if (report.gate && report.gate.regressions.length > 0) head.push(...regressionSection(report, report.gate));
  const notApplicable = notApplicableLine(report);
  if (notApplicable) head.push('', mdText(notApplicable), '');
  const unjudged = unjudgedTurnsLine(report, report.view?.lang ?? 'en');
  if (unjudged) head.push('', mdText(unjudged), '');
  // Every section ends with a blank line, so the footer needs none of its own.
  const foot = [...provenanceSection(report), footer(report)];
  return withoutControls(fitMarkdown(head, [failureList(report)], foot));
}

function headline(report: Report): string {
  const { total, failed } = report.summary.dialogues;
  const outcome = runOutcome(report);
  const icon = { passed: '✅', failed: '❌', letThrough: '⚠️', notDecided: '❌' }[outcome];
  const lang = report.view?.lang ?? 'en';
  if (report.gate) {
    const gate = report.gate;
    const head =
      outcome === 'letThrough' ? 'gateLetThroughHead' : outcome === 'notDecided' ? 'gateNotDecidedHead' : gate.passed ? 'gatePassedHead' : 'gateFailedHead';
    // The suite's move first (issue 49): dialogue success and the every-run count, then what the gate counted.
    const move = suiteMove(report, gate);
    const moved = suiteMoveShort(move, lang);
    const said = [label(lang, head), ...(moved ? [moved] : []), ...gateCountsSaid(gate, lang), ...(move.everyRun ? [] : [dialoguesPassedSaid(report, lang)])];
    return `## ${icon} ${mdText(said.join(' · '))}`;
  }
  return `## ${icon} ${mdText(failed === 0 ? label(lang, 'allDialoguesPassed', total) : dialoguesFailedSaid(report, lang))}`;
}

function plainWords(report: Report): string[] {
  const lang = report.view?.lang ?? 'en';
  const { measured, changed, changedLead, changedAside, changedMore, changedBeyondNoise, changedDetails } = headlineOf(report, lang);
  const lines = [`> ${mdText(measured)}`];
  // A change is emphasised only when it is more than noise. When more moved than a lead names, the page's
  // lead is emphasised, how the runs were compared follows, and the other changes fold, as on report.html.
  const emphasised = changedMore ? changedLead : changed;
  if (emphasised) lines.push('>', `> ${changedBeyondNoise ? `**${mdText(emphasised)}**` : mdText(emphasised)}`);
  if (changedMore && changedAside) lines.push('>', `> ${mdText(changedAside)}`);
  const unsteady = report.gate ? unsteadyLine(report.gate, lang) : null;
  if (unsteady) lines.push('>', `> ${mdText(unsteady)}`);
  lines.push('');
  if (changedMore) lines.push(...folded(label(lang, 'moreChanges', changedMore.count), [mdText(changedMore.text)]));
  if (changedDetails) lines.push(...folded(label(lang, 'howSure'), [mdText(changedDetails)]));
  lines.push(...promptDiffMarkdown(report.gate, lang));
  return lines;
}

function trendSection(report: Report): string[] {
  const trend = report.view?.trend;
  if (!trend || trend.runs.length < 2) return [];
  const lang = report.view?.lang ?? 'en';
  return [
    `### ${label(lang, 'trends')} (${trend.runs.length})`,
    '',
    ...orderedMetrics(report).map(([name]) => `- ${mdText(metricName(lang, name))}: ${mdText(trendLine(metricSeries(trend, name), lang))}`),
    '',
  ];
}

function slicesSection(report: Report): string[] {
  const rows = sliceRows(report);
  if (rows.length === 0) return [];
  const lang = report.view?.lang ?? 'en';
  const movers = biggestMovers(rows, MAX_SLICE_ROWS);
  const shown = report.gate ? movers : weakestSlices(rows, MAX_SLICE_ROWS);
  if (shown.length === 0) return [];
  const title = report.gate ? label(lang, 'biggestMovers') : `${label(lang, 'slices')}: ${label(lang, 'lowestPassRate')}`;
  const lines = [
    `### ${title}`,
    '',
    `| ${label(lang, 'slice')} | ${label(lang, 'kind')} | ${sliceDialoguesHeading(report, lang)} | ${label(lang, 'vsBaseline')} |`,
    '| --- | --- | ---: | --- |',
  ];
  for (const row of shown) {
    const { kind, name, dialogues } = row.slice;
    lines.push(`| ${mdText(sliceName(kind, name))} | ${label(lang, kind)} | ${dialogues.passed}/${dialogues.total} | ${mdText(sliceChange(row, lang))} |`);
  }
  lines.push('');
  return lines;
}

function runLine(report: Report): string {
  const { run, summary } = report;
  const lang = report.view?.lang ?? 'en';
  const parts = [
    label(lang, 'runBackend', mdCode(run.llm.backend), mdCode(run.llm.model)),
    label(lang, 'runMode', run.mode),
    label(lang, 'runProtocol', run.protocol),
    label(lang, 'seedPart', run.seed),
  ];
  if (run.repeat > 1) {
    parts.push(
      label(
        lang,
        'runRepeat',
        run.repeat,
        mdText(`${label(lang, 'runsPassed')} ${percent(summary.passAt1)}, ${label(lang, 'everyRunPassed', run.repeat, percent(summary.passHatK))}`),
      ),
    );
  }
  if (run.shard) parts.push(label(lang, 'shardPart', mdCode(run.shard)));
  if (run.filter.length > 0) parts.push(label(lang, 'runFilter', run.filter.map(mdCode).join(' ')));
  return parts.join(' · ');
}

function warningLines(report: Report): string[] {
  return (report.gate?.warnings ?? []).flatMap((warning) => [`> ⚠️ ${mdText(gateNoteSaid(report.view?.lang ?? 'en', warning))}`, '']);
}

function provenanceSection(report: Report): string[] {
  const entries = provenanceEntries(report, report.view?.lang ?? 'en');
  if (entries.length === 0) return [];
  return folded(
    label(report.view?.lang ?? 'en', 'provenance'),
    entries.map(([k, v]) => `- ${mdText(k)}: ${mdCode(v)}`),
  );
}

function summaryLine(report: Report): string {
  const { dialogues, turns, checks } = report.summary;
  const lang = report.view?.lang ?? 'en';
  return `**${label(lang, 'dialogues')}** ${dialogues.passed}/${dialogues.total} · **${label(lang, 'turns')}** ${turns.passed}/${turns.total} · **${label(lang, 'checks')}** ${checks.passed}/${checks.total}`;
}

function metricsTable(report: Report, knockOn: ReadonlySet<string>): string[] {
  const withGate = report.gate !== null;
  const lang = report.view?.lang ?? 'en';
  const rows = orderedMetrics(report).map(([name, metric]) => {
    const score = nothingJudged(metric) ? 'n/a' : `**${percent(metric.score)}**`;
    const cells = [mdText(metricName(lang, name)), score];
    if (report.gate)
      cells.push(baselineCell(report.gate, name, lang) + (knockOn.has(name) ? ` · _${mdText(inLang(lang, WHAT_BROKE_WORDS.knockOnShort))}_` : ''));
    cells.push(countsCell(name, metric, lang));
    return `| ${cells.join(' | ')} |`;
  });
  const heads = [label(lang, 'metric'), label(lang, 'score'), ...(withGate ? [label(lang, 'vsBaseline')] : []), label(lang, 'counts')];
  const header = `| ${heads.join(' | ')} |`;
  const rule = withGate ? '| --- | ---: | --- | --- |' : '| --- | ---: | --- |';
  // Each term the table uses, explained once under it (docs/glossary.md).
  const legend = withGate ? [inLang(lang, LEAD_WORDS.pointsLegend), ...(knockOn.size > 0 ? [`${inLang(lang, WHAT_BROKE_WORDS.knockOn)}.`] : [])] : [];
  return [header, rule, ...rows, ...(legend.length > 0 ? ['', `_${mdText(legend.join(' '))}_`] : [])];
}

/** `--protocol both`: the two arms side by side on the same dialogues. */
function armsTable(report: Report): string[] {
  if (!report.arms) return [];
  const lang = report.view?.lang ?? 'en';
  const { batch, conversation } = report.arms;
  const score = (arm: ArmReport, name: string) => {
    const metric = arm.metrics[name as keyof ArmReport['metrics']];
    return metric && !nothingJudged(metric) ? percent(metric.score) : 'n/a';
  };
  const dialogues = (arm: ArmReport) => {
    const { passed, total, skipped } = arm.summary.dialogues;
    return `${passed}/${total}${skipped ? label(lang, 'armsSkipped', skipped) : ''}`;
  };
  const checks = (arm: ArmReport) => {
    const { passed, total, notApplicable } = arm.summary.checks;
    return `${passed}/${total}${notApplicable ? label(lang, 'armsNotApplicable', notApplicable) : ''}`;
  };
  return [
    `### ${label(lang, 'armsTitle')}`,
    '',
    `| | ${label(lang, 'armsBatch')} | ${label(lang, 'armsConversation')} |`,
    '| --- | ---: | ---: |',
    `| ${label(lang, 'dialoguesPassedHead')} | ${dialogues(batch)} | ${dialogues(conversation)} |`,
    `| ${label(lang, 'checksPassedHead')} | ${checks(batch)} | ${checks(conversation)} |`,
    ...orderedMetrics(report).map(([name]) => `| ${mdText(metricName(lang, metricKey(name)))} | ${score(batch, name)} | ${score(conversation, name)} |`),
    '',
    `_${label(lang, 'armsNote')}${label(lang, 'armsNoteMd')}_`,
    '',
  ];
}

function baselineCell(gate: GateResult, metric: string, lang: Lang): string {
  const change = metricChange(gate, metric, lang);
  if (change.kind !== 'finding') return mdText(change.said);
  const comparison = change.comparison;
  const icon = comparison.direction === 'regression' ? '🔻' : '🔺';
  return `${icon} ${mdText(describeFindingChange(comparison.finding, false, undefined, lang))}`;
}

function countsCell(name: string, metric: MetricResult, lang: Lang): string {
  const entries = Object.entries(metric.counts);
  const shown = entries.slice(0, MAX_COUNTS).map(([key, value]) => `${mdText(counterName(lang, name, key))} ${value}`);
  if (entries.length > MAX_COUNTS) shown.push('…');
  return shown.join(' · ') || '—';
}

function regressionSection(report: Report, gate: GateResult): string[] {
  const lines = [`### ${label(report.view?.lang ?? 'en', 'regressionsAgainst')} ${mdCode(gate.baseline)}`, ''];
  for (const finding of metricRegressions(gate)) {
    lines.push(
      `- 🔻 **${mdText(metricName(report.view?.lang ?? 'en', findingMetricName(finding)))}**: ${mdText(describeFindingChange(finding, false, undefined, report.view?.lang ?? 'en'))}`,
    );
  }
  const broke = brokeDialogues(report, gate, report.view?.lang ?? 'en');
  if (broke.length > 0) {
    const items = broke
      .slice(0, MAX_FLIPPED)
      .map((dialogue) => `- ${mdCode(dialogue.id)}${dialogue.title ? ` — ${mdText(truncate(dialogue.title, 80))}` : ''} (${mdText(dialogue.change)})`);
    if (broke.length > MAX_FLIPPED) items.push(`- ${label(report.view?.lang ?? 'en', 'andMore', broke.length - MAX_FLIPPED)}`);
    lines.push('', ...folded(brokeCount(gate, report.view?.lang ?? 'en'), items));
    return lines;
  }
  lines.push('');
  return lines;
}

/** Every failing dialogue (those that broke first) as a folded list that fitMarkdown cuts to the cap. */
function failureList(report: Report): FoldedList {
  // The dialogues that did worse than the baseline lead the list (those that broke first).
  const failing = brokenFirst(failingDialogues(report.dialogues), report.gate ? worseIds(report.gate) : []);
  const lang = report.view?.lang ?? 'en';
  return {
    summary: label(lang, 'failingDialogues', failing.length),
    blocks: failing.slice(0, MAX_FAILED_DIALOGUES).map((dialogue) => dialogueBlock(dialogue, lang)),
    total: failing.length,
    more: (left) => `_${mdText(label(lang, 'moreFailing', left))}_`,
  };
}

function dialogueBlock(dialogue: DialogueReport, lang: Lang): string[] {
  const meta = [mdCode(dialogue.file)];
  if (dialogue.tags.length > 0) meta.push(`${label(lang, 'tags')}: ${dialogue.tags.map(mdText).join(', ')}`);
  if (dialogue.runs > 1) meta.push(label(lang, 'passedRuns', dialogue.runsPassed, dialogue.runs));
  meta.push(label(lang, 'failedChecks', dialogue.failedChecks));
  const lines = [`#### ❌ ${mdCode(dialogue.id)} ${mdText(truncate(dialogue.title, 100))}`, '', meta.join(' · '), ''];

  const failures = failedChecks(dialogue);
  if (failures.length === 0) {
    lines.push(`_${label(lang, 'noFailedCheck')}_`, '');
    return lines;
  }
  lines.push(
    `| ${label(lang, 'turnHead')} | ${label(lang, 'input')} | ${label(lang, 'check')} | ${label(lang, 'whatDiffers')} |`,
    '| ---: | --- | --- | --- |',
  );
  const explained = new Set<unknown>();
  for (const { turn, check } of failures.slice(0, MAX_CHECK_ROWS)) {
    const differs = checkDifferences(check.expected, check.actual, lang).map((line) => mdText(truncate(line, VALUE_CHARS)));
    // Why the turn's model call was refused, once per turn.
    const why = explained.has(turn) ? [] : callDetails(turn.llmCalls, lang).map((line) => `_${mdText(truncate(line, VALUE_CHARS))}_`);
    explained.add(turn);
    lines.push(
      `| ${turnNumber(turn)} | ${mdText(truncate(describeInput(turn, lang), INPUT_CHARS))} | ${mdText(check.name)} | ${[...differs, ...why].join('<br>')} |`,
    );
  }
  if (failures.length > MAX_CHECK_ROWS) lines.push(`| | | _${mdText(label(lang, 'andMore', failures.length - MAX_CHECK_ROWS))}_ | |`);
  lines.push('');
  return lines;
}

function footer(report: Report): string {
  return `<sub>${mdText(label(report.view?.lang ?? 'en', 'runStarted', report.run.startedAt, report.schemaVersion))}</sub>`;
}

export const markdownReporter: Reporter<Report> = { file: 'report.md', render: (report) => [renderMarkdown(report)] };
