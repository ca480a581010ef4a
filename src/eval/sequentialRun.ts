/**
 * `run --baseline … --sequential`: the candidate's dialogues in a seeded random order, each fed to
 * the sequential test (scoring/sequentialTest.ts) as it finishes, in that order, and no new
 * dialogue started once the test has decided or the budget is spent. Dialogues already in flight
 * then (up to --concurrency − 1) still finish and are reported; the verdict is the one reached.
 * A calls budget counts every answered call, in flight or not, and one call owed by each dialogue
 * in flight: a dialogue starts only while those are fewer than N, so a run makes at most N − 1
 * calls before its last dialogue starts, plus what the dialogues then in flight (at most
 * --concurrency, and at most N of them) still call.
 */
import type { Dialogue } from '../datasets/datasetTypes.js';
import type { GateFinding, SequentialSummary } from '../report/model/reportTypes.js';
import type { RepeatedDialogue, RepeatedRun } from '../scoring/pairedGate.js';
import { SequentialTest } from '../scoring/sequentialTest.js';
import { round } from '../util/round.js';
import { mulberry32 } from '../util/random.js';
import { EmptySelectionError } from './selectDialogues.js';

/** `--budget 10m` (wall minutes from the start of the run) or `--budget 200calls` (model calls). */
export type Budget = { readonly minutes: number } | { readonly calls: number };

export interface SequentialOptions {
  readonly baseline: RepeatedRun;
  readonly alpha: number;
  readonly margin: number;
  readonly budget: Budget | null;
  /** Seeds the order the dialogues run in. */
  readonly seed: number;
  /** What a run that ends undecided does: fail the gate (the default) or pass it. */
  readonly undecided: 'fail' | 'pass';
  /** Both sides' answers repeat (no run-to-run noise): the first dialogue seen to break is a regression. */
  readonly exact?: boolean;
  readonly deadlineMs?: number;
  /**
   * Model calls answered so far by every dialogue started, in flight or done (a model over HTTP
   * counts them as they come back): what `--budget Ncalls` is checked against before a dialogue
   * starts. Without it, the calls of the dialogues observed so far.
   */
  readonly callsSoFar?: () => number;
}

/** Reads `--budget`: `10m`, `10min`, `90s`, `200calls`; null when it is not one of these. */
export function parseBudget(text: string): Budget | null {
  const match = /^\s*(\d+(?:\.\d+)?)\s*(m|min|minutes|s|calls?)\s*$/i.exec(text);
  if (!match) return null;
  const amount = Number(match[1]);
  const unit = match[2]!.toLowerCase();
  if (!(amount > 0)) return null;
  if (unit.startsWith('call')) return Number.isInteger(amount) ? { calls: amount } : null;
  return { minutes: unit === 's' ? amount / 60 : amount };
}

export function budgetText(budget: Budget): string {
  return 'calls' in budget ? `${budget.calls} calls` : `${round(budget.minutes)} min`;
}

export class SequentialRun {
  /** Made once the selection is known: the family is the metrics the baseline judged on the dialogues this run selected. */
  private test: SequentialTest;
  private readonly started = performance.now();
  private calls = 0;
  private ran = 0;
  /** Dialogues handed out; those not yet observed are in flight. */
  private handedOut = 0;
  private total = 0;
  private budgetSpent = false;

  constructor(private readonly options: SequentialOptions) {
    this.test = this.testOn(options.baseline);
  }

  private testOn(baseline: RepeatedRun): SequentialTest {
    return new SequentialTest(baseline, {
      alpha: this.options.alpha,
      margin: this.options.margin,
      exact: this.options.exact ?? false,
      ...(this.options.deadlineMs === undefined ? {} : { deadlineMs: this.options.deadlineMs }),
    });
  }

  /** The test's family and population: the baseline's scores of the dialogues the run selected. */
  private select(ids: readonly string[]): void {
    this.total = ids.length;
    this.test = this.testOn(Object.fromEntries(ids.flatMap((id) => (this.options.baseline[id] ? [[id, this.options.baseline[id]]] : []))));
  }

  /** The dialogues in the seeded order, handed out only while the test is undecided and the budget lasts. */
  *order(dialogues: Iterable<Dialogue>): Generator<Dialogue> {
    const all = [...dialogues];
    this.select(all.map((d) => d.id));
    const random = mulberry32(this.options.seed);
    // Fisher–Yates: every order equally likely, the same one for the same seed.
    for (let i = all.length - 1; i > 0; i--) {
      const j = Math.floor(random() * (i + 1));
      [all[i], all[j]] = [all[j]!, all[i]!];
    }
    for (const dialogue of all) {
      if (this.test.state().decision !== 'undecided') return;
      if (this.overBudget()) {
        if (this.handedOut === 0)
          throw new EmptySelectionError(`the --budget of ${budgetText(this.options.budget!)} ran out before the first dialogue started: give a larger budget`);
        this.budgetSpent = true;
        return;
      }
      this.handedOut++;
      yield dialogue;
    }
  }

