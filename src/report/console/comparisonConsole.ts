/**
 * What `compare` prints on two run reports: each finding by its readable name, the gate's method,
 * and the verdict with the counts report.md and comparison.md state (runView.gateCountsSaid).
 */
import { modelSentences } from '../words/answersWords.js';
import { gateLevel, pairedGateLine, testedChanges } from '../words/changeWords.js';
import { commandLine } from './commandWords.js';
import { cellWidth, padCells, withoutControls } from '../words/format.js';
import { gateNoteSaid } from '../words/gateNoteWords.js';
import { metricName } from '../words/labels.js';
import { sequentialSentence } from '../words/sequentialWords.js';
import { describeFindingChange, findingMetricName, metricFindings } from '../model/reportQueries.js';
import type { GateFinding, GateResult, Lang } from '../model/reportTypes.js';
import { gateCountsSaid } from '../model/runView.js';
import { punctuation } from '../words/wording.js';

const MARKS = ['regression', 'improvement', 'tested'] as const;

/** "REGRESSION", "improved", "tested" in one column: padded to the widest in terminal cells (退步, 已检验 are two cells a character). */
function mark(lang: Lang, key: (typeof MARKS)[number]): string {
  const widest = Math.max(...MARKS.map((other) => cellWidth(commandLine(lang, other))));
  return padCells(commandLine(lang, key), widest);
}

/** "REGRESSION metric Routing: 98.8% → 96.2% (…)": a metric by its name in the chosen language. */
function findingLine(direction: 'regression' | 'improvement', finding: GateFinding, gate: GateResult, lang: Lang): string {
  const name = finding.kind === 'metric' ? metricName(lang, findingMetricName(finding)) : finding.name;
  const sep = punctuation(lang).colon;
  return `${mark(lang, direction)} ${commandLine(lang, finding.kind)} ${name}${sep}${describeFindingChange(finding, true, gateLevel(gate), lang)}`;
}

/** The findings in the gate's order, a metric tested twice (Dialogue success on single runs) once. */
function oncePerMetric(findings: readonly GateFinding[]): GateFinding[] {
  const kept = new Set(metricFindings(findings));
  return findings.filter((f) => f.kind !== 'metric' || kept.has(f));
}

export function renderCompareConsole(gate: GateResult, lang: Lang): string {
  const lines = [
    ...oncePerMetric(gate.regressions).map((finding) => findingLine('regression', finding, gate, lang)),
    ...oncePerMetric(gate.improvements).map((finding) => findingLine('improvement', finding, gate, lang)),
    ...testedChanges(gate, lang).map((line) => `${mark(lang, 'tested')} ${line}`),
    ...(gate.warnings ?? []).map((warning) => commandLine(lang, 'warning', gateNoteSaid(lang, warning))),
  ];
  const paired = pairedGateLine(gate, lang);
  if (paired) lines.push(paired);
  lines.push(...modelSentences(gate, lang));
  // A --sequential run's report: its test, run again on its dialogues (eval/gateVerdict.ts).
  const sequential = sequentialSentence(gate, lang);
  if (sequential) lines.push(sequential);
  const counts = gateCountsSaid(gate, lang);
  // A verdict without counted findings (a sequential stop) keeps the bare number.
  if (gate.passed) lines.push(commandLine(lang, 'gatePass'));
  else
    lines.push(
      counts.length > 0 ? commandLine(lang, 'gateFailSaid', counts.join(punctuation(lang).comma)) : commandLine(lang, 'gateFail', gate.regressions.length),
    );
  return withoutControls(`${lines.join('\n')}\n`);
}
