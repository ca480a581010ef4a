import { DEFAULT_CONFIG } from '../domain/sessionTypes.js';
import { seededRandom } from '../llm/seededRandom.js';
import { compareToBaseline, type Baseline } from '../report/baseline.js';
import type { GateFinding, GateResult } from '../report/reportTypes.js';
import { comparePaired, type RepeatedRun } from '../scoring/pairedGate.js';
import { repeatedRecord } from '../scoring/repeatedRuns.js';
import type { GateSettings } from './gateSettings.js';
import { changedDatasets } from './provenance.js';

/**
 * The gate's verdict. With repeats on both sides (a noisy model run `--repeat k`), the paired
 * statistics decide and only significant regressions fail it; otherwise any metric drop beyond the
 * tolerance or any pass → fail flip does, as single runs always have.
 */
export function gateVerdict(baseline: Baseline, current: Baseline, label: string, settings: GateSettings): GateResult {
  const verdict = withCoverage(verdictOf(baseline, current, label, settings), baseline, current);
  const changed = changedDatasets(baseline.provenance, current.provenance);
  if (changed.length === 0) return verdict;
  const warning = `the baseline ran other dataset contents (${changed.join(', ')}): a change of the tests, not only of the product`;
  return { ...verdict, warnings: [...(verdict.warnings ?? []), warning] };
}

/**
 * Baseline dialogues the run does not have. A run that meant to cover the whole suite fails the
 * gate for them (a lost shard, a dropped dataset file would otherwise pass as the whole run); a run
 * that selected part of it on purpose (`--filter`, `--exclude`) is only told.
 */
function withCoverage(verdict: GateResult, baseline: Baseline, current: Baseline): GateResult {
  const present = new Set([...Object.keys(current.dialogues), ...(current.notApplicable ?? [])]);
  const baselineIds = Object.keys(baseline.dialogues);
  const missing = baselineIds.filter((id) => !present.has(id));
  if (missing.length === 0) return verdict;
  const examples = `${missing.slice(0, 5).join(', ')}${missing.length > 5 ? ', …' : ''}`;
  if (current.scope) {
    const note = `${missing.length} of the baseline's ${baselineIds.length} dialogues are outside this run's ${current.scope} (${examples})`;
    return { ...verdict, warnings: [...(verdict.warnings ?? []), note] };
  }
  const finding: GateFinding = { kind: 'metric', name: 'baselineDialoguesRun', baseline: baselineIds.length, current: baselineIds.length - missing.length };
  const note = `${missing.length} of the baseline's ${baselineIds.length} dialogues are missing from this run (${examples}): a shard alone, a lost shard or a dropped dataset file fails the gate (gate the merged shards; update the baseline if dialogues were removed on purpose)`;
  return { ...verdict, passed: false, regressions: [finding, ...verdict.regressions], warnings: [...(verdict.warnings ?? []), note] };
}

function verdictOf(baseline: Baseline, current: Baseline, label: string, settings: GateSettings): GateResult {
  if (!baseline.repeated || !current.repeated) return compareToBaseline(baseline, current, label, { tolerance: settings.tolerance });
  const paired = comparePaired(asRepeated(baseline.repeated), asRepeated(current.repeated), {
    alpha: settings.alpha,
    resamples: settings.resamples,
    random: seededRandom(settings.seed),
    deadlineMs: DEFAULT_CONFIG.correctionTimeoutMs,
  });
  const significant = paired.tests.filter((t) => t.significant);
  const regressions: GateFinding[] = significant.map((t) => ({
    kind: 'metric',
    name: t.name,
    baseline: t.baseline,
    current: t.current,
    significance: { pValue: t.pValue, ...(t.interval ? { interval: t.interval } : {}), method: t.method },
  }));
  // The dialogues that broke on every run are the evidence of a significant regression; alone they are not one.
  if (regressions.length > 0) {
    for (const id of paired.consistentlyBroken) regressions.push({ kind: 'dialogue', name: id, baseline: true, current: false });
  }
  const improvements: GateFinding[] = paired.consistentlyFixed.map((id) => ({ kind: 'dialogue', name: id, baseline: false, current: true }));
  return { baseline: label, passed: regressions.length === 0, regressions, improvements, paired };
}

function asRepeated(repeated: NonNullable<Baseline['repeated']>): RepeatedRun {
  return repeatedRecord(repeated);
}
