/** Trends: each metric over the last comparable runs from the history, as a small inline SVG chart. */
import { escapeHtml as esc } from './escape.js';
import { percent } from '../words/format.js';
import { label, metricName } from '../words/labels.js';
import { orderedMetrics } from '../model/reportQueries.js';
import type { Lang, Report, Trend, TrendRun } from '../model/reportTypes.js';
import { metricSeries } from '../words/trendText.js';

const WIDTH = 240;
const HEIGHT = 72;
const PAD = 6;
/** Room above the line for the value labels. */
const TOP = 16;

/** The chart's lower bound: the nearest tenth below the lowest score, so a small dip still shows. */
function floorOf(values: readonly number[]): number {
  const low = Math.min(1, ...values);
  return Math.max(0, Math.min(0.9, Math.floor(low * 10) / 10));
}

/** One lower bound for all the given metrics' charts, so cards side by side compare by eye. */
export function sharedFloor(trend: Trend, metrics: readonly string[]): number {
  return floorOf(metrics.flatMap((metric) => metricSeries(trend, metric).filter((v): v is number => v !== null)));
}

/** "2025-05-01 08:00" (UTC), as the x-axis and each point's label give a run's start; with seconds when `precise`. */
function runDate(startedAt: string, precise = false): string {
  return startedAt.slice(0, precise ? 19 : 16).replace('T', ' ');
}

/** The x-axis ends: to the minute, or to the second when the runs started within one minute. */
function axisDates(trend: Trend): string {
  const [first, last] = [trend.runs[0]!.startedAt, trend.runs.at(-1)!.startedAt];
  const precise = runDate(first) === runDate(last);
  return `${runDate(first, precise)} → ${runDate(last, precise)}`;
}

/** "run #4 · 2025-05-01 08:00 · commit 1a2b3c4 · prompts 84c69f26/…" */
function runLabel(run: TrendRun, now: boolean, lang: Lang): string {
  const commit = run.commit ? [label(lang, 'commitPart', run.commit)] : [];
  const prompts = run.prompts ? [label(lang, 'promptsPart', run.prompts)] : [];
  return [now ? label(lang, 'thisRun') : label(lang, 'runNumber', String(run.id)), runDate(run.startedAt), ...commit, ...prompts].join(' · ');
}

/** `floor`: the lower bound of the y-axis (default: this metric's own). */
export function trendChart(trend: Trend, metric: string, name: string, floor?: number, lang: Lang = 'en'): string {
  const series = metricSeries(trend, metric);
  const known = series.filter((v): v is number => v !== null);
  if (known.length === 0) return '';
  floor ??= floorOf(known);
  const step = series.length > 1 ? (WIDTH - 2 * PAD) / (series.length - 1) : 0;
  const x = (i: number) => (series.length > 1 ? PAD + i * step : WIDTH / 2);
  const y = (v: number) => TOP + (1 - (v - floor) / (1 - floor)) * (HEIGHT - TOP - PAD);
  const points = series.flatMap((v, i) => (v === null ? [] : [{ v, i }]));
  const line = points.map(({ v, i }) => `${x(i).toFixed(1)},${y(v).toFixed(1)}`).join(' ');
  const dots = points
    .map(({ v, i }) => {
      const run = trend.runs[i]!;
      const now = i === series.length - 1;
      const what = `${runLabel(run, now, lang)} · ${percent(v)}`;
      return `<circle class="pt${now ? ' pt-now' : ''}" cx="${x(i).toFixed(1)}" cy="${y(v).toFixed(1)}" r="${now ? 4 : 3}" data-score="${v}"><title>${esc(what)}</title></circle>`;
    })
    .join('');
  // The size, not only the direction: the first, the lowest and this run's value written on the chart.
  const lowest = points.reduce((low, p) => (p.v < low.v ? p : low), points[0]!);
  const labelled = [...new Map([points[0]!, lowest, points.at(-1)!].map((p) => [p.i, p])).values()];
  const values = labelled
    .map(({ v, i }) => {
      const anchor = series.length === 1 ? 'middle' : i === 0 ? 'start' : i === series.length - 1 ? 'end' : 'middle';
      return `<text class="trend-val" x="${x(i).toFixed(1)}" y="${(y(v) - 6).toFixed(1)}" text-anchor="${anchor}">${percent(v)}</text>`;
    })
    .join('');
  const summary = `${name}: ${points.map(({ v }) => percent(v)).join(' → ')}`;
  return (
    `<svg class="trend-chart" viewBox="0 0 ${WIDTH} ${HEIGHT}" role="img" aria-label="${esc(summary)}">` +
    `<line class="trend-top" x1="0" x2="${WIDTH}" y1="${TOP}" y2="${TOP}"/>` +
    `<line class="trend-floor" x1="0" x2="${WIDTH}" y1="${HEIGHT - PAD}" y2="${HEIGHT - PAD}"/>` +
    `<polyline class="trend-line" points="${line}"/>${dots}${values}</svg>` +
    `<div class="trend-scale"><span>${percent(floor, 0)}–100%</span><span>${esc(axisDates(trend))}</span></div>`
  );
}

export function trendsHtml(report: Report, lang: Lang): string {
  const trend = report.view?.trend;
  if (!trend || trend.runs.length < 2) return '';
  const metrics = orderedMetrics(report).map(([metric]) => metric);
  const floor = sharedFloor(trend, metrics);
  const figures = metrics.map((metric) => {
    const name = metricName(lang, metric);
    const chart = trendChart(trend, metric, name, floor, lang);
    return chart ? `<figure class="trend" data-metric="${esc(metric)}"><figcaption>${esc(name)}</figcaption>${chart}</figure>` : '';
  });
  return `<section class="section" id="trends">
  <h2>${esc(label(lang, 'trends'))}</h2>
  <p class="muted">${esc(label(lang, 'trendsNote', trend.runs.length))}</p>
  <div class="trends">${figures.join('')}</div>
  ${trendRunsHtml(trend, lang)}
</section>`;
}

/** The runs behind the points, oldest first: date, commit and prompts, so a step can be traced to its change. */
export function trendRunsHtml(trend: Trend, lang: Lang): string {
  const runs = trend.runs.map((run, i) => `<li>${esc(runLabel(run, i === trend.runs.length - 1, lang))}</li>`).join('');
  return `<details class="raw trend-runs"><summary>${esc(label(lang, 'trendRuns', trend.runs.length))}</summary><ol>${runs}</ol></details>`;
}
