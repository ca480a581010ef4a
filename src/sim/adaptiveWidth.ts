/**
 * What a real model's calls met: how many answers came back and how many times the provider said
 * 429 (rate limited), retried or not. With `adapt`, it also sets how many dialogues the pool keeps
 * in flight, as TCP sets its window: a 429 halves the width (never below 1), once per round of
 * calls, since the other 429s of calls already in flight tell of the same overload; each round of
 * `width` answers without one widens it by one, back up to the --concurrency it started from.
 * Without `adapt` the width stays where it started and only the counts are kept.
 */
export class CallTraffic {
  rateLimitedCalls = 0;
  answeredCalls = 0;
  private width: number;
  private lowest: number;
  /** Calls settled since the width last changed; a 429 before a round has passed is not counted again. */
  private sinceChange = 0;
  private roundAfterCut = 0;

  constructor(
    readonly ceiling: number,
    private readonly adapt = false,
  ) {
    if (!Number.isInteger(ceiling) || ceiling < 1) throw new RangeError(`concurrency must be a positive integer, got ${ceiling}`);
    this.width = ceiling;
    this.lowest = ceiling;
  }

  /** Dialogues the pool may have in flight now. */
  current(): number {
    return this.width;
  }

  /** The narrowest the width became. */
  narrowest(): number {
    return this.lowest;
  }

  rateLimited(): void {
    this.rateLimitedCalls++;
    this.sinceChange++;
    if (!this.adapt || this.sinceChange < this.roundAfterCut) return;
    this.roundAfterCut = this.width;
    this.width = Math.max(1, Math.floor(this.width / 2));
    this.lowest = Math.min(this.lowest, this.width);
    this.sinceChange = 0;
  }

  answered(): void {
    this.answeredCalls++;
    this.sinceChange++;
    if (!this.adapt || this.width >= this.ceiling || this.sinceChange < Math.max(this.width, this.roundAfterCut)) return;
    this.width++;
    this.roundAfterCut = 0;
    this.sinceChange = 0;
  }
}

/** What a run's report keeps of its traffic (under run.timing: it depends on the server, not the suite); nothing when no real model was called. */
export function llmTraffic(traffic: CallTraffic): {
  llmTraffic?: { answeredCalls: number; rateLimitedCalls: number; concurrency: { start: number; narrowest: number } };
} {
  if (traffic.answeredCalls === 0 && traffic.rateLimitedCalls === 0) return {};
  return {
    llmTraffic: {
      answeredCalls: traffic.answeredCalls,
      rateLimitedCalls: traffic.rateLimitedCalls,
      concurrency: { start: traffic.ceiling, narrowest: traffic.narrowest() },
    },
  };
}
