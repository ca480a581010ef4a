// Over 300 lines on purpose: the sequential test's family, clearing set-aside and summed e-values are one decision read best together.
import { MetricSet } from './allScorers.js';
import { BettingEProcess, DEFAULT_STAKE_CAP, observationsStillNeeded } from './bettingEProcess.js';
import { METRICS, metricSettings, type MetricName, type MetricSettings } from './metrics/registry.js';
import type { MetricEvidence } from './results.js';
import type { RepeatedDialogue, RepeatedRun } from './pairedGate.js';

/**
 * The sequential gate's test (`run --baseline … --sequential`): the candidate's dialogues arrive
 * one by one in a seeded random order, and after each the test may decide. It tests the metric the
 * report shows, the pooled share right ÷ judged over the selection's turns: per metric, dialogue i
 * of the baseline's judged ones carries rightᵢ and judgedᵢ (per run, over its repeats) on each
 * side, and its contribution to the pooled metric's change is rightᵢ(run) − rightᵢ(baseline)
 * over the selection's judged total. Two betting e-processes run on each metric's contributions
 * (scoring/bettingEProcess.ts), each scaled by J, the largest judgedᵢ of the selection (known from
 * the baseline before any candidate dialogue), so that a ten-turn dialogue weighs ten one-turn ones:
 *
 * - "regression": yᵢ = (rightᵢ(run) − rightᵢ(baseline)) / J ∈ [−1, 1], against H0 "nothing got
 *   worse" (under which every dialogue's expected yᵢ is ≥ 0, whatever the run-to-run noise). The
 *   family's e-values are averaged: the mean of e-processes on one stream is one, so under "no
 *   metric got worse" the chance that it ever reaches 1/α (the sum m/α) is at most α. A metric is
 *   named as fallen only under the same family's control: by closed testing with that mean, when
 *   every subset of the family holding it has a mean e-value ≥ 1/α (Vovk & Wang 2021).
 * - "cleared, no fall as large as the margin": xᵢ = −zᵢ / J with zᵢ = rightᵢ(baseline) −
 *   rightᵢ(run) − margin·judgedᵢ; Σzᵢ ≤ 0 over the selection is exactly "the pooled metric fell by
 *   less than the margin". As judgedᵢ ≤ J and |Δrightᵢ| ≤ judgedᵢ, xᵢ ∈ [−(1 − margin), 1 + margin]:
 *   those are the bounds the bet is sized by. H0 is "the selection's xᵢ have mean ≤ 0" (the
 *   pooled metric fell by the margin or more); the selection's judged dialogues are a finite
 *   population drawn without replacement in the seeded order, so the bets are placed against the
 *   mean the dialogues not yet seen must have under H0 (Waudby-Smith & Ramdas 2020): anytime-valid,
 *   and exact once every judged dialogue was seen. The suite is cleared when every metric of the
 *   clearing family has reached 1/α at some look: an intersection-union test, so the chance of
 *   clearing a candidate whose pooled metric fell by the margin or more on one of them is at most α.
 *
 * The family is the metrics the baseline judged on at least one dialogue of the selection, and the
 * clearing family those whose judged dialogues could clear at all, were nothing to change; the
 * others are set aside, named, and not covered by a clearance. Both are fixed from the baseline
 * before any candidate dialogue is seen.
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
  /** Per metric, each judged dialogue's judged count per run in the baseline (its weight in the pooled metric); 1 each when not given. */
  readonly weights?: ReadonlyMap<K, readonly number[]>;
}

interface MetricTrack<K extends string> {
  readonly name: K;
  readonly regression: BettingEProcess;
  readonly noRegression: BettingEProcess;
  /** The largest judged count of a dialogue of the selection: the scale of the contributions. */
  readonly scale: number;
  baselineRight: number;
  currentRight: number;
  judged: number;
  clearedAt: number | null;
}

