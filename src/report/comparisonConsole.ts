/**
 * What `compare` prints on two run reports: each finding by its readable name, the gate's method,
 * and the verdict with the counts report.md and comparison.md state (runView.gateCountsSaid).
 */
import { modelSentences } from './answersWords.js';
import { pairedGateLine } from './changeWords.js';
import { withoutControls } from './format.js';
import { metricName } from './labels.js';
import { describeFindingChange, findingMetricName } from './reportQueries.js';
import type { GateFinding, GateResult, Lang } from './reportTypes.js';
import { gateCountsSaid } from './runView.js';

function findingLine(prefix: string, finding: GateFinding, lang: Lang): string {
  const name = finding.kind === 'metric' ? metricName(lang, findingMetricName(finding)) : finding.name;
  return `${prefix} ${finding.kind} ${name}: ${describeFindingChange(finding)}`;
}

export function renderCompareConsole(gate: GateResult, lang: Lang): string {
  const lines = [
    ...gate.regressions.map((finding) => findingLine('REGRESSION', finding, lang)),
    ...gate.improvements.map((finding) => findingLine('improved  ', finding, lang)),
    ...(gate.warnings ?? []).map((warning) => `warning: ${warning}`),
  ];
  const paired = pairedGateLine(gate, lang);
  if (paired) lines.push(paired);
  lines.push(...modelSentences(gate, lang));
  const counts = gateCountsSaid(gate, lang);
  // A verdict without counted findings (a sequential stop) keeps the bare number.
  lines.push(gate.passed ? 'gate: pass' : `gate: FAIL (${counts.length > 0 ? counts.join(', ') : `${gate.regressions.length} regression(s)`})`);
  return withoutControls(`${lines.join('\n')}\n`);
}
