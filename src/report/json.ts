/** report.json carries the report model without its view (language, history trend), so same inputs give the same bytes. */
import type { Report } from './reportTypes.js';

export function withoutView(report: Report): Report {
  const { view: _view, ...model } = report;
  return model;
}
