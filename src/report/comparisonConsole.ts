/**
 * What `compare` prints on two run reports: each finding by its readable name, the gate's method,
 * and the verdict with the counts report.md and comparison.md state (runView.gateCountsSaid).
 */
import { modelSentences } from './answersWords.js';
import { gateLevel, pairedGateLine, testedChanges } from './changeWords.js';
import { withoutControls } from './format.js';
import { metricName } from './labels.js';
import { describeFindingChange, findingMetricName, metricFindings } from './reportQueries.js';
import type { GateFinding, GateResult, Lang } from './reportTypes.js';
import { gateCountsSaid } from './runView.js';

function findingLine(prefix: string, finding: GateFinding, gate: GateResult, lang: Lang): string {
  const name = finding.kind === 'metric' ? metricName(lang, findingMetricName(finding)) : finding.name;
  return `${prefix} ${finding.kind} ${name}: ${describeFindingChange(finding, true, gateLevel(gate))}`;
}

/** The findings in the gate's order, a metric tested twice (Dialogue success on single runs) once. */
function oncePerMetric(findings: readonly GateFinding[]): GateFinding[] {
  const kept = new Set(metricFindings(findings));
  return findings.filter((f) => f.kind !== 'metric' || kept.has(f));
}

export function renderCompareConsole(gate: GateResult, lang: Lang): string {
  const lines = [
    ...oncePerMetric(gate.regressions).map((finding) => findingLine('REGRESSION', finding, gate, lang)),
    ...oncePerMetric(gate.improvements).map((finding) => findingLine('improved  ', finding, gate, lang)),
    ...testedChanges(gate, lang).map((line) => `tested     ${line}`),
    ...(gate.warnings ?? []).map((warning) => `warning: ${warning}`),
  ];
  const paired = pairedGateLine(gate, lang);
  if (paired) lines.push(paired);
  lines.push(...modelSentences(gate, lang));
  const counts = gateCountsSaid(gate, lang);
  // A verdict without counted findings (a sequential stop) keeps the bare number.
  lines.push(gate.passed ? 'gate: pass' : `gate: FAIL (${counts.length > 0 ? counts.join(lang === 'zh' ? '，' : ', ') : `${gate.regressions.length} regression(s)`})`);
  return withoutControls(`${lines.join('\n')}\n`);
}
