import { mulberry32 } from '../util/random.js';
import type { Baseline } from '../report/baseline.js';
import { compareToBaseline } from './thresholdGate.js';
import type { GateFinding, GateResult, SequentialSummary } from '../report/reportTypes.js';
import { sequentialVerdict } from './sequentialRun.js';
import { armsDifference } from './armsDifference.js';
import { comparePaired, type RepeatedRun } from '../scoring/pairedGate.js';
import { repeatedRecord } from '../scoring/repeatedRuns.js';
import type { GateSettings } from './gateSettings.js';
import { changedDatasets, changedPrompts } from './provenance.js';
import { answersRepeat, baseBackendName, findBackend } from '../backends/registry.js';
import { compareSingleRuns } from './singleRunGate.js';
import { answerChanges } from './answerChanges.js';
import { weakMetrics } from './weakMetrics.js';

/**
 * The gate's verdict. With repeats on both sides (a noisy model run `--repeat k`), the paired
 * statistics decide and only significant regressions fail it; one run a side of a model with noise
 * is judged against chance from the judged counts (eval/singleRunGate.ts); between backends that
 * answer the same input the same way every move is a change, so any metric drop beyond the
 * tolerance or any pass → fail flip fails it.
 */
export function gateVerdict(baseline: Baseline, current: Baseline, label: string, settings: GateSettings): GateResult {
  // A sequential run stops once it knows: the dialogues it did not reach are not missing.
  const verdict = settings.sequential ? sequentialGate(settings.sequential, label) : withCoverage(verdictOf(baseline, current, label, settings), baseline, current);
  const warnings = [...(verdict.warnings ?? [])];
  const changed = changedDatasets(baseline.provenance, current.provenance);
  if (changed.length > 0) warnings.push(`the baseline ran other dataset contents (${changed.join(', ')}): a change of the tests, not only of the product`);
  const served = servedModelChange(baseline.llm, current.llm);
  if (served) warnings.push(served);
  const notJudged = unjudged(baseline, current);
  const arms = armsDifference(baseline.provenance, current.provenance);
  const answered = answerChanges(baseline, current);
  const chance = verdict.paired !== undefined || verdict.singleRuns !== undefined || verdict.sequential !== undefined;
  const weak = weakMetrics(baseline, { alpha: settings.alpha, chance });
  return {
    ...verdict,
    ...(answered ? { answerChanges: answered } : {}),
    ...(weak.length > 0 ? { cannotJudge: weak } : {}),
    ...(arms ? { arms } : {}),
    ...(warnings.length > 0 ? { warnings } : {}),
    ...(notJudged.length > 0 ? { notJudged } : {}),
    ...(baseline.llm.answers || current.llm.answers ? { answers: { ...(baseline.llm.answers ? { baseline: baseline.llm.answers } : {}), ...(current.llm.answers ? { current: current.llm.answers } : {}) } } : {}),
  };
}

/**
 * What the verdict could not judge, said in the headline: a prompt change the backend never read,
 * or a run whose answers were all replayed (nothing measured live).
 */
function unjudged(baseline: Baseline, current: Baseline): string[] {
  const out: string[] = [];
  const prompts = changedPrompts(baseline.provenance, current.provenance);
  const backend = baseBackendName(current.llm.backend);
  if (prompts.length > 0 && !findBackend(backend)?.readsPrompts) {
    out.push(
      `${prompts.join(', ')} changed since the baseline, but the ${backend} backend does not read prompts, so the prompt change was not judged; ` +
        'run --llm openai against a model (a key-less local one: nlu-harness serve-model) to judge it',
    );
  }
  const answers = current.llm.answers;
  if (answers && answers.live === 0 && answers.replayed > 0) {
    out.push(`nothing was measured live (all ${answers.replayed} answers were replayed from a cassette), so this verdict cannot say the model did not change`);
  }
  return out;
}

/** A model whose server names another model or configuration than the baseline's: changed under the same name? */
function servedModelChange(before: Baseline['llm'], after: Baseline['llm']): string | null {
  const was = before.servedModels ?? [];
  const now = after.servedModels ?? [];
  if (was.length === 0 || now.length === 0 || (was.length === now.length && was.every((name, i) => name === now[i]))) return null;
  return `the server said other models answered than in the baseline (baseline: ${was.join(', ')}; now: ${now.join(', ')}): the model may have changed under the name '${after.model}'`;
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
  if (!baseline.repeated || !current.repeated) {
    const noisy = !answersRepeat(baseline.llm.backend) || !answersRepeat(current.llm.backend);
    return noisy && baseline.judged && current.judged
      ? compareSingleRuns(baseline, current, label, settings)
      : compareToBaseline(baseline, current, label, { tolerance: settings.tolerance });
  }
  const paired = comparePaired(asRepeated(baseline.repeated), asRepeated(current.repeated), {
    alpha: settings.alpha,
    resamples: settings.resamples,
    random: mulberry32(settings.seed),
    deadlineMs: settings.deadlineMs,
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

function sequentialGate(summary: SequentialSummary, label: string): GateResult {
  return { baseline: label, ...sequentialVerdict(summary), improvements: [], sequential: summary };
}

function asRepeated(repeated: NonNullable<Baseline['repeated']>): RepeatedRun {
  return repeatedRecord(repeated);
}
