/** The report as one self-contained HTML page: no network, inline CSS and JS, data as JSON. */
import { createHash } from 'node:crypto';
import { escapeHtml as esc, scriptSafeJson } from './escape.js';
import { REPORT_CLIENT_JS } from './htmlClient.js';
import { latencyHtml } from './htmlLatency.js';
import { metricsHtml } from './htmlMetrics.js';
import { routingHtml } from './htmlRouting.js';
import { REPORT_CSS } from './htmlStyles.js';
import { slicesHtml } from './htmlSlices.js';
import { gateHtml, headerHtml, totalsHtml, whatBrokeHtml } from './htmlSummary.js';
import { whatBroke } from '../model/whatBroke.js';
import { trendsHtml } from './htmlTrends.js';
import { label, metricName } from '../words/labels.js';
import { pageHead } from './htmlPage.js';
import { percent } from '../words/format.js';
import { jsonChunks } from '../json/jsonChunks.js';
import { metricKey, nothingJudged, orderedMetrics, runOutcome } from '../model/reportQueries.js';
import { dialoguesPassedSaid } from '../model/runView.js';
import type { ArmReport, Report } from '../model/reportTypes.js';
import type { Reporter } from '../model/reporter.js';

export function renderHtml(report: Report): string {
  return [...htmlChunks(report)].join('');
}

/** The page in pieces, for writing as a stream: the embedded report data goes one dialogue at a time. */
export function* htmlChunks(report: Report): Generator<string> {
  const lang = report.view?.lang ?? 'en';
  // The headline's count (runView), so over repeats the tab says "passed all 3 runs" as the page does.
  const title = label(lang, 'pageTitle', {
    mark: { passed: '✓', failed: '✗', letThrough: '◐', notDecided: '✗' }[runOutcome(report)],
    dialogues: dialoguesPassedSaid(report, lang),
    model: report.run.llm.model,
  });
  // Only this exact script may run (CSP hash), and nothing may be fetched: even an escaping
  // mistake elsewhere could neither execute injected script nor phone home.
  const scriptHash = createHash('sha256').update(REPORT_CLIENT_JS, 'utf8').digest('base64');
  const broke = whatBroke(report);
  yield `${pageHead({ lang, title, css: REPORT_CSS, scriptSrc: `'sha256-${scriptHash}'` })}
<body>
${headerHtml(report, broke)}
<main class="wrap">
${whatBrokeHtml(lang, report.gate !== null, broke)}
${metricsHtml(report, broke.knockOn)}
${totalsHtml(report)}
${gateHtml(report)}
${trendsHtml(report, lang)}
${slicesHtml(report, lang)}
${armsHtml(report)}
<div class="split">
${routingHtml(report)}
${latencyHtml(report)}
</div>
<section class="section" id="dialogues-section">
  <h2>${esc(label(lang, 'dialogues'))}</h2>
  <div id="dialogues"><noscript><p class="empty">${esc(label(lang, 'enableScript'))}</p></noscript></div>
</section>
</main>
<script type="application/json" id="report-data">`;
  for (const piece of jsonChunks(report, 0)) yield scriptSafeJson(piece);
  yield `</script>
<script>${REPORT_CLIENT_JS}</script>
</body>
</html>
`;
}

/** `--protocol both`: the batch and the legacy conversation arm on the same dialogues. */
function armsHtml(report: Report): string {
  if (!report.arms) return '';
  const lang = report.view?.lang ?? 'en';
  const arms = [report.arms.batch, report.arms.conversation];
  const row = (label: string, cell: (arm: ArmReport) => string) => `<tr><th>${esc(label)}</th>${arms.map((arm) => `<td>${esc(cell(arm))}</td>`).join('')}</tr>`;
  const rows = [
    row(
      label(lang, 'dialoguesPassedHead'),
      ({ summary: { dialogues: d } }) => `${d.passed}/${d.total}${d.skipped ? label(lang, 'armsSkipped', d.skipped) : ''}`,
    ),
    row(
      label(lang, 'checksPassedHead'),
      ({ summary: { checks: c } }) => `${c.passed}/${c.total}${c.notApplicable ? label(lang, 'armsNotApplicable', c.notApplicable) : ''}`,
    ),
    ...orderedMetrics(report).map(([name]) =>
      row(metricName(lang, metricKey(name)), (arm) => {
        const metric = arm.metrics[name as keyof ArmReport['metrics']];
        return metric && !nothingJudged(metric) ? percent(metric.score) : 'n/a';
      }),
    ),
  ];
  return `<section class="section" id="arms">
  <h2>${esc(label(lang, 'armsTitle'))}</h2>
  <p class="muted">${esc(label(lang, 'armsNoteHtml', label(lang, 'armsNote')))}</p>
  <div class="table-scroll" tabindex="0"><table class="figures"><tr><th></th><th>batch</th><th>conversation</th></tr>${rows.join('')}</table></div>
</section>`;
}

export const htmlReporter: Reporter<Report> = { file: 'report.html', render: htmlChunks };
