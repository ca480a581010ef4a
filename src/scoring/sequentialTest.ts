import { MetricSet } from './allScorers.js';
import { BettingEProcess, DEFAULT_STAKE_CAP } from './bettingEProcess.js';
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
 * - "regression": against H0 "mean difference ≥ 0". Across the m metrics of the family it
 *   alarms when one reaches m/α (Bonferroni over e-values): with nothing changed, the chance that
 *   any metric ever alarms, at any look, is at most α.
 * - "no regression larger than the margin": against H0 "mean difference ≤ −margin". The suite is
 *   cleared when every metric's has reached 1/α at some look: an intersection-union test, so the
 *   chance of clearing a candidate that lost more than the margin on some metric is at most α.
 *
 * The family is the metrics the baseline judged on at least one dialogue, fixed before any
 * candidate dialogue is seen. The differences are exchangeable under "nothing changed" whatever
 * the order, and the random order makes them a random sample of the suite's dialogues for the
 * composite hypotheses.
 */

export interface SequentialSettings {
  readonly alpha: number;
  /** The largest fall (a share, 0.1 = 10 pp) that "no regression" still allows. */
  readonly margin: number;
  readonly deadlineMs?: number;
  readonly stakeCap?: number;
}

export type SequentialDecision = 'regression' | 'noRegression' | 'undecided';

export interface MetricEvidence<K extends string = MetricName> {
  readonly name: K;
  /** Dialogues that gave this metric a difference. */
  readonly dialogues: number;
  readonly baseline: number;
  readonly current: number;
  /** Evidence of a fall (threshold: family size / α). */
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
  /** The metrics whose regression e-value crossed its threshold: the verdict names them. */
  readonly alarmed: readonly K[];
  readonly regressionThreshold: number;
  readonly noRegressionThreshold: number;
  readonly metrics: readonly MetricEvidence<K>[];
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
  private seen = 0;
  private decided: SequentialDecision = 'undecided';
  private alarmed: K[] = [];

  constructor(
    names: readonly K[],
    private readonly options: Pick<SequentialSettings, 'alpha' | 'margin' | 'stakeCap'>,
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
    this.alarmed = this.tracks.filter((track) => track.regression.e >= this.regressionThreshold).map((track) => track.name);
    if (this.alarmed.length > 0) this.decided = 'regression';
    else if (this.tracks.length > 0 && this.tracks.every((track) => track.clearedAt !== null)) this.decided = 'noRegression';
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
      regressionThreshold: this.regressionThreshold,
      noRegressionThreshold: this.noRegressionThreshold,
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
    const judgedSomewhere = new Set<MetricName>();
    for (const dialogue of Object.values(baseline)) {
      for (const [name, score] of this.scoresOf(dialogue)) if (score.judged) judgedSomewhere.add(name);
    }
    this.family = new SequentialFamily(
      METRICS.filter((metric) => judgedSomewhere.has(metric.name)).map((metric) => metric.name),
      options,
    );
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
