/**
 * Every report format, the only list of them: for each kind of document, the Reporters it is
 * written as (in this order). Adding a format is a file exporting its Reporter and one line here.
 */
import type { ShownComparison } from '../report/model/comparison.js';
import { comparisonHtmlReporter } from '../report/html/comparisonHtml.js';
import { comparisonMarkdownReporter } from '../report/markdown/comparisonMarkdown.js';
import { conformanceHtmlReporter, conformanceMarkdownReporter, type ConformanceTable } from '../report/markdown/conformanceTable.js';
import { htmlReporter } from '../report/html/html.js';
import { jsonReporter } from '../report/json/json.js';
import { junitReporter } from '../report/junit/junit.js';
import { markdownReporter } from '../report/markdown/markdown.js';
import type { Reporter } from '../report/model/reporter.js';
import type { Report } from '../report/model/reportTypes.js';
import type { ShownSimulationComparison } from '../report/model/simulationComparison.js';
import { simulationComparisonHtmlReporter } from '../report/html/simulationComparisonHtml.js';
import { simulationComparisonMarkdownReporter } from '../report/markdown/simulationComparisonMarkdown.js';
import { simulationHtmlReporter } from '../report/html/simulationHtml.js';
import { simulationJunitReporter } from '../report/junit/simulationJunit.js';
import type { ShownSimulation } from '../report/model/simulationReport.js';
import { simulationJsonReporter } from '../report/json/simulationJson.js';
import { simulationMarkdownReporter } from '../report/markdown/simulationMarkdown.js';

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
