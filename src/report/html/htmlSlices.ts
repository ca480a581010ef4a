/** The slice table: every metric per slice, sortable in the page; a slice name opens its dialogues. */
import { escapeHtml as esc, uriFragment } from './escape.js';
import { label, metricName, sliceName } from '../words/labels.js';
import { orderedMetrics } from '../model/reportQueries.js';
import type { Lang, Report } from '../model/reportTypes.js';
import { sliceChange, sliceDialoguesHeading, sliceRows, sliceScore } from '../model/sliceQueries.js';

export function slicesHtml(report: Report, lang: Lang): string {
  const rows = sliceRows(report);
  if (rows.length === 0) return '';
  const metrics = orderedMetrics(report).map(([name]) => name);
  const withGate = report.gate !== null;
  const head = [
    ['text', label(lang, 'slice')],
    ['text', label(lang, 'kind')],
    ['number', sliceDialoguesHeading(report, lang)],
    ...(withGate ? [['number', label(lang, 'vsBaseline')]] : []),
    ...metrics.map((m) => ['number', metricName(lang, m)]),
  ];
  const cell = (value: number | string, text: string, cls = '') => `<td data-sort="${esc(String(value))}"${cls ? ` class="${cls}"` : ''}>${esc(text)}</td>`;
  const body = rows.map((row) => {
    const { kind, name, dialogues } = row.slice;
    const change = row.baselinePassRate === null ? 0 : row.passRate - row.baselinePassRate;
    const cells = [
      `<th scope="row" data-sort="${esc(sliceName(kind, name))}"><a href="#s-${esc(uriFragment(row.id))}">${esc(sliceName(kind, name))}</a></th>`,
      cell(kind, label(lang, kind)),
      cell(row.passRate, `${dialogues.passed}/${dialogues.total}`, dialogues.failed > 0 ? 'txt-fail' : ''),
      ...(withGate ? [cell(change, sliceChange(row, lang), row.broke > row.fixed ? 'txt-fail' : row.fixed > row.broke ? 'txt-pass' : '')] : []),
      ...metrics.map((m) => {
        const metric = row.slice.metrics[m];
        if (!metric || metric.counts['judged'] === 0) return cell(-1, '—', 'muted');
        return cell(metric.score, sliceScore(metric.score, metric.counts['judged']), metric.score < 0.999 ? 'txt-fail' : '');
      }),
    ];
    return `<tr data-slice="${esc(row.id)}">${cells.join('')}</tr>`;
  });
  const header = head
    .map(
      ([type, text], i) =>
        `<th scope="col" data-type="${type}" aria-sort="none"><button type="button" class="sort" data-col="${i}">${esc(text!)}</button></th>`,
    )
    .join('');
  return `<section class="section" id="slices">
  <h2>${esc(label(lang, 'slices'))}</h2>
  <p class="muted">${esc(label(lang, 'slicesNote'))}</p>
  <div class="table-scroll slice-scroll"><table class="figures slice-table" id="slice-table"><thead><tr>${header}</tr></thead><tbody>${body.join('')}</tbody></table></div>
</section>`;
}
