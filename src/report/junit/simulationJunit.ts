/** The simulate report as JUnit XML: one testcase per simulated user, failed when a run of theirs did not reach the goal. */
import { escapeXmlAttr, escapeXmlText } from '../html/escape.js';
import type { RunResult } from '../../users/scores.js';
import type { ShownSimulation, SimulationReport } from '../model/simulationReport.js';
import type { Reporter } from '../model/reporter.js';
import type { Lang } from '../model/reportTypes.js';
import { outcomeName, simulationWord } from '../words/simulationLabels.js';
import { pick, punctuation, type Args } from '../words/wording.js';

/** The failure's words (message and body); suite, testcase and property names stay as they are for CI tools. */
export function renderSimulationJunit(report: SimulationReport, lang: Lang = 'en'): string {
  const say = (key: Parameters<typeof simulationWord>[1], ...args: Args) => simulationWord(lang, key, ...args);
  // English keeps the outcome's code, which CI logs are searched by.
  const outcome = (code: string) => pick(lang, [code, outcomeName(lang, code)]);
  const byUser = new Map<number, RunResult[]>();
  for (const run of report.runs) byUser.set(run.userId, [...(byUser.get(run.userId) ?? []), run]);
  const failures = new Map(report.failures.map((failure) => [failure.userId, failure]));
  // A simulator slip (a user model off its goal) is no failure of the app's: such a run is skipped, not failed.
  const missedRuns = (runs: readonly RunResult[]) => runs.filter((run) => run.outcome !== 'success' && run.outcome !== 'slip');
  const slippedOnly = (runs: readonly RunResult[]) => runs.every((run) => run.outcome === 'slip');
  const failed = [...byUser.values()].filter((runs) => missedRuns(runs).length > 0).length;
  const skipped = [...byUser.values()].filter(slippedOnly).length;
  const suite = `simulate seed ${report.run.seed}`;
  const properties: [string, string][] = [
    ['backend', String(report.run.llm['backend'])],
    ['model', String(report.run.llm['model'])],
    ['seed', String(report.run.seed)],
    ['repeat', String(report.run.repeat)],
    ['speech', report.run.speech.join(',') || 'clean'],
  ];
  const lines = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="nlu-harness simulate" tests="${byUser.size}" failures="${failed}" errors="0" skipped="${skipped}">`,
    `  <testsuite name="${escapeXmlAttr(suite)}" tests="${byUser.size}" failures="${failed}" errors="0" skipped="${skipped}" timestamp="${escapeXmlAttr(report.run.startedAt)}">`,
    '    <properties>',
    ...properties.map(([name, value]) => `      <property name="${escapeXmlAttr(name)}" value="${escapeXmlAttr(value)}"/>`),
    '    </properties>',
  ];
  for (const [userId, runs] of byUser) {
    const open = `    <testcase classname="${escapeXmlAttr(suite)}" name="user ${userId} (${runs[0]!.goalSize} item${runs[0]!.goalSize === 1 ? '' : 's'})"`;
    const missed = missedRuns(runs);
    if (slippedOnly(runs)) {
      lines.push(`${open}>`, `      <skipped message="${escapeXmlAttr(outcome('slip'))}"/>`, '    </testcase>');
      continue;
    }
    if (missed.length === 0) {
      lines.push(`${open}/>`);
      continue;
    }
    const message = say('junitMissed', {
      missed: missed.length,
      runs: runs.length,
      which: missed.map((run) => say('junitRun', { run: run.repeat, outcome: outcome(run.outcome), turns: run.turns })).join(punctuation(lang).comma),
    });
    const failure = failures.get(userId);
    const text = failure
      ? [
          say('junitGoal', failure.goal.map((item) => `${item.description} ${item.amount} ${item.type} ${item.category}`).join('; ')),
          ...failure.transcript.map((turn, i) =>
            say('junitTurn', i + 1, `${turn.user} → ${turn.spoken.join(' / ') || say('silence')}${turn.llm.length > 0 ? ` [${turn.llm.join(', ')}]` : ''}`),
          ),
        ].join('\n')
      : '';
    lines.push(`${open}>`, `      <failure message="${escapeXmlAttr(message)}" type="goalNotReached">${escapeXmlText(text)}</failure>`, '    </testcase>');
  }
  lines.push('  </testsuite>', '</testsuites>', '');
  return lines.join('\n');
}

export const simulationJunitReporter: Reporter<ShownSimulation> = { file: 'junit.xml', render: ({ report, lang }) => [renderSimulationJunit(report, lang)] };
