/** A metric's trend over the comparable runs as one line of text: sparkline and first → last. */
import { percent } from './format.js';
import { label } from './labels.js';
import type { Lang, Trend } from '../model/reportTypes.js';

const BARS = '▁▂▃▄▅▆▇█';

/** A series that does not move: a level line, where full bars read as solid blocks. */
const LEVEL = '─';

/** Bars scaled between the series' own lowest and highest value, so a small dip still shows. */
export function sparkline(values: readonly (number | null)[]): string {
  const known = values.filter((v): v is number => v !== null);
  const low = Math.min(...known);
  const span = Math.max(...known) - low;
  const top = BARS.length - 1;
  return values.map((v) => (v === null ? ' ' : span === 0 ? LEVEL : BARS[Math.round(((v - low) / span) * top)])).join('');
}

/** The scores of one metric across the trend's runs, oldest first (null where a run lacked it). */
export function metricSeries(trend: Trend, metric: string): (number | null)[] {
  return trend.runs.map((run) => {
    const score = run.metrics[metric];
    return typeof score === 'number' ? score : null;
  });
}

/**
 * "▇▇▁▇ 100.0% → 100.0% (range 40.0%–100.0%)": where it started, where it is, and the real range the
 * bars span (they are scaled to it, so without it a 1-point wobble looks like a collapse).
 */
export function trendLine(series: readonly (number | null)[], lang: Lang = 'en'): string {
  const known = series.filter((v): v is number => v !== null);
  if (known.length === 0) return '—';
  const first = known[0]!;
  const last = known.at(-1)!;
  const [min, max] = [Math.min(...known), Math.max(...known)];
  const range = max > min ? label(lang, 'trendRange', percent(min), percent(max)) : '';
  return `${sparkline(series)} ${percent(first)} → ${percent(last)}${range}`;
}
