/** The comparison of two simulate reports as comparison.md. */
import { mdText } from './markdownText.js';
import type { Lang } from '../model/reportTypes.js';
import type { RateDelta, ShownSimulationComparison, SimulationComparison } from '../model/simulationComparison.js';
import { goalItemText } from '../model/simulationReport.js';
import { withoutControls } from '../words/format.js';
import { punctuation } from '../words/wording.js';
import type { Reporter } from '../model/reporter.js';
import {
  MAX_EXAMPLES,
  type Say,
  deltaText,
  describeSide,
  exampleTitle,
  exampleTurns,
  flipLine,
  headlineOf,
  rate,
  wordsIn,
} from '../words/simulationComparisonWords.js';

function mdTable(title: string, rows: readonly RateDelta[], say: Say): string[] {
  return [
    `## ${title}`,
    '',
    say('cmpTableHead'),
    '|---|---:|---:|---:|',
    ...rows.map((d) => `| ${mdText(d.name)} | ${rate(d.a)} | ${rate(d.b)} | ${deltaText(d)} |`),
    '',
  ];
}

function examplesMarkdown(c: SimulationComparison, lang: Lang): string[] {
  if (c.examples.length === 0) return [];
  const say = wordsIn(lang);
  const lines = [`## ${say('cmpExamples')}`, ''];
  for (const example of c.examples.slice(0, MAX_EXAMPLES)) {
    lines.push(`### ${mdText(exampleTitle(example, lang))}`, '', mdText(say('goal', example.failure.goal.map(goalItemText).join('; '))), '');
    lines.push(...exampleTurns(example, '🗣 ', say).map((line) => `- ${mdText(line)}`), '');
  }
  return lines;
}

export function renderSimulationComparisonMarkdown(c: SimulationComparison, lang: Lang = 'en'): string {
  const say = wordsIn(lang);
  const { semicolon, stop, space } = punctuation(lang);
  const gate = c.passed ? say('cmpGatePass') : say('cmpGateFail', mdText(c.regressions.join(semicolon)));
  const lines = [
    `# ${say('cmpTitle')}`,
    '',
    `- A — ${mdText(describeSide(c, 'a', lang))}`,
    `- B — ${mdText(describeSide(c, 'b', lang))}`,
    '',
    `**${mdText(headlineOf(c, lang))}**${stop}${space}${say('cmpGate', gate)}${stop}`,
    '',
    `_${say('cmpNote')}_`,
    '',
    ...examplesMarkdown(c, lang),
    ...mdTable(say('cmpOverall'), c.overall, say),
    ...mdTable(say('byGoalSize'), c.byGoalSize, say),
    ...mdTable(say('byFeature'), c.byFeature, say),
    `## ${say('cmpFlipped')}`,
    '',
  ];
  if (!c.sameUsers) lines.push(say('cmpOtherSeeds'), '');
  else if (c.flips.length === 0) lines.push(say('cmpNone'), '');
  else
    for (const direction of ['broke', 'fixed'] as const) {
      const flips = c.flips.filter((f) => f.direction === direction);
      lines.push(`### ${say(direction === 'broke' ? 'cmpBroke' : 'cmpFixed', flips.length)}`, '', ...flips.map((f) => `- ${flipLine(f, say)}`), '');
    }
  return withoutControls(`${lines.join('\n')}\n`);
}

export const simulationComparisonMarkdownReporter: Reporter<ShownSimulationComparison> = {
  file: 'comparison.md',
  render: ({ comparison, lang }) => [renderSimulationComparisonMarkdown(comparison, lang)],
};
