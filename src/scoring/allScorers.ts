import type { MetricResult } from './results.js';
import { METRICS, type MetricName, type MetricSettings } from './metrics/registry.js';
import type { ScoredDialogue, Scorer } from './scorer.js';
import type { Tally } from './tally.js';

/** One scorer of every registered metric (metrics/registry.ts), in the registry's order. */
export class MetricSet {
  private readonly scorers: Record<MetricName, Scorer>;
  /** The same scorers in the same order, for the per-dialogue loops (no entries array each time). */
  private readonly inOrder: readonly Scorer[];

  constructor(private readonly settings: MetricSettings) {
    // Plain loops: a set is made for every dialogue run.
    const scorers = {} as Record<MetricName, Scorer>;
    const inOrder: Scorer[] = [];
    for (const metric of METRICS) {
      const scorer = metric.scorer(settings);
      scorers[metric.name] = scorer;
      inOrder.push(scorer);
    }
    this.scorers = scorers;
    this.inOrder = inOrder;
  }

  add(run: ScoredDialogue): void {
    for (const scorer of this.inOrder) scorer.add(run);
  }

  tallies(): Record<MetricName, Tally> {
    const entries = Object.entries(this.scorers).map(([name, scorer]) => [name, scorer.tally()]);
    return Object.fromEntries(entries) as Record<MetricName, Tally>;
  }

  absorb(tallies: Readonly<Partial<Record<MetricName, Tally>>>): void {
    for (const [name, tally] of Object.entries(tallies)) {
      if (tally) this.scorers[name as MetricName]?.absorb(tally);
    }
  }

  /** Adds everything `other` has counted: what adding its dialogues here again would give. */
  absorbSet(other: MetricSet): void {
    this.inOrder.forEach((scorer, i) => scorer.absorbScorer(other.inOrder[i]!));
  }

  /** Each metric's score alone, as the paired gate's resamples compare them. */
  scores(): Record<MetricName, number> {
    return Object.fromEntries(METRICS.map((metric) => [metric.name, this.scorers[metric.name].result().score])) as Record<MetricName, number>;
  }

  /** Each metric's score, counts and details, and its description (in English) for this run's settings. */
  results(): Record<MetricName, MetricResult> {
    const entries = METRICS.map((metric) => [metric.name, { ...this.scorers[metric.name].result(), description: metric.describe(this.settings)[0] }]);
    return Object.fromEntries(entries) as Record<MetricName, MetricResult>;
  }
}
