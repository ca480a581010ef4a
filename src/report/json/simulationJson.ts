import type { Reporter } from '../model/reporter.js';
import type { ShownSimulation } from '../model/simulationReport.js';

/** report.json stays the same for the same seed: no trend, no language. */
export const simulationJsonReporter: Reporter<ShownSimulation> = {
  file: 'report.json',
  render: ({ report }) => [`${JSON.stringify(report, null, 2)}\n`],
};
