/** The comparison of two runs as one self-contained HTML page (no script: nothing to run). */
import { modelSentences } from '../words/answersWords.js';
import {
  changeNote,
  flipsByDirection,
  sideBySide,
  type Comparison,
  type Flip,
  type MetricDelta,
  type ShownComparison,
  type Side,
} from '../model/comparison.js';
import { toneClass } from '../words/changeWords.js';
import { comparisonCountsSaid, comparisonSuiteSaid } from '../words/leadWords.js';
import { escapeHtml as esc, uriFragment } from './escape.js';
import { deltaPoints, percent } from '../words/format.js';
import { pageHead } from './htmlPage.js';
import { REPORT_CSS } from './htmlStyles.js';
import { openNextHtml, whatBrokeHtml } from './htmlSummary.js';
import { featureName, inLang, label, metricName, sliceName, turnFieldName } from '../words/labels.js';
import { WHAT_BROKE_WORDS } from '../model/whatBroke.js';
import type { Lang } from '../model/reportTypes.js';
import { sliceOfTag } from '../model/slices.js';
import type { Reporter } from '../model/reporter.js';
import { punctuation } from '../words/wording.js';

const COMPARE_CSS = `
.cmp-grid { display: grid; grid-template-columns: 1fr 1fr; gap: 12px; }
.side-label { font-family: var(--mono); font-size: 12px; color: var(--muted); overflow-wrap: anywhere; }
.flip { background: var(--surface); border: 1px solid var(--border); border-radius: var(--radius); padding: 12px 16px; margin-bottom: 14px; }
.flip-broke { border-left: 4px solid var(--fail); }
.flip-fixed { border-left: 4px solid var(--pass); }
.sbs { width: 100%; border-collapse: collapse; font-size: 13px; margin-top: 8px; table-layout: fixed; }
.sbs th, .sbs td { border-bottom: 1px solid var(--border); padding: 4px 8px; text-align: left; vertical-align: top; white-space: pre-wrap; overflow-wrap: anywhere; }
.sbs th { width: 110px; color: var(--muted); font-weight: 600; }
.sbs tr.turn-row th { background: var(--sunken); color: var(--text); }
.sbs tr.differs th { color: var(--fail); }
.num { text-align: right; font-variant-numeric: tabular-nums; }
`;

function score(value: number | null): string {
  return value === null ? 'n/a' : percent(value);
}

function interval(value: readonly [number, number] | null): string {
  return value ? ` [${percent(value[0])}, ${percent(value[1])}]` : '';
}

/** Painted only as changeVerdict paints it: a move chance could make, or one nothing judged, stays muted. */
function deltaCell(m: MetricDelta, lang: Lang): string {
  if (m.a === null || m.b === null) return '<td class="num">—</td>';
  return `<td class="num ${toneClass(m.verdict?.tone ?? 'neutral')}">${esc(deltaPoints(m.a, m.b, lang) + changeNote(m, lang))}</td>`;
}

function metricsTable(comparison: Comparison, lang: Lang): string {
  const knockOn = (name: string) =>
    comparison.broke.knockOn.has(name) ? ` <span class="knock-on">${esc(inLang(lang, WHAT_BROKE_WORDS.knockOnShort))}</span>` : '';
  const rows = comparison.metrics.map(
    (m) =>
      `<tr data-metric="${esc(m.name)}"><th scope="row">${esc(metricName(lang, m.name))}${knockOn(m.name)}</th><td class="num">${esc(score(m.a) + interval(m.aInterval))}</td><td class="num">${esc(score(m.b) + interval(m.bInterval))}</td>${deltaCell(m, lang)}</tr>`,
  );
  return `<div class="table-scroll" tabindex="0"><table class="figures" id="metric-deltas"><thead><tr><th scope="col">${esc(label(lang, 'metric'))}</th><th scope="col">A</th><th scope="col">B</th><th scope="col">Δ</th></tr></thead><tbody>${rows.join('')}</tbody></table></div>`;
}

