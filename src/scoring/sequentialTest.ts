// Over 300 lines on purpose: the sequential test's family, clearing set-aside and summed e-values are one decision read best together.
import { MetricSet } from './allScorers.js';
import { BettingEProcess, DEFAULT_STAKE_CAP, observationsStillNeeded, observationsToReach } from './bettingEProcess.js';
import { METRICS, metricSettings, type MetricName, type MetricSettings } from './metrics/registry.js';
import type { RepeatedDialogue, RepeatedRun } from './pairedGate.js';
import type { Tally } from './tally.js';

/**
 * The sequential gate's test (`run --baseline … --sequential`): the candidate's dialogues arrive
 * one by one in a random order, and after each the test may decide. For every metric of the
 * registry, each dialogue gives one paired difference, its candidate score minus its baseline
 * score (each over the dialogue's repeats), in [−1, 1]; a dialogue the metric judges on neither
 * side or only one gives none. Two betting e-processes run on each metric's differences
 * (scoring/bettingEProcess.ts):
 *
 * - "regression": against H0 "mean difference ≥ 0". The family's e-values are averaged: the mean
 *   of e-processes on one stream of dialogues is itself one, so under "no metric got worse" the
 *   chance that the mean ever reaches 1/α (the sum m/α) is at most α. It is never later than
 *   Bonferroni's one metric at m/α (the mean is at least the largest over m), and metrics that
 *   move as one add their evidence instead of each paying a full share of α.
 * - "no regression larger than the margin": against H0 "mean difference ≤ −margin". The suite is
 *   cleared when every metric of the clearing family has reached 1/α at some look: an
 *   intersection-union test, so the chance of clearing a candidate that lost more than the margin
 *   on one of them is at most α.
 *
 * The family is the metrics the baseline judged on at least one dialogue of the selection, and the
 * clearing family those of them it judged on enough dialogues that differences of 0 could reach
 * 1/α at all; the others are set aside, named, and not covered by a clearance. Both are fixed from
 * the baseline before any candidate dialogue is seen. The differences are exchangeable under
 * "nothing changed" whatever the order, and the random order makes them a random sample of the
 * suite's dialogues for the composite hypotheses.
 */

export interface SequentialSettings {
  readonly alpha: number;
  /** The largest fall (a share, 0.1 = 10 pp) that "no regression" still allows. */
  readonly margin: number;
  readonly deadlineMs?: number;
  readonly stakeCap?: number;
  /**
   * How the family's regression e-values decide: their sum against m/α (the gate's), or the largest
   * against m/α (Bonferroni, the rule before; kept so the calibration can set the two side by side).
   */
  readonly combine?: 'sum' | 'largest';
}

export type SequentialDecision = 'regression' | 'noRegression' | 'undecided';

export interface MetricEvidence<K extends string = MetricName> {
  readonly name: K;
  /** Dialogues that gave this metric a difference. */
  readonly dialogues: number;
  readonly baseline: number;
  readonly current: number;
  /** Evidence of a fall (the family's e-values are summed against family size / α). */
  readonly eRegression: number;
  /** Evidence that any fall is smaller than the margin (threshold 1 / α, reached once is enough). */
  readonly eNoRegression: number;
  /** The dialogue count at which "no regression larger than the margin" was reached; null while not. */
  readonly clearedAt: number | null;
}

export interface SequentialState<K extends string = MetricName> {
  readonly decision: SequentialDecision;
  /** Dialogues that entered the test (present in the baseline), in the order they did. */
  readonly dialogues: number;
  /** On a regression, the metrics whose own e-value reached 1/α: the evidence the verdict names. */
  readonly alarmed: readonly K[];
  /** The family's e-values summed, against `regressionThreshold` (family size / α). */
  readonly regressionEvidence: number;
  readonly regressionThreshold: number;
  readonly noRegressionThreshold: number;
  /** Judged dialogues a metric needs, all with a difference of 0, to be cleared at this margin. */
  readonly dialoguesToClear: number;
  /** Metrics of the family judged on fewer than that many dialogues of the selection (by the baseline): not in the clearing family. */
  readonly setAside: readonly { readonly name: K; readonly judged: number }[];
  /** About how many dialogues in all would decide, if the differences go on as they went; null without a trend or before any. */
  readonly wouldDecideAt: number | null;
  readonly metrics: readonly MetricEvidence<K>[];
}

/** What the family knows of the selection before the run: the dialogues it holds and how many each metric was judged on in the baseline. */
export interface Selection<K extends string> {
  readonly dialogues: number;
  readonly judged: ReadonlyMap<K, number>;
}

