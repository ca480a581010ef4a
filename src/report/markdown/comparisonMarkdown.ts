/** The comparison of two runs as GitHub Markdown: deltas, then each flipped dialogue's differing fields. */
import { modelSentences } from '../words/answersWords.js';
import {
  changeNote,
  flipCountsSaid,
  flipsByDirection,
  sideBySide,
  type Comparison,
  type Flip,
  type MetricDelta,
  type ShownComparison,
} from '../model/comparison.js';
import { whatBrokeSection } from './whatBrokeMarkdown.js';
import { comparisonCountsSaid, comparisonSuiteSaid } from '../words/leadWords.js';
import { deltaPoints, percent, truncate, withoutControls } from '../words/format.js';
import { featureName, inLang, label, metricName, sliceName, turnFieldName } from '../words/labels.js';
import { WHAT_BROKE_WORDS } from '../model/whatBroke.js';
import { fitMarkdown, mdCode, mdText, VALUE_CHARS } from './markdownText.js';
import type { Lang } from '../model/reportTypes.js';
import { sliceOfTag } from '../model/slices.js';
import type { Reporter } from '../model/reporter.js';
import { punctuation } from '../words/wording.js';

const MAX_FLIPS = 40;
const MAX_SLICES = 20;

function score(value: number | null, range: readonly [number, number] | null): string {
  if (value === null) return 'n/a';
  return range ? `${percent(value)} [${percent(range[0])}, ${percent(range[1])}]` : percent(value);
}

function delta(m: MetricDelta, lang: Lang): string {
  return m.a === null || m.b === null ? '—' : deltaPoints(m.a, m.b, lang) + changeNote(m, lang);
}

function flipBlock(flip: Flip, lang: Lang): string[] {
  const features = flip.tags.filter((t) => sliceOfTag(t).kind === 'feature').map(featureName);
  const arrow = label(lang, flip.direction === 'broke' ? 'flipBroke' : 'flipFixed');
  const lines = [
    `#### ${mdCode(flip.id)} ${mdText(truncate(flip.title, 100))} — ${arrow}${features.length > 0 ? ` · ${mdText(features.join(' · '))}` : ''}`,
    '',
  ];
  const differing = sideBySide(flip).flatMap((fields, i) => fields.filter((f) => f.differs).map((f) => ({ turn: i + 1, ...f })));
  if (differing.length === 0) {
    lines.push(`_${mdText(label(lang, 'noFieldDiffers'))}_`, '');
    return lines;
  }
  lines.push(`| ${label(lang, 'turnHead')} | ${label(lang, 'field')} | A | B |`, '| ---: | --- | --- | --- |');
  for (const f of differing) {
    lines.push(`| ${f.turn} | **${mdText(turnFieldName(lang, f.field))}** | ${mdCode(truncate(f.a, VALUE_CHARS))} | ${mdCode(truncate(f.b, VALUE_CHARS))} |`);
  }
  lines.push('');
  return lines;
}

export function renderComparisonMarkdown(comparison: Comparison, lang: Lang = 'en'): string {
  const counts = flipsByDirection(comparison, lang);
  const { broke, fixed, apart } = counts;
  const gate = comparison.gate;
  const verdict = gate ? `${gate.passed ? '✅' : '❌'} ` : '';
  const lines = [
    `## ${verdict}${mdText(`${label(lang, 'comparisonTitle')}${punctuation(lang).colon}${comparisonSuiteSaid(comparison, lang) ?? flipCountsSaid(counts, lang)}`)}`,
    '',
    // The suite's move leads (issue 49); the dialogues and metrics the gate counted follow it.
    mdText(comparisonCountsSaid(comparison, counts, lang)),
    '',
    ...modelSentences(gate, lang).flatMap((sentence) => [mdText(sentence), '']),
    ...whatBrokeSection(lang, true, comparison.broke),
    `- **A** ${mdCode(comparison.a.label)} — ${mdText(`${comparison.a.report.run.llm.backend} / ${comparison.a.report.run.llm.model}`)}`,
    `- **B** ${mdCode(comparison.b.label)} — ${mdText(`${comparison.b.report.run.llm.backend} / ${comparison.b.report.run.llm.model}`)}`,
    '',
    `| ${label(lang, 'metric')} | A | B | Δ |`,
    '| --- | ---: | ---: | ---: |',
    ...comparison.metrics.map(
      (m) =>
        `| ${mdText(metricName(lang, m.name))}${comparison.broke.knockOn.has(m.name) ? ` _(${mdText(inLang(lang, WHAT_BROKE_WORDS.knockOnShort))})_` : ''} | ${score(m.a, m.aInterval)} | ${score(m.b, m.bInterval)} | ${delta(m, lang)} |`,
    ),
    '',
  ];
  const moved = comparison.slices
    .map((s) => ({ s, success: s.metrics.find((m) => m.name === 'dialogueSuccess') }))
    .filter(({ s, success }) => s.dialogues.a !== s.dialogues.b || (success && success.a !== success.b))
    .slice(0, MAX_SLICES);
  if (moved.length > 0) {
    lines.push(
      `### ${label(lang, 'slicesMoved')}`,
      '',
      `| ${label(lang, 'slice')} | ${label(lang, 'dialoguesPassedHead')} | ${label(lang, 'successDelta')} |`,
      '| --- | --- | ---: |',
    );
    for (const { s, success } of moved)
      lines.push(
        `| ${mdText(sliceName(s.kind, s.name))} · ${label(lang, s.kind)} | ${s.dialogues.a} → ${s.dialogues.b} | ${success ? delta(success, lang) : '—'} |`,
      );
    lines.push('');
  }
  for (const { said, flips } of apart) {
    const shown = flips
      .slice(0, MAX_FLIPS)
      .map((f) => mdCode(f.id))
      .join(', ');
    lines.push(`_${mdText(said)}${punctuation(lang).colon}${shown}${flips.length > MAX_FLIPS ? ', …' : ''}_`, '');
  }
  const more = (left: number) => `_${mdText(label(lang, 'moreFlips', left))}_`;
  const lists = [
    { summary: label(lang, 'passToFail', broke.length), blocks: broke.slice(0, MAX_FLIPS).map((f) => flipBlock(f, lang)), total: broke.length, more },
    { summary: label(lang, 'failToPass', fixed.length), blocks: fixed.slice(0, MAX_FLIPS).map((f) => flipBlock(f, lang)), total: fixed.length, more },
  ];
  return withoutControls(fitMarkdown(lines, lists, []));
}

export const comparisonMarkdownReporter: Reporter<ShownComparison> = {
  file: 'comparison.md',
  render: ({ comparison, lang }) => [renderComparisonMarkdown(comparison, lang)],
};