function slicesTable(comparison: Comparison, lang: Lang): string {
  const moved = comparison.slices.filter((s) => s.dialogues.a !== s.dialogues.b || s.metrics.some((m) => m.a !== m.b));
  if (moved.length === 0) return `<p class="muted">${esc(label(lang, 'noSliceMoved'))}</p>`;
  const names = comparison.metrics.map((m) => m.name);
  const rows = moved.map((s) => {
    const cells = s.metrics.map((m) => (m.a === m.b ? '<td class="num muted">·</td>' : deltaCell(m, lang)));
    return `<tr data-slice="${esc(s.id)}"><th scope="row">${esc(sliceName(s.kind, s.name))} <span class="muted">${esc(label(lang, s.kind))}</span></th><td class="num">${esc(s.dialogues.a)} → ${esc(s.dialogues.b)}</td>${cells.join('')}</tr>`;
  });
  const head = names.map((n) => `<th scope="col">${esc(metricName(lang, n))}</th>`).join('');
  return `<div class="table-scroll" tabindex="0"><table class="figures" id="slice-deltas"><thead><tr><th scope="col">${esc(label(lang, 'slice'))}</th><th scope="col">${esc(label(lang, 'dialogues'))}</th>${head}</tr></thead><tbody>${rows.join('')}</tbody></table></div>`;
}

/** A multi-line value with the lines the other side does not have marked. */
function marked(value: string, other: string): string {
  const theirs = new Set(other.split('\n'));
  return value
    .split('\n')
    .map((line) => (theirs.has(line) ? esc(line) : `<mark class="diff">${esc(line)}</mark>`))
    .join('\n');
}

function flipHtml(flip: Flip, lang: Lang): string {
  const features = flip.tags.filter((t) => sliceOfTag(t).kind === 'feature').map(featureName);
  const verdict = label(lang, flip.direction === 'broke' ? 'flipBroke' : 'flipFixed');
  const turns = sideBySide(flip);
  const body =
    turns.length === 0
      ? `<p class="note">${esc(label(lang, 'noTranscriptEither'))}</p>`
      : `<table class="sbs"><thead><tr><th scope="col"></th><th scope="col">A</th><th scope="col">B</th></tr></thead><tbody>${turns
          .map(
            (fields, i) =>
              `<tr class="turn-row"><th scope="rowgroup" colspan="3">${esc(label(lang, 'turnNumber', i + 1))}</th></tr>` +
              fields
                .map((f) =>
                  f.differs
                    ? `<tr class="differs" data-field="${esc(f.field)}"><th scope="row">${esc(turnFieldName(lang, f.field))}</th><td>${marked(f.a, f.b)}</td><td>${marked(f.b, f.a)}</td></tr>`
                    : `<tr data-field="${esc(f.field)}"><th scope="row">${esc(turnFieldName(lang, f.field))}</th><td>${esc(f.a)}</td><td>${esc(f.b)}</td></tr>`,
                )
                .join(''),
          )
          .join('')}</tbody></table>`;
  return `<article class="flip flip-${flip.direction}" id="f-${esc(uriFragment(flip.id))}">
  <h3><code>${esc(flip.id)}</code> ${esc(flip.title)} <span class="delta delta-${flip.direction === 'broke' ? 'regression' : 'improvement'}">${esc(verdict)}</span></h3>
  ${features.length > 0 ? `<p class="muted">${esc(features.join(' · '))}</p>` : ''}
  ${body}
</article>`;
}

function sideInfo(name: string, side: Side): string {
  const { run, summary } = side.report;
  return `<div class="stat"><div class="stat-label">${name}</div><div class="side-label">${esc(side.label)}</div>
  <div>${esc(`${run.llm.backend} / ${run.llm.model} · ${run.mode} · ${run.protocol}`)}</div>
  <div class="stat-value">${summary.dialogues.passed}<span class="stat-of">/${summary.dialogues.total}</span></div></div>`;
}

