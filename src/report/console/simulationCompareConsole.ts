import type { Lang } from '../model/reportTypes.js';
import { commandLine } from './commandWords.js';
import type { SimulationComparison } from '../model/simulationComparison.js';
import { withoutControls } from '../words/format.js';
import { headlineOf } from '../words/simulationComparisonWords.js';

/** What `compare` prints for two simulate reports. */
export function renderSimulationCompareConsole(c: SimulationComparison, lang: Lang = 'en'): string {
  const verdict = c.passed ? commandLine(lang, 'gatePass') : commandLine(lang, 'gateFail', c.regressions.length);
  const lines = [headlineOf(c, lang), ...c.regressions.map((r) => `${commandLine(lang, 'regression')} ${r}`), verdict];
  return withoutControls(`${lines.join('\n')}\n`);
}