  /**
   * The test run again on a report's dialogues, in the order that run observed them (its
   * report.json lists them so), against `selection` (every dialogue it selected): what `compare`
   * of a --sequential report decides, so it reaches the run's verdict by the run's own test.
   */
  replay(selection: readonly string[], observed: Iterable<readonly [string, RepeatedDialogue]>, recorded: SequentialSummary): SequentialSummary {
    this.select(selection);
    for (const [id, scores] of observed) {
      if (this.test.state().decision !== 'undecided') break;
      this.observe(id, scores, 0);
    }
    const replayed = this.summary();
    return {
      ...replayed,
      ...(recorded.budget ? { budget: recorded.budget } : {}),
      dialoguesRun: recorded.dialoguesRun,
      calls: recorded.calls,
      minutes: recorded.minutes,
      stop: replayed.decision !== 'undecided' ? 'decided' : recorded.stop === 'decided' ? 'suiteEnd' : recorded.stop,
    };
  }

  /** A finished dialogue, in the order handed out: its scores over its repeats and the model calls it made. */
  observe(id: string, scores: RepeatedDialogue, calls: number): void {
    this.ran++;
    this.calls += calls;
    this.test.observe(id, scores);
  }

  summary(): SequentialSummary {
    const state = this.test.state();
    const stop: SequentialSummary['stop'] = state.decision !== 'undecided' ? 'decided' : this.budgetSpent ? 'budget' : 'suiteEnd';
    return {
      method: `betting e-processes (Waudby-Smith & Ramdas) per metric on each dialogue's contribution to the pooled metric (right and judged counts); a regression when the family's e-values sum to m/α (their mean to 1/α), a metric named by closed testing with that mean; cleared when, for every metric judged on enough dialogues, zᵢ = rightᵢ(baseline) − rightᵢ(run) − margin·judgedᵢ is shown to have a negative sum over the selection (sampled without replacement in the seeded order) at 1/α (intersection-union)${this.options.exact ? '; the answers repeat on both sides, so the first dialogue seen to break is a regression' : ''}`,
      alpha: this.options.alpha,
      margin: this.options.margin,
      orderSeed: this.options.seed,
      ...(this.options.budget ? { budget: budgetText(this.options.budget) } : {}),
      decision: state.decision,
      ...(this.options.exact ? { exact: true } : {}),
      ...(state.broke.length > 0 ? { broke: [...state.broke] } : {}),
      stop,
      undecided: this.options.undecided,
      dialoguesTested: state.dialogues,
      dialoguesRun: this.ran,
      dialoguesInSuite: this.total,
      calls: this.calls,
      minutes: round((performance.now() - this.started) / 60_000),
      regressionEvidence: roundE(state.regressionEvidence),
      regressionThreshold: round(state.regressionThreshold),
      noRegressionThreshold: round(state.noRegressionThreshold),
      alarmed: [...state.alarmed],
      dialoguesToClear: state.dialoguesToClear,
      setAside: state.setAside.map((m) => ({ name: m.name, judged: m.judged })),
      wouldDecideAt: state.wouldDecideAt,
      metrics: state.metrics.map((m) => ({
        name: m.name,
        dialogues: m.dialogues,
        baseline: round(m.baseline),
        current: round(m.current),
        eRegression: roundE(m.eRegression),
        eNoRegression: roundE(m.eNoRegression),
        clearedAt: m.clearedAt,
      })),
    };
  }

  private overBudget(): boolean {
    const budget = this.options.budget;
    if (!budget) return false;
    // Each dialogue in flight is held to owe at least one more call, so a small budget is not
    // handed out to --concurrency dialogues at once before any of them has called.
    return 'calls' in budget
      ? Math.max(this.calls, this.options.callsSoFar?.() ?? 0) + (this.handedOut - this.ran) >= budget.calls
      : (performance.now() - this.started) / 60_000 >= budget.minutes;
  }
}

/** e-values span orders of magnitude: three significant digits. */
function roundE(e: number): number {
  return Number(e.toPrecision(3));
}

/** The gate's findings and pass/fail from a sequential summary. */
export function sequentialVerdict(summary: SequentialSummary): { passed: boolean; regressions: GateFinding[] } {
  const family = summary.metrics.length;
  const regressions: GateFinding[] = summary.metrics
    .filter((m) => summary.alarmed.includes(m.name))
    .map((m) => ({
      kind: 'metric',
      name: m.name,
      baseline: m.baseline,
      current: m.current,
      // An e-value e is an anytime-valid p-value 1/e; the family's, m over its e-values' sum.
      significance: {
        pValue: round(Math.min(1, family / summary.regressionEvidence)),
        method: `sequential betting test over ${m.dialogues} dialogues: e = ${m.eRegression}; the family's ${family} e-values sum to ${summary.regressionEvidence} ≥ ${summary.regressionThreshold}`,
      },
    }));
  // Answers that repeat: a dialogue that broke is a change, not noise, and so is a metric that fell
  // on the dialogues compared (named beside it, as the fixed gate of such a backend names it).
  if (summary.exact && (summary.broke?.length ?? 0) > 0) {
    for (const m of summary.metrics) {
      if (summary.alarmed.includes(m.name) || m.current >= m.baseline) continue;
      regressions.push({ kind: 'metric', name: m.name, baseline: m.baseline, current: m.current });
    }
  }
  for (const id of summary.broke ?? []) regressions.push({ kind: 'dialogue', name: id, baseline: true, current: false });
  // --undecided pass lets through a run that gathered evidence and could not decide, not one that compared nothing.
  const passed = summary.decision === 'noRegression' || (summary.decision === 'undecided' && summary.undecided === 'pass' && summary.dialoguesTested > 0);
  return { passed: regressions.length === 0 && passed, regressions };
}
