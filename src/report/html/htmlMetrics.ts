/** Score cards, one per metric, with the baseline delta when the gate found one and the trend when the history has one. */
import { escapeHtml as esc } from './escape.js';
import { deltaPoints, percent, prettyJson } from '../words/format.js';
import { scoreBar } from './htmlSvg.js';
import { counterName, inLang, label, metricDescription, metricName } from '../words/labels.js';
import { gateLevel } from '../words/changeWords.js';
import { metricChange } from '../model/runView.js';
import { WHAT_BROKE_WORDS } from '../model/whatBroke.js';
import { describeFindingChange, nothingJudged, orderedMetrics } from '../model/reportQueries.js';
import type { Lang, MetricResult, Report } from '../model/reportTypes.js';
import { metricSeries, sparkline } from '../words/trendText.js';

/** Details with their own section (confusion matrix, latency figures) are not repeated as raw JSON. */
const DETAILS_SHOWN_ELSEWHERE = new Set(['routing', 'latency']);

export function metricsHtml(report: Report, knockOn: ReadonlySet<string> = new Set()): string {
  const lang = report.view?.lang ?? 'en';
  const cards = orderedMetrics(report).map(([name, metric]) => card(report, name, metric, lang, knockOn.has(name)));
  return `<section class="section" id="metrics">
  <h2>${esc(label(lang, 'metrics'))}</h2>
  <div class="cards">${cards.join('')}</div>
</section>`;
}

function trendMark(report: Report, name: string): string {
  const trend = report.view?.trend;
  if (!trend || trend.runs.length < 2) return '';
  const series = metricSeries(trend, name);
  const text = series.map((v) => (v === null ? '—' : percent(v))).join(' → ');
  return `<a class="spark" href="#trends" title="${esc(text)}" aria-label="${esc(`${label(lang(report), 'trends')}: ${text}`)}">${esc(sparkline(series))}</a>`;
}

function lang(report: Report): Lang {
  return report.view?.lang ?? 'en';
}

/** Over repeats Dialogue success counts runs, not dialogues: its card says so, beside a headline that counts dialogues passing every run. */
function runsCounted(report: Report, name: string, metric: MetricResult, lang: Lang): string {
  const repeat = report.run.repeat;
  if (name !== 'dialogueSuccess' || repeat <= 1 || metric.counts['judged'] === undefined) return '';
  return `${label(lang, 'runsOfDialogueSuccess', { passed: metric.counts['passed'] ?? 0, runs: metric.counts['judged'] ?? '', repeat })} `;
}

function card(report: Report, name: string, metric: MetricResult, language: Lang, knockOn: boolean): string {
  const change = report.gate ? metricChange(report.gate, name, language) : null;
  const comparison = change?.kind === 'finding' ? change.comparison : null;
  const baseline = typeof comparison?.finding.baseline === 'number' ? comparison.finding.baseline : null;
  let delta = '';
  let tone: 'good' | 'bad' | 'neutral' = metric.score >= 0.999 ? 'good' : 'neutral';
  if (comparison) {
    tone = comparison.direction === 'regression' ? 'bad' : 'good';
    const text =
      baseline === null ? describeFindingChange(comparison.finding, true, gateLevel(report.gate), language) : deltaPoints(baseline, metric.score, language);
    const arrow = comparison.direction === 'regression' ? '▼' : '▲';
    delta = `<span class="delta delta-${comparison.direction}" title="${esc(describeFindingChange(comparison.finding, true, gateLevel(report.gate), language))}">${arrow} ${esc(text)}</span>`;
  } else if (change && change.kind !== 'finding') {
    // A change the gate's tests could not tell from noise is still named, in the headline's words, and painted only as changeVerdict paints it.
    const text = change.kind === 'steady' ? `≈ ${label(language, 'baseline')}` : change.said;
    const badge = change.kind === 'moved' && change.tone !== 'neutral' ? (change.tone === 'loss' ? 'delta-regression' : 'delta-improvement') : 'delta-none';
    delta = `<span class="delta ${badge}" title="${esc(change.kind === 'cannotJudge' ? change.said : label(language, 'withinTolerance'))}">${esc(text)}</span>`;
  }
  const follows = knockOn ? `<p class="knock-on">${esc(inLang(language, WHAT_BROKE_WORDS.knockOn))}</p>` : '';
  const counts = Object.entries(metric.counts)
    .map(([key, value]) => `<div><dt>${esc(counterName(language, name, key))}</dt><dd>${value}</dd></div>`)
    .join('');
  const details = metric.details && !DETAILS_SHOWN_ELSEWHERE.has(name) ? `<pre tabindex="0">${esc(prettyJson(metric.details))}</pre>` : '';
  return `<article class="card metric metric-${tone}" data-metric="${esc(name)}">
    <div class="card-head"><h3>${esc(metricName(language, name))}</h3>${delta}</div>
    ${
      nothingJudged(metric)
        ? `<div class="score score-na">n/a</div><p class="na">${esc(label(language, 'nothingToJudge'))}</p>`
        : `<div class="score-row"><div class="score">${percent(metric.score)}</div>${trendMark(report, name)}</div>\n    ${scoreBar(metric.score, baseline, tone, language)}`
    }
    ${follows}<p class="desc">${esc(`${runsCounted(report, name, metric, language)}${metricDescription(language, name, report)}`)}</p>
    <details class="raw"><summary>${esc(label(language, 'counts'))}</summary><dl class="counts">${counts}</dl>${details}</details>
  </article>`;
}
