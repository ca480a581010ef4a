import type { MetricName, MetricResult } from './results.js';
import { BatchSplittingScorer } from './batchSplitting.js';
import { CheckShareScorer } from './checkShare.js';
import { ConfidenceFallbackScorer } from './confidenceFallback.js';
import { CorrectionIndexMappingScorer } from './correctionIndexMapping.js';
import { DialogueSuccessScorer } from './dialogueSuccess.js';
import { LatencyScorer } from './latency.js';
import { PersistenceScorer } from './persistence.js';
import { RoutingScorer } from './routing.js';
import type { ScoredDialogue, Scorer } from './scorer.js';
import type { Tally } from './tally.js';

export class MetricSet {
  private readonly scorers: Record<MetricName, Scorer>;
  /** The same scorers in the same order, for the per-dialogue loops (no entries array each time). */
  private readonly inOrder: readonly Scorer[];

  constructor(deadlineMs: number) {
    this.scorers = {
      batchSplitting: new BatchSplittingScorer(),
      correctionIndexMapping: new CorrectionIndexMappingScorer(),
      confidenceFallback: new ConfidenceFallbackScorer(),
      routing: new RoutingScorer(),
      latency: new LatencyScorer(deadlineMs),
      tts: new CheckShareScorer(['tts', 'ttsIncludes'], 'Spoken lines exactly as the seeds\' templates say (tts, ttsIncludes checks).'),
      persistence: new PersistenceScorer(),
      dialogueSuccess: new DialogueSuccessScorer(),
    };
    this.inOrder = Object.values(this.scorers);
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

  results(): Record<MetricName, MetricResult> {
    const entries = Object.entries(this.scorers).map(([name, scorer]) => [name, scorer.result()]);
    return Object.fromEntries(entries) as Record<MetricName, MetricResult>;
  }
}
