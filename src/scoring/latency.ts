import { percentile, ratio, type ScoredDialogue, type Scorer } from './scorer.js';

/**
 * Latency on the virtual clock (real time for real backends): LLM answers against the 3 s
 * deadline, and how long the user waits for the first spoken line of a turn.
 */
export class LatencyScorer implements Scorer {
  private readonly llm: number[] = [];
  private readonly firstTts: number[] = [];
  private timeouts = 0;
  private late = 0;
  private calls = 0;
  private userTurns = 0;
  private withinBudget = 0;

  constructor(private readonly deadlineMs: number) {}

  add({ traces }: ScoredDialogue): void {
    for (const trace of traces) {
      for (const call of trace.llmCalls) {
        this.calls++;
        if (call.outcome === 'timeout') this.timeouts++;
        if (call.outcome === 'late') this.late++;
        if (call.latencyMs !== null) this.llm.push(call.latencyMs);
      }
      if (trace.turn.user === undefined) continue;
      this.userTurns++;
      const first = trace.spoken[0]?.atMs;
      if (first !== undefined) this.firstTts.push(first);
      if (first !== undefined && first <= this.deadlineMs) this.withinBudget++;
    }
  }

  result() {
    const llm = [...this.llm].sort((a, b) => a - b);
    const tts = [...this.firstTts].sort((a, b) => a - b);
    return {
      score: ratio(this.withinBudget, this.userTurns),
      counts: { llmCalls: this.calls, timeouts: this.timeouts, lateAnswers: this.late, userTurns: this.userTurns, firstTtsWithinBudget: this.withinBudget },
      details: {
        deadlineMs: this.deadlineMs,
        llmP50Ms: percentile(llm, 50),
        llmP95Ms: percentile(llm, 95),
        llmMaxMs: llm.at(-1) ?? null,
        llmOverDeadline: llm.filter((ms) => ms > this.deadlineMs).length,
        firstTtsP50Ms: percentile(tts, 50),
        firstTtsP95Ms: percentile(tts, 95),
      },
      description: 'Share of user lines answered by a first spoken line within the 3 s budget; LLM latency percentiles against the deadline.',
    };
  }
}
