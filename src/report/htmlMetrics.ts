/** Score cards, one per metric, with the baseline delta when the gate found one. */
import { escapeHtml as esc } from './escape.js';
import { deltaPoints, percent, prettyJson } from './format.js';
import { scoreBar } from './htmlSvg.js';
import { describeFindingChange, metricComparison, metricLabel, nothingJudged, orderedMetrics } from './reportQueries.js';
import type { MetricResult, Report } from './reportTypes.js';

/** Details with their own section (confusion matrix, latency figures) are not repeated as raw JSON. */
const DETAILS_SHOWN_ELSEWHERE = new Set(['routing', 'latency']);

export function metricsHtml(report: Report): string {
  const cards = orderedMetrics(report).map(([name, metric]) => card(report, name, metric));
  return `<section class="section" id="metrics">
  <h2>Metrics</h2>
  <div class="cards">${cards.join('')}</div>
</section>`;
}

function card(report: Report, name: string, metric: MetricResult): string {
  const comparison = metricComparison(report.gate, name);
  const baseline = typeof comparison?.finding.baseline === 'number' ? comparison.finding.baseline : null;
  let delta = '';
  let tone: 'good' | 'bad' | 'neutral' = metric.score >= 0.999 ? 'good' : 'neutral';
  if (comparison) {
    tone = comparison.direction === 'regression' ? 'bad' : 'good';
    const label = baseline === null ? describeFindingChange(comparison.finding) : deltaPoints(baseline, metric.score);
    const arrow = comparison.direction === 'regression' ? '▼' : '▲';
    delta = `<span class="delta delta-${comparison.direction}" title="${esc(describeFindingChange(comparison.finding))}">${arrow} ${esc(label)}</span>`;
  } else if (report.gate) {
    delta = `<span class="delta delta-none" title="No change beyond tolerance">≈ baseline</span>`;
  }
  const counts = Object.entries(metric.counts)
    .map(([key, value]) => `<div><dt>${esc(key)}</dt><dd>${value}</dd></div>`)
    .join('');
  const details =
    metric.details && !DETAILS_SHOWN_ELSEWHERE.has(name)
      ? `<details class="raw"><summary>details</summary><pre>${esc(prettyJson(metric.details))}</pre></details>`
      : '';
  return `<article class="card metric metric-${tone}" data-metric="${esc(name)}">
    <div class="card-head"><h3>${esc(metricLabel(name))}</h3>${delta}</div>
    ${
      nothingJudged(metric)
        ? '<div class="score score-na">n/a</div><p class="na">Nothing to judge in this run.</p>'
        : `<div class="score">${percent(metric.score)}</div>\n    ${scoreBar(metric.score, baseline, tone)}`
    }
    <p class="desc">${esc(metric.description)}</p>
    <dl class="counts">${counts}</dl>
    ${details}
  </article>`;
}