interface MetricTrack<K extends string> {
  readonly name: K;
  readonly regression: BettingEProcess;
  readonly noRegression: BettingEProcess;
  baselineSum: number;
  currentSum: number;
  clearedAt: number | null;
}

/** One paired observation of a metric on a dialogue: its score on each side. */
export interface PairedScore {
  readonly baseline: number;
  readonly current: number;
}

/**
 * The two e-processes per metric of a fixed family and the decision over them. The names are any
 * strings, so the calibration simulation (scripts/sequential-calibration.mjs) drives the same code.
 */
export class SequentialFamily<K extends string> {
  private readonly tracks: MetricTrack<K>[];
  private readonly clearing: MetricTrack<K>[];
  private readonly setAside: { readonly name: K; readonly judged: number }[];
  private readonly toClear: number;
  private seen = 0;
  private decided: SequentialDecision = 'undecided';
  private alarmed: K[] = [];

  /** Without `selection`, every metric may be cleared (as when each is judged on enough dialogues). */
  constructor(
    names: readonly K[],
    private readonly options: Pick<SequentialSettings, 'alpha' | 'margin' | 'stakeCap' | 'combine'>,
    private readonly selection?: Selection<K>,
  ) {
    if (!(options.margin > 0 && options.margin < 1)) throw new RangeError(`margin ${options.margin} must be in (0, 1)`);
    if (!(options.alpha > 0 && options.alpha < 1)) throw new RangeError(`alpha ${options.alpha} must be in (0, 1)`);
    const cap = options.stakeCap ?? DEFAULT_STAKE_CAP;
    this.tracks = names.map((name) => ({
      name,
      regression: new BettingEProcess(0, 'below', cap),
      noRegression: new BettingEProcess(-options.margin, 'above', cap),
      baselineSum: 0,
      currentSum: 0,
      clearedAt: null,
    }));
    this.toClear = dialoguesToClear(options.margin, options.alpha, cap);
    const judged = (name: K) => selection?.judged.get(name) ?? Infinity;
    this.clearing = this.tracks.filter((track) => judged(track.name) >= this.toClear);
    this.setAside = this.tracks.filter((track) => judged(track.name) < this.toClear).map((track) => ({ name: track.name, judged: judged(track.name) }));
  }

  get regressionThreshold(): number {
    return this.tracks.length / this.options.alpha;
  }

  get noRegressionThreshold(): number {
    return 1 / this.options.alpha;
  }

  /** One more dialogue: the metrics that judged it on both sides, with their scores. A decision, once made, stands. */
  observe(scores: ReadonlyMap<K, PairedScore>): SequentialDecision {
    if (this.decided !== 'undecided') return this.decided;
    this.seen++;
    for (const track of this.tracks) {
      const pair = scores.get(track.name);
      if (!pair) continue;
      const difference = Math.max(-1, Math.min(1, pair.current - pair.baseline));
      track.regression.observe(difference);
      track.noRegression.observe(difference);
      track.baselineSum += pair.baseline;
      track.currentSum += pair.current;
      if (track.clearedAt === null && track.noRegression.e >= this.noRegressionThreshold) track.clearedAt = this.seen;
    }
    const evidence = this.options.combine === 'largest' ? Math.max(0, ...this.tracks.map((track) => track.regression.e)) : this.regressionEvidence();
    if (this.tracks.length > 0 && evidence >= this.regressionThreshold) {
      this.decided = 'regression';
      // The sum reached m/α, so at least one e-value reached 1/α: those are the evidence named.
      this.alarmed = this.tracks.filter((track) => track.regression.e >= 1 / this.options.alpha).map((track) => track.name);
    } else if (this.clearing.length > 0 && this.clearing.every((track) => track.clearedAt !== null)) this.decided = 'noRegression';
    return this.decided;
  }

  get decision(): SequentialDecision {
    return this.decided;
  }

  state(): SequentialState<K> {
    return {
      decision: this.decided,
      dialogues: this.seen,
      alarmed: [...this.alarmed],
      regressionEvidence: this.regressionEvidence(),
      regressionThreshold: this.regressionThreshold,
      noRegressionThreshold: this.noRegressionThreshold,
      dialoguesToClear: this.toClear,
      setAside: [...this.setAside],
      wouldDecideAt: this.decided === 'undecided' ? this.wouldDecideAt() : null,
      metrics: this.tracks.map((track) => {
        const n = track.regression.n;
        return {
          name: track.name,
          dialogues: n,
          baseline: n === 0 ? 0 : track.baselineSum / n,
          current: n === 0 ? 0 : track.currentSum / n,
          eRegression: track.regression.e,
          eNoRegression: track.noRegression.e,
          clearedAt: track.clearedAt,
        };
      }),
    };
  }

  private regressionEvidence(): number {
    return this.tracks.reduce((sum, track) => sum + track.regression.e, 0);
  }

