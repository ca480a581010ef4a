import { percent } from '../report/format.js';
import { mdText } from '../report/markdownText.js';
import type { Lang, Trend } from '../report/reportTypes.js';
import type { Reporter } from '../report/reporter.js';
import { metricSeries, trendLine } from '../report/trendText.js';
import type { FailedRun } from './runSimulation.js';
import type { RunResult, SimulationScores, SliceScore } from './scores.js';
import { outcomeCounts, outcomeName, outcomeWhy, simulationWord, speechName, type SimulationWord } from './simulationLabels.js';
import { withoutControls } from '../report/format.js';

export const SIMULATION_SCHEMA_VERSION = 1;

/** The scores a simulate run's trend follows across comparable runs of the history, with their names. */
export const SIMULATION_TREND_METRICS = [
  ['taskSuccess', 'Task success'],
  ['firstTry', 'First-utterance success'],
] as const;

export interface SimulationReport {
  readonly schemaVersion: number;
  readonly kind: 'simulation';
  readonly run: {
    readonly startedAt: string;
    readonly finishedAt: string;
    readonly timing: { readonly wallMs: number; readonly llmTraffic?: unknown };
    /** backend, model and, with --perturb, its rates and seed. */
    readonly llm: Readonly<Record<string, unknown>>;
    readonly seed: number;
    readonly users: number;
    readonly repeat: number;
    readonly speech: readonly string[];
    /** The users' today: the days they name count back from it (older reports have none). */
    readonly today?: string;
  };
  readonly scores: SimulationScores;
  readonly runs: readonly RunResult[];
  readonly failures: readonly {
    readonly userId: number;
    readonly repeat: number;
    readonly outcome: string;
    readonly goal: readonly { readonly amount: number; readonly type: string; readonly category: string; readonly description: string; readonly date?: string | null }[];
    readonly transcript: readonly { readonly user: string; readonly spoken: readonly string[]; readonly llm: readonly string[] }[];
  }[];
}

/** A simulate report as it is written: `trend` (from the history) shows on the page and in report.md; `lang` is the page's language. */
export interface ShownSimulation {
  readonly report: SimulationReport;
  readonly trend?: Trend;
  readonly lang: Lang;
}

export function failureEntries(failed: readonly FailedRun[]): SimulationReport['failures'] {
  return failed.map(({ user, repeat, run }) => ({
    userId: user.id,
    repeat,
    outcome: run.outcome,
    goal: user.goal.items.map(({ amount, type, category, description, date }) => ({ amount, type, category, description, date })),
    transcript: run.transcript.map((turn) => ({ user: turn.user, spoken: turn.spoken, llm: turn.llm.map((call) => `${call.endpoint}:${call.outcome}`) })),
  }));
}

const mean = (value: number | null) => (value === null ? '—' : value.toFixed(2));

function sliceRow(label: string, slice: SliceScore): string {
  return `| ${label} | ${slice.runs} | ${percent(slice.successRate)} | ${percent(slice.firstTryRate)} | ${mean(slice.meanTurnsToSuccess)} | ${mean(slice.meanExtraTurns)} | ${mean(slice.meanLlmCallsToSuccess)} |`;
}

const SLICE_ALIGN = '|---:|---:|---:|---:|---:|---:|';

export function renderSimulationMarkdown(report: SimulationReport, shownFailures = 10, trend?: Trend, lang: Lang = 'en'): string {
  const { overall, byGoalSize, byFeature } = report.scores;
  const word = (key: SimulationWord, ...args: readonly (string | number)[]) => simulationWord(lang, key, ...args);
  const header = (first: string) => [`| ${first} ${word('mdSliceHeader')}`, `|---${SLICE_ALIGN}`];
  const speech = report.run.speech.map((feature) => speechName(lang, feature)).join(lang === 'zh' ? '、' : ', ') || word('clean');
  const passAll = overall.repeat > 1 ? word('mdPassAll', overall.repeat, percent(overall.passAllRepeats)) : '';
  const lines = [
    `# ${word('mdTitle')}`,
    '',
    word('mdSetup', overall.users, report.run.repeat, report.run.seed, `\`${String(report.run.llm['backend'])}\``, speech),
    '',
    word('mdSuccess', percent(overall.successRate), passAll),
    word('mdOutcomes', outcomeCounts(lang, overall.outcomes)),
    '',
    ...(trend && trend.runs.length >= 2
      ? [
          `## ${word('mdTrends', trend.runs.length)}`,
          '',
          ...SIMULATION_TREND_METRICS.map(([metric, name]) => `- ${lang === 'zh' ? simulationWord(lang, TREND_WORDS[metric]) : name}: ${mdText(trendLine(metricSeries(trend, metric), lang))}`),
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
    ...byFeature.flatMap(({ feature, with: used, without }) => [sliceRow(`${speechName(lang, feature)} ✓`, used), sliceRow(`${speechName(lang, feature)} ✗`, without)]),
    '',
    `## ${word('mdFailed', Math.min(shownFailures, report.failures.length), report.failures.length)}`,
    '',
  ];
  for (const failure of report.failures.slice(0, shownFailures)) {
    const who = word('userRun', failure.userId, failure.repeat);
    lines.push(`### ${word('mdFailure', who, outcomeName(lang, failure.outcome), outcomeWhy(lang, failure.outcome, failure.transcript.length))}`, '');
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

export function renderSimulationConsole(report: SimulationReport, lang: Lang = 'en'): string {
  const { overall, byGoalSize } = report.scores;
  const sizes = byGoalSize.map((slice) => `${slice.goalSize}:${percent(slice.successRate, 0)}`).join(' ');
  const passAll = overall.repeat > 1 ? simulationWord(lang, 'consolePassAll', overall.repeat, percent(overall.passAllRepeats)) : '';
  return [
    simulationWord(lang, 'consoleUsers', overall.users, report.run.repeat, String(report.run.llm['backend'])),
    simulationWord(lang, 'consoleSuccess', percent(overall.successRate), passAll, percent(overall.firstTryRate), mean(overall.meanTurnsToSuccess), mean(overall.meanLlmCallsToSuccess)),
    simulationWord(lang, 'consoleBySize', sizes),
    simulationWord(lang, 'consoleOutcomes', outcomeCounts(lang, overall.outcomes)),
    '',
  ].join('\n');
}

/** report.json stays the same for the same seed: no trend, no language. */
export const simulationJsonReporter: Reporter<ShownSimulation> = {
  file: 'report.json',
  render: ({ report }) => [`${JSON.stringify(report, null, 2)}\n`],
};

export const simulationMarkdownReporter: Reporter<ShownSimulation> = {
  file: 'report.md',
  render: ({ report, trend, lang }) => [renderSimulationMarkdown(report, undefined, trend, lang)],
};

/** A goal item as a failure shows it: 打车 30 (交通), with the day when the user names one (reports before dates have none). */
export function goalItemText(item: SimulationReport['failures'][number]['goal'][number]): string {
  return `${item.description} ${item.amount} (${item.category})${item.date ? ` ${item.date}` : ''}`;
}