/** What broke (when something did), the metrics, the transcripts side by side of the flips. */
function comparisonLinks(comparison: Comparison, broke: number, fixed: number, lang: Lang): [string, string][] {
  const links: [string, string][] = [];
  if (comparison.broke.ids.length > 0) links.push(['#what-broke', label(lang, 'openWhatBroke', comparison.broke.ids.length)]);
  links.push(['#metrics', label(lang, 'metrics')]);
  if (broke > 0) links.push(['#broke', label(lang, 'openSideBySide', broke)]);
  else if (fixed > 0) links.push(['#fixed', label(lang, 'openSideBySide', fixed)]);
  return links;
}

export function renderComparisonHtml(comparison: Comparison, lang: Lang = 'en'): string {
  const counts = flipsByDirection(comparison, lang);
  const { broke, fixed } = counts;
  const p = punctuation(lang);
  const gate = comparison.gate;
  // The suite's move leads (issue 49); the dialogues and metrics the gate counted follow it.
  const suite = comparisonSuiteSaid(comparison, lang);
  const countsSaid = comparisonCountsSaid(comparison, counts, lang);
  const headline = suite ?? countsSaid;
  const badge = gate
    ? `<span class="verdict ${gate.passed ? 'verdict-pass' : 'verdict-fail'}">${gate.passed ? '✓' : '✗'} ${esc(label(lang, gate.passed ? 'passed' : 'failed'))}</span>`
    : '';
  const section = (id: string, title: string, content: string) => `<section class="section" id="${id}"><h2>${esc(title)}</h2>${content}</section>`;
  // Transcripts come last and closed: the verdict, what broke and the figures fit the first screen.
  const flipList = (flips: readonly Flip[]) => flips.map((f) => flipHtml(f, lang)).join('') || '<p class="muted">—</p>';
  const apartNote = (direction: Flip['direction']) =>
    counts.apart
      .filter((group) => group.direction === direction)
      .map(({ said, flips }) => `<p class="muted">${esc(said)}${p.colon}${flips.map((f) => `<code>${esc(f.id)}</code>`).join(', ')}</p>`)
      .join('');
  return `${pageHead({ lang, title: `${label(lang, 'comparisonTitle')} · ${headline}`, css: REPORT_CSS + COMPARE_CSS })}
<body>
<header class="top"><div class="wrap">
  <div class="eyebrow">${esc(label(lang, 'eyebrow'))} · ${esc(label(lang, 'twoRunsSideBySide'))}</div>
  <div class="verdict-row">${badge}<h1 id="headline">${esc(headline)}</h1></div>
  ${suite ? `<p class="plain" id="counts">${esc(countsSaid)}</p>` : ''}
  ${modelSentences(gate, lang)
    .map((sentence) => `<p class="plain model-reached">${esc(sentence)}</p>`)
    .join('')}
  ${openNextHtml(lang, comparisonLinks(comparison, broke.length, fixed.length, lang))}
</div></header>
<main class="wrap">
${whatBrokeHtml(lang, true, comparison.broke, 'f-')}
<section class="stats">${sideInfo('A', comparison.a)}${sideInfo('B', comparison.b)}</section>
${section('metrics', label(lang, 'metrics'), metricsTable(comparison, lang))}
${section('slices', label(lang, 'slices'), slicesTable(comparison, lang))}
${section('broke', label(lang, 'passToFail', broke.length), `<details class="flips"><summary>${esc(label(lang, 'transcriptsSideBySide'))}</summary>${flipList(broke)}</details>${apartNote('broke')}`)}
${section('fixed', label(lang, 'failToPass', fixed.length), `<details class="flips"><summary>${esc(label(lang, 'transcriptsSideBySide'))}</summary>${flipList(fixed)}</details>${apartNote('fixed')}`)}
</main>
</body>
</html>
`;
}

export const comparisonHtmlReporter: Reporter<ShownComparison> = {
  file: 'comparison.html',
  render: ({ comparison, lang }) => [renderComparisonHtml(comparison, lang)],
};