/** One paired observation of a metric on a dialogue the baseline judged: its share right on each side. */
export interface PairedScore {
  readonly baseline: number;
  /** The run's share right on the dialogue; 0 when the run no longer judged it (counted against clearing). */
  readonly current: number;
  /** The dialogue's judged count per run in the baseline: its weight in the pooled metric (1 when not given). */
  readonly judged?: number;
  /** False when only the baseline judged it: it counts against clearing, and never as evidence of a fall. */
  readonly judgedNow?: boolean;
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
    const margin = options.margin;
    const weightsOf = (name: K): readonly number[] | undefined => selection?.weights?.get(name);
    this.tracks = names.map((name) => {
      const weights = weightsOf(name);
      const population = weights?.length ?? selection?.judged.get(name);
      return {
        name,
        regression: new BettingEProcess(0, 'below', cap),
        noRegression: new BettingEProcess(0, 'above', cap, { low: -(1 - margin), high: 1 + margin, ...(population ? { population } : {}) }),
        scale: weights && weights.length > 0 ? Math.max(...weights) : 1,
        baselineRight: 0,
        currentRight: 0,
        judged: 0,
        clearedAt: null,
      };
    });
    this.toClear = dialoguesToClear(margin, options.alpha, cap);
    const judged = (name: K) => selection?.judged.get(name) ?? Infinity;
    const clears = (track: MetricTrack<K>) =>
      selection ? couldClear(weightsOf(track.name) ?? Array.from({ length: judged(track.name) }, () => 1), margin, options.alpha, cap) : true;
    this.clearing = this.tracks.filter(clears);
    this.setAside = this.tracks.filter((track) => !clears(track)).map((track) => ({ name: track.name, judged: judged(track.name) }));
  }

  get regressionThreshold(): number {
    return this.tracks.length / this.options.alpha;
  }

  get noRegressionThreshold(): number {
    return 1 / this.options.alpha;
  }

  /** One more dialogue: the metrics the baseline judged it on, with their shares. A decision, once made, stands. */
  observe(scores: ReadonlyMap<K, PairedScore>): SequentialDecision {
    if (this.decided !== 'undecided') return this.decided;
    this.seen++;
    for (const track of this.tracks) {
      const pair = scores.get(track.name);
      if (!pair) continue;
      const judged = Math.min(pair.judged ?? 1, track.scale);
      const moved = clamp(pair.current - pair.baseline, -1, 1) * (judged / track.scale);
      if (pair.judgedNow !== false) track.regression.observe(moved);
      // The bounds hold by construction; clamped against rounding only.
      track.noRegression.observe(clamp(moved + (this.options.margin * judged) / track.scale, -(1 - this.options.margin), 1 + this.options.margin));
      track.baselineRight += pair.baseline * judged;
      track.currentRight += pair.current * judged;
      track.judged += judged;
      if (track.clearedAt === null && track.noRegression.e >= this.noRegressionThreshold) track.clearedAt = this.seen;
    }
    const evidence = this.options.combine === 'largest' ? Math.max(0, ...this.tracks.map((track) => track.regression.e)) : this.regressionEvidence();
    if (this.tracks.length > 0 && evidence >= this.regressionThreshold) {
      this.decided = 'regression';
      this.alarmed =
        this.options.combine === 'largest'
          ? this.tracks.filter((track) => track.regression.e >= this.regressionThreshold).map((track) => track.name)
          : this.namedUnderFamily();
    } else if (this.clearing.length > 0 && this.clearing.every((track) => track.clearedAt !== null)) this.decided = 'noRegression';
    return this.decided;
  }

  /**
   * The metrics named as fallen under the family's own control: closed testing with the mean
   * e-value, which names a metric when every subset of the family that holds it has a mean e-value
   * ≥ 1/α. The subset that holds it with the smallest mean adds the smallest others one by one.
   */
  private namedUnderFamily(): K[] {
    const threshold = 1 / this.options.alpha;
    return this.tracks
      .filter((track) => {
        const others = this.tracks
          .filter((other) => other !== track)
          .map((other) => other.regression.e)
          .sort((a, b) => a - b);
        let sum = track.regression.e;
        if (sum < threshold) return false;
        for (const [i, e] of others.entries()) {
          sum += e;
          if (sum / (i + 2) < threshold) return false;
        }
        return true;
      })
      .map((track) => track.name);
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
        return {
          name: track.name,
          dialogues: track.noRegression.n,
          // The pooled metric over the dialogues seen: right ÷ judged, as the report shows it.
          baseline: track.judged === 0 ? 0 : track.baselineRight / track.judged,
          current: track.judged === 0 ? 0 : track.currentRight / track.judged,
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
        dialoguesFor(
          track,
          observationsStillNeeded(-track.regression.mean, track.regression.variance, track.regression.stakeLimit, track.regression.e, this.regressionThreshold),
        ),
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
              const drift = process.n === 0 ? this.options.margin : process.mean;
              return dialoguesFor(track, observationsStillNeeded(drift, process.variance, process.stakeLimit, process.e, this.noRegressionThreshold));
            }),
          );
    const more = Math.min(alarm, clear);
    return Number.isFinite(more) ? this.seen + Math.ceil(more) : null;
  }
}

/**
 * The fewest judged dialogues of equal length, every one unchanged, that can clear a fall of
 * `margin` at level α when they are the whole population the metric judged: fewer never can.
 */
export function dialoguesToClear(margin: number, alpha: number, cap: number = DEFAULT_STAKE_CAP): number {
  for (let n = 1; n <= 100_000; n++)
    if (
      couldClear(
        Array.from({ length: n }, () => 1),
        margin,
        alpha,
        cap,
      )
    )
      return n;
  return Infinity;
}

