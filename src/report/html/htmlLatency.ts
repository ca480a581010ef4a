/**
 * Latency figures from metrics.latency.details. The contract leaves their shape open, so
 * numbers become tiles, objects of numbers (e.g. {p50, p95, max}) become table rows, and
 * anything else is shown as JSON.
 */
import { escapeHtml as esc } from './escape.js';
import { formatNumber, prettyJson } from '../words/format.js';
import { counterName, label, metricDescription } from '../words/labels.js';
import type { Report } from '../model/reportTypes.js';

type Scalar = number | string | boolean | null;

function isScalar(value: unknown): value is Scalar {
  return value === null || ['number', 'string', 'boolean'].includes(typeof value);
}

function isScalarRecord(value: unknown): value is Record<string, Scalar> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && Object.values(value).every(isScalar);
}

/** Durations are named like firstTtsMs, or are statistics (p95, max) of something named …Ms. */
function isDuration(key: string, parent: string): boolean {
  if (/count|samples|^n$/i.test(key)) return false;
  return /ms$/i.test(key) || /ms$/i.test(parent) || /^(p\d+|max|min|mean|avg|median)$/i.test(key);
}

function show(value: Scalar, key: string, parent: string): string {
  if (typeof value === 'number') return `${esc(formatNumber(value))}${isDuration(key, parent) ? '<small> ms</small>' : ''}`;
  return esc(value === null ? '—' : String(value));
}

export function latencyHtml(report: Report): string {
  const details = report.metrics.latency?.details;
  if (!details || Object.keys(details).length === 0) return '';
  const lang = report.view?.lang ?? 'en';
  const tiles: string[] = [];
  const tables: Array<[string, Record<string, Scalar>]> = [];
  const other: Array<[string, unknown]> = [];
  for (const [key, value] of Object.entries(details)) {
    if (isScalar(value))
      tiles.push(
        `<div class="tile"><div class="tile-label">${esc(counterName(lang, 'latency', key))}</div><div class="tile-value">${show(value, key, '')}</div></div>`,
      );
    else if (isScalarRecord(value)) tables.push([key, value]);
    else other.push([key, value]);
  }
  const columns = [...new Set(tables.flatMap(([, row]) => Object.keys(row)))];
  const table =
    tables.length === 0
      ? ''
      : `<div class="table-scroll" tabindex="0"><table class="figures"><tr><th></th>${columns.map((c) => `<th>${esc(c)}</th>`).join('')}</tr>${tables
          .map(
            ([name, row]) =>
              `<tr><th>${esc(counterName(lang, 'latency', name))}</th>${columns.map((c) => `<td>${c in row ? show(row[c] ?? null, c, name) : ''}</td>`).join('')}</tr>`,
          )
          .join('')}</table></div>`;
  const raw = other
    .map(
      ([key, value]) =>
        `<details class="raw"><summary>${esc(counterName(lang, 'latency', key))}</summary><pre tabindex="0">${esc(prettyJson(value))}</pre></details>`,
    )
    .join('');
  return `<section class="section" id="latency">
  <h2>${esc(label(lang, 'latency'))}</h2>
  <p class="muted">${esc(metricDescription(lang, 'latency', report))}</p>
  ${tiles.length > 0 ? `<div class="tiles">${tiles.join('')}</div>` : ''}
  ${table}
  ${raw}
</section>`;
}
