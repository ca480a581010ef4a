/** The routing confusion matrix: expected route per row, actual route per column. */
import { escapeHtml as esc } from './escape.js';
import { percent } from '../words/format.js';
import { label, routeName } from '../words/labels.js';
import type { Report } from '../model/reportTypes.js';

type Confusion = Record<string, Record<string, number>>;

const ROUTE_ORDER = ['local', 'llm', 'fallback', 'offline', 'none'];

function readConfusion(report: Report): Confusion | null {
  const raw = report.metrics.routing?.details?.['confusion'];
  if (typeof raw !== 'object' || raw === null) return null;
  const out: Confusion = {};
  for (const [expected, row] of Object.entries(raw as Record<string, unknown>)) {
    if (typeof row !== 'object' || row === null) continue;
    const counts: Record<string, number> = {};
    for (const [actual, count] of Object.entries(row as Record<string, unknown>)) {
      if (typeof count === 'number') counts[actual] = count;
    }
    out[expected] = counts;
  }
  return out;
}

function orderRoutes(routes: Iterable<string>): string[] {
  const set = new Set(routes);
  const known = ROUTE_ORDER.filter((r) => set.has(r));
  return [...known, ...[...set].filter((r) => !ROUTE_ORDER.includes(r)).sort()];
}

export function routingHtml(report: Report): string {
  const confusion = readConfusion(report);
  if (!confusion || Object.keys(confusion).length === 0) return '';
  const rows = orderRoutes(Object.keys(confusion));
  const cols = orderRoutes([...rows, ...Object.values(confusion).flatMap((row) => Object.keys(row))]);
  const max = Math.max(1, ...Object.values(confusion).flatMap((row) => Object.values(row)));

  const lang = report.view?.lang ?? 'en';
  const head = `<tr><th class="corner">${esc(label(lang, 'routingCorner'))}</th>${cols.map((c) => `<th>${esc(routeName(lang, c))}</th>`).join('')}<th>${esc(label(lang, 'accuracy'))}</th></tr>`;
  const body = rows
    .map((expected) => {
      const row = confusion[expected] ?? {};
      const total = Object.values(row).reduce((a, b) => a + b, 0);
      const cells = cols.map((actual) => {
        const count = row[actual] ?? 0;
        const kind = actual === expected ? 'hit' : 'miss';
        // Cell shade grows with the count; zero cells stay blank so misses stand out.
        const alpha = count === 0 ? 0 : 0.12 + 0.5 * (count / max);
        const style = count === 0 ? '' : ` style="--a:${alpha.toFixed(2)}"`;
        return `<td class="cm-${kind}${count === 0 ? ' cm-zero' : ''}"${style}>${count === 0 ? '·' : count}</td>`;
      });
      const accuracy = total === 0 ? '—' : percent((row[expected] ?? 0) / total, 0);
      return `<tr><th>${esc(routeName(lang, expected))}</th>${cells.join('')}<td class="cm-acc">${accuracy}</td></tr>`;
    })
    .join('');
  return `<section class="section" id="routing">
  <h2>${esc(label(lang, 'routingTitle'))}</h2>
  <p class="muted">${esc(label(lang, 'routingNote'))}</p>
  <div class="table-scroll" tabindex="0"><table class="confusion">${head}${body}</table></div>
</section>`;
}
