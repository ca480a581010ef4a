/** Writes the simulate report in every format. */
import { writeFileSet } from '../report/writeReports.js';
import type { Lang, Trend } from '../report/reportTypes.js';
import { renderSimulationHtml } from './simulationHtml.js';
import { renderSimulationJunit } from './simulationJunit.js';
import { renderSimulationMarkdown, type SimulationReport } from './simulationReport.js';

/**
 * Every format as one set, the way `run` writes its reports: a renderer that throws, or a kill at
 * any moment, leaves the old set or the new one. `trend` (from the history) shows on the page and
 * in report.md; report.json stays the same for the same seed. `lang` is the page's language.
 */
export async function writeSimulationReports(outDir: string, report: SimulationReport, trend?: Trend, lang: Lang = 'en'): Promise<void> {
  await writeFileSet(outDir, [
    ['report.json', () => [`${JSON.stringify(report, null, 2)}\n`]],
    ['report.md', () => [renderSimulationMarkdown(report, undefined, trend)]],
    ['report.html', () => [renderSimulationHtml(report, trend, lang)]],
    ['junit.xml', () => [renderSimulationJunit(report)]],
  ]);
}
