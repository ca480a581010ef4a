/**
 * Report fields that not every report.json has (provenance, per-dialogue outcomes beyond
 * pass/fail, metric intervals), read defensively: absent means the view leaves them out.
 */
import type { DialogueReport, GateResult, MetricResult, Report } from './reportTypes.js';

function at(value: unknown, path: readonly string[]): unknown {
  let current = value;
  for (const key of path) {
    if (current === null || typeof current !== 'object') return undefined;
    current = (current as Record<string, unknown>)[key];
  }
  return current;
}

function firstString(value: unknown, paths: readonly (readonly string[])[]): string | null {
  for (const path of paths) {
    const found = at(value, path);
    if (typeof found === 'string' && found !== '') return found;
  }
  return null;
}

/** `run.provenance` as written by the run (hashes, backend, base URL, git commit), or null. */
export function provenanceOf(report: Report): Readonly<Record<string, unknown>> | null {
  const provenance = at(report.run, ['provenance']);
  return provenance !== null && typeof provenance === 'object' ? (provenance as Record<string, unknown>) : null;
}

export function baseUrlOf(report: Report): string | null {
  return firstString(provenanceOf(report), [['baseUrl'], ['llm', 'baseUrl'], ['backend', 'baseUrl']]);
}

export function gitCommitOf(report: Report): string | null {
  return firstString(provenanceOf(report), [['gitCommit'], ['git', 'commit'], ['commit']]);
}

export type DialogueOutcome = 'passed' | 'failed' | 'notApplicable';

/** passed / failed, or "not applicable" when the report says the dialogue does not apply to this backend. */
export function dialogueOutcome(dialogue: Pick<DialogueReport, 'passed'>): DialogueOutcome {
  const outcome = at(dialogue, ['outcome']);
  if (outcome === 'notApplicable' || outcome === 'not-applicable' || outcome === 'notapplicable') return 'notApplicable';
  return dialogue.passed ? 'passed' : 'failed';
}

/** A metric's interval as [low, high] when the run had repeats to draw one from. */
export function metricInterval(metric: MetricResult): readonly [number, number] | null {
  for (const source of [at(metric, ['interval']), at(metric, ['details', 'interval'])]) {
    const low = at(source, ['low']);
    const high = at(source, ['high']);
    if (typeof low === 'number' && typeof high === 'number') return [low, high];
  }
  return null;
}

export interface ChangeEvidence {
  readonly baseline: number;
  readonly current: number;
  readonly interval: readonly [number, number] | null;
  readonly pValue: number;
  readonly significant: boolean;
}

/** What the repeat-aware gate found about one metric's change (absent without repeats on both sides). */
export function changeEvidence(gate: GateResult | null, metric: string): ChangeEvidence | null {
  const test = gateTestOf(gate, metric);
  if (!test) return null;
  return { baseline: test.baseline, current: test.current, interval: test.interval ?? null, pValue: test.pValue, significant: test.significant };
}

export type GateTest = NonNullable<GateResult['paired']>['tests'][number];

/** The gate's statistical test of one metric: its own, else (dialogue success) the sign test over the dialogues' pass rates. */
export function gateTestOf(gate: GateResult | null, metric: string): GateTest | null {
  const tests = (gate?.paired ?? gate?.singleRuns)?.tests ?? [];
  return tests.find((t) => t.name === metric) ?? (metric === 'dialogueSuccess' ? tests.find((t) => t.name === 'dialoguePassRate') : undefined) ?? null;
}