/**
 * Whether a metric judged on dialogues of these weights (judged counts per run) could be cleared at
 * all, were every one of them unchanged: the clearing process fed their contributions, heaviest
 * first (the order that gathers evidence soonest), over the whole population.
 */
function couldClear(weights: readonly number[], margin: number, alpha: number, cap: number): boolean {
  if (weights.length === 0) return false;
  const scale = Math.max(...weights);
  const process = new BettingEProcess(0, 'above', cap, { low: -(1 - margin), high: 1 + margin, population: weights.length });
  for (const weight of [...weights].sort((a, b) => b - a)) {
    process.observe((margin * weight) / scale);
    if (process.e >= 1 / alpha) return true;
  }
  return false;
}

function clamp(value: number, low: number, high: number): number {
  return Math.max(low, Math.min(high, value));
}

interface DialogueScore {
  readonly score: number;
  readonly judged: boolean;
  /** Judged turns per run (1 for a metric that keeps no judged count): the dialogue's weight in the pooled metric. */
  readonly weight: number;
}

/** The family over the metric registry: per-dialogue scores come from each side's tallies. */
export class SequentialTest {
  private readonly settings: MetricSettings;
  private readonly family: SequentialFamily<MetricName>;
  private readonly broke: string[] = [];

  constructor(
    private readonly baseline: RepeatedRun,
    private readonly options: SequentialSettings & {
      /** Both sides' answers repeat (no run-to-run noise): a dialogue that passed in the baseline and fails now is a regression as soon as it is seen. */
      readonly exact?: boolean;
    },
  ) {
    this.settings = metricSettings(options.deadlineMs === undefined ? {} : { correctionTimeoutMs: options.deadlineMs });
    const weights = this.judgedWeights();
    const judged = new Map([...weights].map(([name, list]) => [name, list.length] as const));
    this.family = new SequentialFamily(
      METRICS.filter((metric) => (judged.get(metric.name) ?? 0) > 0).map((metric) => metric.name),
      options,
      { dialogues: Object.keys(baseline).length, judged, weights },
    );
  }

  /** How many of the baseline's dialogues each metric judged (at least once over the repeats). */
  judgedCounts(): Map<MetricName, number> {
    return new Map([...this.judgedWeights()].map(([name, list]) => [name, list.length] as const));
  }

  /** Per metric, the judged count per run of each baseline dialogue it judged. */
  private judgedWeights(): Map<MetricName, number[]> {
    const weights = new Map<MetricName, number[]>();
    for (const dialogue of Object.values(this.baseline)) {
      for (const [name, score] of this.scoresOf(dialogue)) if (score.judged) weights.set(name, [...(weights.get(name) ?? []), score.weight]);
    }
    return weights;
  }

  /** Whether `id` can enter the test (the baseline has its per-dialogue scores). */
  pairs(id: string): boolean {
    return this.baseline[id] !== undefined;
  }

  /** One more candidate dialogue (ignored when the baseline lacks it); the decision so far. */
  observe(id: string, candidate: RepeatedDialogue): SequentialDecision {
    const before = this.baseline[id];
    if (!before || this.decision() !== 'undecided') return this.decision();
    if (this.options.exact && before.runsPassed === before.runs && candidate.runsPassed < candidate.runs) this.broke.push(id);
    const baselineScores = new Map(this.scoresOf(before));
    const pairs = new Map<MetricName, PairedScore>();
    for (const [name, current] of this.scoresOf(candidate)) {
      const previous = baselineScores.get(name);
      if (!previous?.judged) continue;
      // The run's share applied to the baseline's judged count: exact when both judged the same turns, as they do unless a dialogue ended early.
      pairs.set(name, { baseline: previous.score, current: current.judged ? current.score : 0, judged: previous.weight, judgedNow: current.judged });
    }
    this.family.observe(pairs);
    return this.decision();
  }

  state(): SequentialState<MetricName> & { readonly broke: readonly string[] } {
    return { ...this.family.state(), decision: this.decision(), broke: [...this.broke] };
  }

  private decision(): SequentialDecision {
    return this.broke.length > 0 ? 'regression' : this.family.decision;
  }

  /** Each metric's score on one dialogue over its repeats, whether the metric judged it at all, and its judged turns per run. */
  private scoresOf(dialogue: RepeatedDialogue): [MetricName, DialogueScore][] {
    const set = new MetricSet(this.settings);
    set.absorb(dialogue.tallies);
    return Object.entries(set.results()).map(([name, result]) => {
      const judged = result.counts['judged'];
      return [
        name as MetricName,
        { score: result.score, judged: judged === undefined || judged > 0, weight: judged === undefined ? 1 : judged / Math.max(1, dialogue.runs) },
      ];
    });
  }
}
