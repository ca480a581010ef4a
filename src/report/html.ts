/** The report as one self-contained HTML page: no network, inline CSS and JS, data as JSON. */
import { createHash } from 'node:crypto';
import { escapeHtml as esc, jsonForScript } from './escape.js';
import { REPORT_CLIENT_JS } from './htmlClient.js';
import { latencyHtml } from './htmlLatency.js';
import { metricsHtml } from './htmlMetrics.js';
import { routingHtml } from './htmlRouting.js';
import { REPORT_CSS } from './htmlStyles.js';
import { gateHtml, headerHtml, totalsHtml } from './htmlSummary.js';
import { overallPassed } from './reportQueries.js';
import type { Report } from './reportTypes.js';

export function renderHtml(report: Report): string {
  const { total, passed } = report.summary.dialogues;
  const title = `${overallPassed(report) ? '✓' : '✗'} NLU report · ${passed}/${total} dialogues · ${report.run.llm.model}`;
  // Only this exact script may run (CSP hash), and nothing may be fetched: even an escaping
  // mistake elsewhere could neither execute injected script nor phone home.
  const scriptHash = createHash('sha256').update(REPORT_CLIENT_JS, 'utf8').digest('base64');
  const csp = `default-src 'none'; style-src 'unsafe-inline'; img-src data:; script-src 'sha256-${scriptHash}'; base-uri 'none'; form-action 'none'`;
  return `<!DOCTYPE html>
<html lang="zh-CN">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="Content-Security-Policy" content="${esc(csp)}">
<meta name="referrer" content="no-referrer">
<title>${esc(title)}</title>
<style>${REPORT_CSS}</style>
</head>
<body>
${headerHtml(report)}
<main class="wrap">
${totalsHtml(report)}
${gateHtml(report)}
${metricsHtml(report)}
<div class="split">
${routingHtml(report)}
${latencyHtml(report)}
</div>
<section class="section" id="dialogues-section">
  <h2>Dialogues</h2>
  <div id="dialogues"><noscript><p class="empty">Enable JavaScript to browse the dialogue transcripts.</p></noscript></div>
</section>
</main>
<script type="application/json" id="report-data">${jsonForScript(report)}</script>
<script>${REPORT_CLIENT_JS}</script>
</body>
</html>
`;
}
