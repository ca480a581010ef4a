/** report.json carries the report model without its view (language, history trend), so same inputs give the same bytes. */
import type { Report } from '../model/reportTypes.js';
import { jsonChunks } from './jsonChunks.js';
import type { Reporter } from '../model/reporter.js';

export function withoutView(report: Report): Report {
  const { view: _view, ...model } = report;
  return model;
}

/** report.json: the model without its view, the dialogues streamed one at a time. */
export const jsonReporter: Reporter<Report> = {
  file: 'report.json',
  *render(report) {
    yield* jsonChunks(withoutView(report), 2);
    yield '\n';
  },
};
