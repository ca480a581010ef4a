/** Writes the simulate report in every format. */
import { join } from 'node:path';
import { AtomicFileWriter } from '../generate/yamlWriter.js';
import type { Trend } from '../report/reportTypes.js';
import { renderSimulationHtml } from './simulationHtml.js';
import { renderSimulationJunit } from './simulationJunit.js';
import { renderSimulationMarkdown, type SimulationReport } from './simulationReport.js';

/**
 * Every format, each written whole or not at all; all are rendered before the first is written,
 * so a renderer that throws leaves the old set. `trend` (from the history) shows on the page only:
 * report.json stays the same for the same seed.
 */
export function writeSimulationReports(outDir: string, report: SimulationReport, trend?: Trend): void {
  const files: [string, string][] = [
    ['report.json', `${JSON.stringify(report, null, 2)}\n`],
    ['report.md', renderSimulationMarkdown(report)],
    ['report.html', renderSimulationHtml(report, trend)],
    ['junit.xml', renderSimulationJunit(report)],
  ];
  for (const [name, text] of files) {
    const writer = new AtomicFileWriter(join(outDir, name));
    writer.write(text);
    writer.commit();
  }
}
