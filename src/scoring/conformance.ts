import type { CheckReport, ConformanceRow, ConformanceStatus, DialogueReport } from './results.js';
import { SEED_SCENARIOS, type SeedScenario } from './seedScenarios.js';

export type { ConformanceRow, ConformanceStatus } from './results.js';

export interface ConformanceInput {
  /** Every dialogue that was offered to the run, with its tags. */
  readonly offered: readonly { readonly id: string; readonly tags: readonly string[] }[];
  /** What the run made of them. */
  readonly reports: readonly DialogueReport[];
  readonly skipped: readonly { readonly id: string; readonly reason: string }[];
  readonly protocol: 'batch' | 'conversation';
}

export const SCENARIO_TAG = 'scenario:';
const DETAIL_CHARS = 240;

/** A dialogue "tags" a seed's scenario by `scenario:<heading>`, and by `seed-<n>` when several seeds share the heading. */
function tagsScenario(tags: readonly string[], scenario: SeedScenario): boolean {
  if (!tags.includes(`${SCENARIO_TAG}${scenario.scenario}`)) return false;
  const shared = SEED_SCENARIOS.filter((other) => other.scenario === scenario.scenario).length > 1;
  return !shared || tags.includes(`seed-${scenario.seed}`);
}

/** Every seed Scenario: held (all its dialogues passed), broken (one failed: the first failing check), or not applicable (why). */
export function conformanceRows(input: ConformanceInput, scenarios: readonly SeedScenario[] = SEED_SCENARIOS): ConformanceRow[] {
  const reports = new Map(input.reports.map((report) => [report.id, report]));
  const skipped = new Map(input.skipped.map((skip) => [skip.id, skip.reason]));
  return scenarios.map((scenario) => {
    const dialogues = input.offered.filter((d) => tagsScenario(d.tags, scenario)).map((d) => d.id);
    const row = (status: ConformanceStatus, detail: string | null): ConformanceRow => ({ ...scenario, status, dialogues, detail });
    if (input.protocol === 'batch' && scenario.seed === '004') {
      return row('notApplicable', 'seed 004 is the legacy conversation protocol (conformance --protocol conversation)');
    }
    if (dialogues.length === 0) return row('notApplicable', 'no dialogue in the datasets tags this scenario');
    const ran = dialogues.map((id) => reports.get(id)).filter((report): report is DialogueReport => report !== undefined);
    if (ran.length === 0) return row('notApplicable', `skipped by the ${input.protocol} arm: ${skipped.get(dialogues[0]!) ?? 'not run'}`);
    const failed = ran.find((report) => !report.passed);
    return failed ? row('broken', firstFailingCheck(failed)) : row('held', null);
  });
}

function firstFailingCheck(report: DialogueReport): string {
  for (const turn of report.turns) {
    const check = turn.checks.find((c) => !c.passed);
    if (check) return clip(`${report.id} turn ${turn.index + 1}: ${describeCheck(check)}`);
  }
  return `${report.id}: failed`;
}

function describeCheck(check: CheckReport): string {
  return `${check.name} expected ${JSON.stringify(check.expected)}, got ${JSON.stringify(check.actual)}`;
}

function clip(text: string): string {
  return text.length > DETAIL_CHARS ? `${text.slice(0, DETAIL_CHARS)}…` : text;
}

export { countStatuses } from './results.js';
