import { percent } from '../report/format.js';
import { mdText } from '../report/markdownText.js';
import type { Lang, Trend } from '../report/reportTypes.js';
import type { Reporter } from '../report/reporter.js';
import { metricSeries, trendLine } from '../report/trendText.js';
import type { FailedRun } from './runSimulation.js';
import type { RunResult, SimulationScores, SliceScore } from './scores.js';
import { outcomeCounts, outcomeName, outcomeWhy } from './simulationLabels.js';
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

const SLICE_HEADER = ['| runs | success | first try | turns to success | extra turns | LLM calls to success |', '|---:|---:|---:|---:|---:|---:|'];

export function renderSimulationMarkdown(report: SimulationReport, shownFailures = 10, trend?: Trend): string {
  const { overall, byGoalSize, byFeature } = report.scores;
  const header = (first: string) => [`| ${first} ${SLICE_HEADER[0]}`, `|---${SLICE_HEADER[1]}`];
  const lines = [
    '# Simulated users',
    '',
    `${overall.users} users × ${report.run.repeat} run(s), seed ${report.run.seed}, model \`${String(report.run.llm['backend'])}\`, speech: ${report.run.speech.join(', ') || 'clean'}.`,
    '',
    `**Task success ${percent(overall.successRate)}** (pass@1)${overall.repeat > 1 ? `; every run of a user succeeded (pass^${overall.repeat}): ${percent(overall.passAllRepeats)}` : ''}.`,
    `Outcomes: ${outcomeCounts('en', overall.outcomes)}.`,
    '',
    ...(trend && trend.runs.length >= 2
      ? [
          `## Trends (the last ${trend.runs.length} comparable simulate runs, this one last)`,
          '',
          ...SIMULATION_TREND_METRICS.map(([metric, name]) => `- ${name}: ${mdText(trendLine(metricSeries(trend, metric)))}`),
          '',
        ]
      : []),
    '## By goal size',
    '',
    ...header('goal size'),
    sliceRow('all', overall),
    ...byGoalSize.map((slice) => sliceRow(String(slice.goalSize), slice)),
    '',
    '## By speech feature (runs whose utterances used it / did not)',
    '',
    ...header('feature'),
    ...byFeature.flatMap(({ feature, with: used, without }) => [sliceRow(`${feature} ✓`, used), sliceRow(`${feature} ✗`, without)]),
    '',
    `## Failed conversations (first ${Math.min(shownFailures, report.failures.length)} of ${report.failures.length})`,
    '',
  ];
  for (const failure of report.failures.slice(0, shownFailures)) {
    lines.push(`### User ${failure.userId}, run ${failure.repeat}: ${outcomeName('en', failure.outcome)} — ${outcomeWhy('en', failure.outcome, failure.transcript.length)}`, '');
    lines.push(`Goal: ${failure.goal.map((item) => mdText(goalItemText(item))).join('; ')}`, '');
    for (const turn of failure.transcript) {
      lines.push(`- 🗣 ${mdText(turn.user)} → ${mdText(turn.spoken.join(' / ') || '(silence)')}${turn.llm.length > 0 ? ` _[${turn.llm.join(', ')}]_` : ''}`);
    }
    lines.push('');
  }
  return withoutControls(`${lines.join('\n')}\n`);
}

export function renderSimulationConsole(report: SimulationReport): string {
  const { overall, byGoalSize } = report.scores;
  const sizes = byGoalSize.map((slice) => `${slice.goalSize}:${percent(slice.successRate, 0)}`).join(' ');
  return [
    `simulated users: ${overall.users} × ${report.run.repeat}, model ${String(report.run.llm['backend'])}`,
    `task success ${percent(overall.successRate)}${overall.repeat > 1 ? ` (pass^${overall.repeat} ${percent(overall.passAllRepeats)})` : ''}, first try ${percent(overall.firstTryRate)}, mean turns to success ${mean(overall.meanTurnsToSuccess)}, LLM calls ${mean(overall.meanLlmCallsToSuccess)}`,
    `by goal size: ${sizes}`,
    `outcomes: ${outcomeCounts('en', overall.outcomes)}`,
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
  render: ({ report, trend }) => [renderSimulationMarkdown(report, undefined, trend)],
};

/** A goal item as a failure shows it: 打车 30 (交通), with the day when the user names one (reports before dates have none). */
export function goalItemText(item: SimulationReport['failures'][number]['goal'][number]): string {
  return `${item.description} ${item.amount} (${item.category})${item.date ? ` ${item.date}` : ''}`;
}