  /**
   * The dialogues that would decide at the differences' mean and spread so far: the soonest a metric
   * would alarm alone (at Bonferroni's m/α, which the mean reaches no later), or the last of the
   * clearing family to clear. A metric's judged dialogues are turned into dialogues by the share of
   * the selection the baseline judged it on.
   */
  private wouldDecideAt(): number | null {
    if (this.seen === 0) return null;
    const dialoguesFor = (track: MetricTrack<K>, judgedMore: number | null) => {
      if (judgedMore === null) return Infinity;
      const share = this.selection ? (this.selection.judged.get(track.name) ?? 0) / Math.max(1, this.selection.dialogues) : track.regression.n / this.seen;
      return judgedMore === 0 ? 0 : share > 0 ? judgedMore / share : Infinity;
    };
    const alarm = Math.min(
      ...this.tracks.map((track) =>
        dialoguesFor(track, observationsStillNeeded(-track.regression.mean, track.regression.variance, track.regression.stakeLimit, track.regression.e, this.regressionThreshold)),
      ),
    );
    const clear =
      this.clearing.length === 0
        ? Infinity
        : Math.max(
            ...this.clearing.map((track) => {
              if (track.clearedAt !== null) return 0;
              const process = track.noRegression;
              // Before any judged difference, assume differences of 0: the fewest it could need.
              const drift = process.n === 0 ? this.options.margin : process.mean + this.options.margin;
              return dialoguesFor(track, observationsStillNeeded(drift, process.variance, process.stakeLimit, process.e, this.noRegressionThreshold));
            }),
          );
    const more = Math.min(alarm, clear);
    return Number.isFinite(more) ? this.seen + Math.ceil(more) : null;
  }
}

/** Judged dialogues a metric needs, every difference 0, to clear a fall of `margin` at level α: fewer can never clear it. */
export function dialoguesToClear(margin: number, alpha: number, cap: number = DEFAULT_STAKE_CAP): number {
  return observationsToReach(-margin, 'above', 1 / alpha, cap) ?? Infinity;
}

interface DialogueScore {
  readonly score: number;
  readonly judged: boolean;
}

/** The family over the metric registry: per-dialogue scores come from each side's tallies. */
export class SequentialTest {
  private readonly settings: MetricSettings;
  private readonly family: SequentialFamily<MetricName>;

  constructor(
    private readonly baseline: RepeatedRun,
    options: SequentialSettings,
  ) {
    this.settings = metricSettings(options.deadlineMs === undefined ? {} : { correctionTimeoutMs: options.deadlineMs });
    const judged = this.judgedCounts();
    this.family = new SequentialFamily(
      METRICS.filter((metric) => (judged.get(metric.name) ?? 0) > 0).map((metric) => metric.name),
      options,
      { dialogues: Object.keys(baseline).length, judged },
    );
  }

  /** How many of the baseline's dialogues each metric judged (at least once over the repeats). */
  judgedCounts(): Map<MetricName, number> {
    const judged = new Map<MetricName, number>();
    for (const dialogue of Object.values(this.baseline)) {
      for (const [name, score] of this.scoresOf(dialogue)) if (score.judged) judged.set(name, (judged.get(name) ?? 0) + 1);
    }
    return judged;
  }

  /** Whether `id` can enter the test (the baseline has its per-dialogue scores). */
  pairs(id: string): boolean {
    return this.baseline[id] !== undefined;
  }

  /** One more candidate dialogue (ignored when the baseline lacks it); the decision so far. */
  observe(id: string, candidate: RepeatedDialogue): SequentialDecision {
    const before = this.baseline[id];
    if (!before || this.family.decision !== 'undecided') return this.family.decision;
    const baselineScores = new Map(this.scoresOf(before));
    const pairs = new Map<MetricName, PairedScore>();
    for (const [name, current] of this.scoresOf(candidate)) {
      const previous = baselineScores.get(name);
      if (previous?.judged && current.judged) pairs.set(name, { baseline: previous.score, current: current.score });
    }
    return this.family.observe(pairs);
  }

  state(): SequentialState<MetricName> {
    return this.family.state();
  }

  /** Each metric's score on one dialogue over its repeats, and whether the metric judged it at all. */
  private scoresOf(dialogue: RepeatedDialogue): [MetricName, DialogueScore][] {
    const set = new MetricSet(this.settings);
    set.absorb(dialogue.tallies as Readonly<Partial<Record<MetricName, Tally>>>);
    return Object.entries(set.results()).map(([name, result]) => {
      const judged = result.counts['judged'];
      return [name as MetricName, { score: result.score, judged: judged === undefined || judged > 0 }];
    });
  }
}
