/**
 * Every report format, the only list of them: for each kind of document, the Reporters it is
 * written as (in this order). Adding a format is a file exporting its Reporter and one line here.
 */
import type { ShownComparison } from '../report/comparison.js';
import { comparisonHtmlReporter } from '../report/comparisonHtml.js';
import { comparisonMarkdownReporter } from '../report/comparisonMarkdown.js';
import { conformanceHtmlReporter, conformanceMarkdownReporter, type ConformanceTable } from '../report/conformanceTable.js';
import { htmlReporter } from '../report/html.js';
import { jsonReporter } from '../report/json.js';
import { junitReporter } from '../report/junit.js';
import { markdownReporter } from '../report/markdown.js';
import type { Reporter } from '../report/reporter.js';
import type { Report } from '../report/reportTypes.js';
import type { ShownSimulationComparison } from '../users/simulationComparison.js';
import { simulationComparisonHtmlReporter, simulationComparisonMarkdownReporter } from '../users/simulationComparisonRender.js';
import { simulationHtmlReporter } from '../users/simulationHtml.js';
import { simulationJunitReporter } from '../users/simulationJunit.js';
import { simulationJsonReporter, simulationMarkdownReporter, type ShownSimulation } from '../users/simulationReport.js';

/** The documents reports are written from, by kind. */
export interface Documents {
  /** `run` and `merge`: the report with its view (language, trend). */
  readonly run: Report;
  readonly simulation: ShownSimulation;
  /** `compare --out` on two run reports. */
  readonly comparison: ShownComparison;
  /** `compare --out` on two simulate reports. */
  readonly simulationComparison: ShownSimulationComparison;
  /** `conformance`: an external orchestrator against the seed scenarios. */
  readonly conformance: ConformanceTable;
}

export type DocumentKind = keyof Documents;

export const REPORTERS: { readonly [K in DocumentKind]: readonly Reporter<Documents[K]>[] } = {
  run: [jsonReporter, markdownReporter, junitReporter, htmlReporter],
  simulation: [simulationJsonReporter, simulationMarkdownReporter, simulationHtmlReporter, simulationJunitReporter],
  comparison: [comparisonHtmlReporter, comparisonMarkdownReporter],
  simulationComparison: [simulationComparisonHtmlReporter, simulationComparisonMarkdownReporter],
  conformance: [conformanceMarkdownReporter, conformanceHtmlReporter],
};

/** The file names a kind of document is written as, for help texts and console lines. */
export function reportFiles(kind: DocumentKind): string[] {
  return REPORTERS[kind].map((reporter) => reporter.file);
}

/** Where a set was written, for the console: `DIR/{report.json,report.md,…}`. */
export function reportSetPaths(kind: DocumentKind, outDir: string): string {
  return `${outDir}/{${reportFiles(kind).join(',')}}`;
}
