/** A simulate run as report.md: overall, by goal size and by speech feature, the failed users' conversations. */
import { meanText, percent } from '../words/format.js';
import type { Args } from '../words/wording.js';
import { mdText } from './markdownText.js';
import type { Lang, Trend } from '../model/reportTypes.js';
import type { Reporter } from '../model/reporter.js';
import { metricSeries, trendLine } from '../words/trendText.js';
import type { SliceScore } from '../../users/scores.js';
import { outcomeCounts, outcomeName, outcomeWhy, simulationWord, speechName, speechNames, type SimulationWord } from '../words/simulationLabels.js';
import { withoutControls } from '../words/format.js';
import { SIMULATION_TREND_METRICS, type ShownSimulation, type SimulationReport, goalItemText } from '../model/simulationReport.js';

function sliceRow(label: string, slice: SliceScore): string {
  return `| ${label} | ${slice.runs} | ${percent(slice.successRate)} | ${percent(slice.firstTryRate)} | ${meanText(slice.meanTurnsToSuccess)} | ${meanText(slice.meanExtraTurns)} | ${meanText(slice.meanLlmCallsToSuccess)} |`;
}

const SLICE_ALIGN = '|---:|---:|---:|---:|---:|---:|';

export function renderSimulationMarkdown(report: SimulationReport, shownFailures = 10, trend?: Trend, lang: Lang = 'en'): string {
  const { overall, byGoalSize, byFeature } = report.scores;
  const word = (key: SimulationWord, ...args: Args) => simulationWord(lang, key, ...args);
  const header = (first: string) => [`| ${first} ${word('mdSliceHeader')}`, `|---${SLICE_ALIGN}`];
  const speech = speechNames(lang, report.run.speech) || word('clean');
  const passAll = overall.repeat > 1 ? word('mdPassAll', overall.repeat, percent(overall.passAllRepeats)) : '';
  const lines = [
    `# ${word('mdTitle')}`,
    '',
    word('mdSetup', { users: overall.users, repeat: report.run.repeat, seed: report.run.seed, model: `\`${String(report.run.llm['backend'])}\``, speech }),
    '',
    word('mdSuccess', percent(overall.successRate), passAll),
    word('mdOutcomes', outcomeCounts(lang, overall.outcomes)),
    '',
    ...(trend && trend.runs.length >= 2
      ? [
          `## ${word('mdTrends', trend.runs.length)}`,
          '',
          ...SIMULATION_TREND_METRICS.map(([metric]) => `- ${word(TREND_WORDS[metric])}: ${mdText(trendLine(metricSeries(trend, metric), lang))}`),
          '',
        ]
      : []),
    `## ${word('byGoalSize')}`,
    '',
    ...header(word('goalSize')),
    sliceRow(word('all'), overall),
    ...byGoalSize.map((slice) => sliceRow(String(slice.goalSize), slice)),
    '',
    `## ${word('mdByFeature')}`,
    '',
    ...header(word('feature')),
    ...byFeature.flatMap(({ feature, with: used, without }) => [
      sliceRow(`${speechName(lang, feature)} ✓`, used),
      sliceRow(`${speechName(lang, feature)} ✗`, without),
    ]),
    '',
    `## ${word('mdFailed', Math.min(shownFailures, report.failures.length), report.failures.length)}`,
    '',
  ];
  for (const failure of report.failures.slice(0, shownFailures)) {
    const who = word('userRun', failure.userId, failure.repeat);
    lines.push(
      `### ${word('mdFailure', { who, outcome: outcomeName(lang, failure.outcome), why: outcomeWhy(lang, failure.outcome, failure.transcript.length) })}`,
      '',
    );
    lines.push(word('goal', failure.goal.map((item) => mdText(goalItemText(item))).join('; ')), '');
    for (const turn of failure.transcript) {
      lines.push(`- 🗣 ${mdText(turn.user)} → ${mdText(turn.spoken.join(' / ') || word('silence'))}${turn.llm.length > 0 ? ` _[${turn.llm.join(', ')}]_` : ''}`);
    }
    lines.push('');
  }
  return withoutControls(`${lines.join('\n')}\n`);
}

/** The trend's scores by their names in the page's words. */
const TREND_WORDS: Readonly<Record<(typeof SIMULATION_TREND_METRICS)[number][0], SimulationWord>> = {
  taskSuccess: 'taskSuccessShort',
  firstTry: 'firstTry',
};

export const simulationMarkdownReporter: Reporter<ShownSimulation> = {
  file: 'report.md',
  render: ({ report, trend, lang }) => [renderSimulationMarkdown(report, undefined, trend, lang)],
};
