import { countStatuses, type ConformanceRow, type ConformanceStatus } from '../../scoring/results.js';
import { escapeHtml } from '../html/escape.js';
import { mdText } from './markdownText.js';
import { withoutControls } from '../words/format.js';
import type { Reporter } from '../model/reporter.js';

/** The conformance table of an external orchestrator: requirement, scenario, held / broken / not applicable. */

export interface ConformanceMeta {
  /** The SUT's handshake name, or the command when it never answered. */
  readonly sut: string;
  readonly command: string;
  readonly protocol: 'batch' | 'conversation';
}

/** What `conformance` writes its table from. */
export interface ConformanceTable {
  readonly rows: readonly ConformanceRow[];
  readonly meta: ConformanceMeta;
}

const LABEL: Readonly<Record<ConformanceStatus, string>> = { held: 'held', broken: 'broken', notApplicable: 'not applicable' };
const MARK: Readonly<Record<ConformanceStatus, string>> = { held: '✔', broken: '✘', notApplicable: '–' };

export function conformanceSummary(rows: readonly ConformanceRow[]): string {
  const counts = countStatuses(rows);
  return `${counts.held} held, ${counts.broken} broken, ${counts.notApplicable} not applicable (of ${rows.length} seed scenarios)`;
}

export function renderConformanceMarkdown(rows: readonly ConformanceRow[], meta: ConformanceMeta): string {
  const lines = [
    `# Seed conformance: ${mdText(meta.sut)}`,
    '',
    `\`${meta.command.replace(/`/g, "'")}\` · ${meta.protocol} protocol · ${conformanceSummary(rows)}`,
    '',
    '| seed | requirement | scenario | result | dialogues | failing check / why |',
    '| --- | --- | --- | --- | --- | --- |',
  ];
  for (const row of rows) {
    const cells = [
      row.seed,
      mdText(row.requirement),
      mdText(row.scenario),
      `${MARK[row.status]} ${LABEL[row.status]}`,
      row.dialogues.map(mdText).join(', '),
      mdText(row.detail ?? ''),
    ];
    lines.push(`| ${cells.join(' | ')} |`);
  }
  return withoutControls(`${lines.join('\n')}\n`);
}

export function renderConformanceHtml(rows: readonly ConformanceRow[], meta: ConformanceMeta): string {
  const body = rows
    .map((row) => {
      const cells = [row.seed, row.requirement, row.scenario, `${MARK[row.status]} ${LABEL[row.status]}`, row.dialogues.join(', '), row.detail ?? ''];
      return `<tr class="${row.status}">${cells.map((cell) => `<td>${escapeHtml(cell)}</td>`).join('')}</tr>`;
    })
    .join('\n');
  return `<!doctype html>
<html lang="zh-Hans"><head><meta charset="utf-8"><title>Seed conformance: ${escapeHtml(meta.sut)}</title>
<style>
body { font: 14px/1.5 system-ui, "PingFang SC", "Noto Sans CJK SC", sans-serif; margin: 2rem; color: #1d2433; }
table { border-collapse: collapse; width: 100%; } th, td { border: 1px solid #e2e5ea; padding: 4px 8px; text-align: left; vertical-align: top; }
th { background: #f4f5f7; } tr.held td:nth-child(4) { color: #1b7f4b; } tr.broken td:nth-child(4) { color: #c2410c; font-weight: 600; }
tr.notApplicable td { color: #667085; } td:last-child { font-family: ui-monospace, monospace; font-size: 12px; word-break: break-word; }
</style></head><body>
<h1>Seed conformance: ${escapeHtml(meta.sut)}</h1>
<p><code>${escapeHtml(meta.command)}</code> · ${meta.protocol} protocol · ${escapeHtml(conformanceSummary(rows))}</p>
<table><thead><tr><th>seed</th><th>requirement</th><th>scenario</th><th>result</th><th>dialogues</th><th>failing check / why</th></tr></thead>
<tbody>
${body}
</tbody></table>
</body></html>
`;
}

export const conformanceMarkdownReporter: Reporter<ConformanceTable> = {
  file: 'conformance.md',
  render: ({ rows, meta }) => [renderConformanceMarkdown(rows, meta)],
};

export const conformanceHtmlReporter: Reporter<ConformanceTable> = {
  file: 'conformance.html',
  render: ({ rows, meta }) => [renderConformanceHtml(rows, meta)],
};
