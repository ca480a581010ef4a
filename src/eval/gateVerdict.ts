import { boundedNames } from '../util/outsideText.js';
import { gateNote } from '../report/words/gateNoteWords.js';
import { MAX_SERVED_LISTED } from '../llm/answerLedger.js';
import type { Baseline } from '../report/json/baseline.js';
import { compareToBaseline } from './thresholdGate.js';
import type { GateFinding, GateResult, SequentialSummary } from '../report/model/reportTypes.js';
import type { GateNote } from '../report/model/gateNotes.js';
import { SequentialRun, sequentialVerdict } from './sequentialRun.js';
import { repeatedRecord } from '../scoring/repeatedRuns.js';
import { armsDifference } from './armsDifference.js';
import type { GateSettings } from './gateSettings.js';
import { changedDatasets, changedPrompts } from './provenance.js';
import { baseBackendName, comparedExactly, findBackend } from '../backends/registry.js';
import { contentsOf, lostFiles, nothingPaired, pairDialogues, pairedPart, PairingError, selectionOf, whollyPaired } from './dialoguePairing.js';
import { compareRepeatedRuns, compareSingleRuns } from './singleRunGate.js';
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
  const { pairing, ids } = pairDialogues(contentsOf(baseline), contentsOf(current));
  if (pairing.paired === 0) throw new PairingError(nothingPaired(pairing, label, selectionOf(current), selectionOf(baseline)));
  const whole = whollyPaired(pairing);
  const before = whole ? { side: baseline, rescored: true } : pairedPart(baseline, ids, settings.deadlineMs);
  const after = whole ? { side: current, rescored: true } : pairedPart(current, ids, settings.deadlineMs);
  // Scores over the paired dialogues on both sides; a side that cannot give them leaves the metrics
  // unjudged (whole selections that differ would move every metric), the paired outcomes still judged.
  const rescored = before.rescored && after.rescored;
  const pairedBaseline = rescored ? before.side : { ...before.side, metrics: {} };
  const pairedCurrent = rescored ? after.side : { ...after.side, metrics: {} };
  // A sequential run stops once it knows: the dialogues it did not reach are not missing.
  const sequential = settings.sequential ?? replayedSequential(baseline, current, settings);
  const verdict = sequential
    ? sequentialGate(sequential, label, undecidedMoves(sequential, pairedBaseline, pairedCurrent, label, settings))
    : withCoverage(verdictOf(pairedBaseline, pairedCurrent, label, settings), baseline, current);
  const warnings = [...(verdict.warnings ?? [])];
  if (!rescored && !sequential)
    warnings.push(
      gateNote('metricsNotCompared', {
        side: before.rescored ? 'run' : 'baseline',
        sideIsReport: (before.rescored ? current : baseline).readFrom === 'report',
      }),
    );
  const modes = modeChange(baseline, current);
  if (modes) warnings.push(modes);
  // Files only one side ran are a difference of selection, which the pairing line counts.
  const changed = changedDatasets(baseline.provenance, current.provenance).filter(
    (file) => !!baseline.provenance?.datasets[file] && !!current.provenance?.datasets[file],
  );
  if (changed.length > 0) warnings.push(gateNote('datasetsChanged', { files: changed }));
  const served = servedModelChange(baseline.llm, current.llm);
  if (served) warnings.push(gateNote('servedModelChanged', { ...served, model: current.llm.model }));
  const notJudged = unjudged(baseline, current);
  const arms = armsDifference(baseline.provenance, current.provenance);
  const answered = answerChanges(before.side, after.side);
  // Answers that repeat have no chance in them: any fall shows, however rarely the baseline succeeded.
  const chance = !exactlyCompared(baseline, current) && (verdict.paired !== undefined || verdict.singleRuns !== undefined || verdict.sequential !== undefined);
  const weak = weakMetrics(pairedBaseline, { alpha: settings.alpha, chance });
  return {
    ...verdict,
    ...(answered ? { answerChanges: answered } : {}),
    ...(weak.length > 0 ? { cannotJudge: weak } : {}),
    ...(arms ? { arms } : {}),
    ...(warnings.length > 0 ? { warnings } : {}),
    ...(notJudged.length > 0 ? { notJudged } : {}),
    ...(served ? { servedModels: served } : {}),
    ...(baseline.llm.answers || current.llm.answers
      ? { answers: { ...(baseline.llm.answers ? { baseline: baseline.llm.answers } : {}), ...(current.llm.answers ? { current: current.llm.answers } : {}) } }
      : {}),
    pairing,
  };
}

/** Sides run in other modes (e2e, gold) start their turns from other states: a move may be the mode's. */
function modeChange(baseline: Baseline, current: Baseline): GateNote | null {
  if (baseline.mode === current.mode) return null;
  return gateNote('modeChanged', { baseline: baseline.mode, current: current.mode });
}

/**
 * What the verdict could not judge, said in the headline: a prompt change the backend never read,
 * or a run whose answers were all replayed (nothing measured live).
 */
function unjudged(baseline: Baseline, current: Baseline): GateNote[] {
  const out: GateNote[] = [];
  const prompts = changedPrompts(baseline.provenance, current.provenance);
  const backend = baseBackendName(current.llm.backend);
  if (prompts.length > 0 && !findBackend(backend)?.readsPrompts) {
    out.push(gateNote('promptsNotRead', { prompts, backend }));
  }
  const answers = current.llm.answers;
  if (answers && answers.live === 0 && answers.replayed > 0) {
    out.push(gateNote('nothingLive', { replayed: answers.replayed }));
  }
  return out;
}

