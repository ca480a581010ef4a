/** report.json: the report model without its view (language, history trend), so same inputs give the same bytes. */
import type { Report } from './reportTypes.js';

export function renderJson(report: Report): string {
  const { view: _view, ...model } = report;
  return JSON.stringify(model, null, 2) + '\n';
}
