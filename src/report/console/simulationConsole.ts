/** The summary `simulate` prints: users and runs, task success, by goal size, the outcomes. */
import { meanText, percent } from '../words/format.js';
import type { Lang } from '../model/reportTypes.js';
import { outcomeCounts, simulationWord } from '../words/simulationLabels.js';
import type { SimulationReport } from '../model/simulationReport.js';

export function renderSimulationConsole(report: SimulationReport, lang: Lang = 'en'): string {
  const { overall, byGoalSize } = report.scores;
  const sizes = byGoalSize.map((slice) => `${slice.goalSize}:${percent(slice.successRate, 0)}`).join(' ');
  const passAll = overall.repeat > 1 ? simulationWord(lang, 'consolePassAll', overall.repeat, percent(overall.passAllRepeats)) : '';
  return [
    simulationWord(lang, 'consoleUsers', { users: overall.users, repeat: report.run.repeat, model: String(report.run.llm['backend']) }),
    simulationWord(lang, 'consoleSuccess', {
      success: percent(overall.successRate),
      passAll,
      firstTry: percent(overall.firstTryRate),
      turns: meanText(overall.meanTurnsToSuccess),
      calls: meanText(overall.meanLlmCallsToSuccess),
    }),
    simulationWord(lang, 'consoleBySize', sizes),
    simulationWord(lang, 'consoleOutcomes', outcomeCounts(lang, overall.outcomes)),
    '',
  ].join('\n');
}