/** A model whose server names another model or configuration than the baseline's: changed under the same name? */
function servedModelChange(before: Baseline['llm'], after: Baseline['llm']): GateResult['servedModels'] | null {
  const was = before.servedModels ?? [];
  const now = after.servedModels ?? [];
  if (was.length === 0 || now.length === 0 || (was.length === now.length && was.every((name, i) => name === now[i]))) return null;
  // A baseline's names come from a file: bounded as a run's own are.
  return { baseline: boundedNames(was, MAX_SERVED_LISTED), current: boundedNames(now, MAX_SERVED_LISTED) };
}

/**
 * Baseline dialogues the run does not have. A run meant to be whole that lost some (a dropped or
 * renamed dataset file, dialogues removed from a file it ran) fails the gate for them, so a lost
 * file never passes as the whole run. A run that selected part of the suite on purpose (`--shard`,
 * `--filter`, `--exclude`, other dataset files) is only told: the pairing line says how many.
 */
function withCoverage(verdict: GateResult, baseline: Baseline, current: Baseline): GateResult {
  const present = new Set([...Object.keys(current.dialogues), ...(current.notApplicable ?? [])]);
  const baselineIds = Object.keys(baseline.dialogues);
  const missing = baselineIds.filter((id) => !present.has(id));
  if (missing.length === 0 || current.scope || current.shard) return verdict;
  const { lost, files } = lostFiles(baseline, current);
  if (!lost) return verdict;
  const finding: GateFinding = { kind: 'metric', name: 'baselineDialoguesRun', baseline: baselineIds.length, current: baselineIds.length - missing.length };
  const note = gateNote('dialoguesMissing', { missing: missing.length, total: baselineIds.length, examples: missing.slice(0, 5), lostFiles: files });
  return { ...verdict, passed: false, regressions: [finding, ...verdict.regressions], warnings: [...(verdict.warnings ?? []), note] };
}

function verdictOf(baseline: Baseline, current: Baseline, label: string, settings: GateSettings): GateResult {
  // Backends whose answers repeat have no run-to-run noise: every flip is a change, at any --repeat.
  if (exactlyCompared(baseline, current)) return compareToBaseline(baseline, current, label, { tolerance: settings.tolerance });
  const noisy = { tolerance: settings.tolerance, alpha: settings.alpha, resamples: settings.resamples, seed: settings.seed, deadlineMs: settings.deadlineMs };
  // A run keeps per-dialogue scores at one run too (to write a baseline, or to pair part of one): the paired statistics over repeats need its repeats.
  if (!baseline.repeated || !current.repeated || (current.provenance?.repeat ?? 2) < 2) {
    return baseline.judged && current.judged
      ? compareSingleRuns(baseline, current, label, noisy)
      : compareToBaseline(baseline, current, label, { tolerance: settings.tolerance });
  }
  return compareRepeatedRuns(baseline, current, label, noisy);
}

/** Whether both runs' answers repeat, asked alike: then every move between them is a change. */
export function exactlyCompared(baseline: Baseline, current: Baseline): boolean {
  return comparedExactly(
    { backend: baseline.llm.backend, sampling: baseline.provenance?.sampling },
    { backend: current.llm.backend, sampling: current.provenance?.sampling },
  );
}

/**
 * `compare` of a `--sequential` run's report: the run's test again, on its dialogues in the order it
 * saw them, against this baseline (the dialogues that pair with it), so compare says what run said
 * of the same dialogues rather than a fixed-size test of the few a test that stopped early ran.
 * Undefined when either side kept no per-dialogue scores.
 */
function replayedSequential(baseline: Baseline, current: Baseline, settings: GateSettings): SequentialSummary | undefined {
  const ran = current.sequentialRun;
  if (!ran || !baseline.repeated || !current.repeated) return undefined;
  const before = contentsOf(baseline);
  const pairs = (id: string, digest: string) => before.has(id) && (before.get(id) === null || before.get(id) === digest);
  const baselineScores = Object.entries(repeatedRecord(baseline.repeated)).filter(([id]) => ran.selection[id] !== undefined && pairs(id, ran.selection[id]));
  const scores = repeatedRecord(current.repeated);
  const { alpha, margin, orderSeed: seed, undecided } = ran.summary;
  const test = new SequentialRun({
    baseline: Object.fromEntries(baselineScores),
    alpha,
    margin,
    budget: null,
    seed,
    undecided,
    exact: exactlyCompared(baseline, current),
    deadlineMs: settings.deadlineMs,
  });
  return test.replay(
    Object.keys(ran.selection),
    ran.order.flatMap((id) => (scores[id] ? [[id, scores[id]] as const] : [])),
    ran.summary,
  );
}

function sequentialGate(summary: SequentialSummary, label: string, moves: GateResult['singleRuns'] | null): GateResult {
  return { baseline: label, ...sequentialVerdict(summary), improvements: [], sequential: summary, ...(moves ? { singleRuns: moves } : {}) };
}

/**
 * A sequential run that ended undecided still shows what moved, as a fixed-size gate does: each
 * metric's move on the dialogues it paired, with its interval, from the same paired test over
 * dialogues (a description: the verdict stays the sequential test's). Answers that repeat have
 * no interval to show, nor a model whose per-dialogue scores were not kept.
 */
function undecidedMoves(
  summary: SequentialSummary,
  baseline: Baseline,
  current: Baseline,
  label: string,
  settings: GateSettings,
): GateResult['singleRuns'] | null {
  if (summary.decision !== 'undecided' || summary.dialoguesTested === 0 || exactlyCompared(baseline, current) || !baseline.repeated || !current.repeated)
    return null;
  const moves = compareSingleRuns(baseline, current, label, {
    tolerance: settings.tolerance,
    alpha: settings.alpha,
    resamples: settings.resamples,
    seed: settings.seed,
    deadlineMs: settings.deadlineMs,
  });
  return moves.singleRuns ?? null;
}
