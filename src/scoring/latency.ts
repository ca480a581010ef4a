import { percentile, ratio, Scorer, type ScoredDialogue } from './scorer.js';

/**
 * Latency on the virtual clock (real time for real backends): LLM answers against the 3 s
 * deadline, and how long the user waits for the first spoken line of a turn.
 */
export class LatencyScorer extends Scorer<{
  judged: number;
  firstTtsWithinBudget: number;
  llmCalls: number;
  timeouts: number;
  lateAnswers: number;
  llmMs: number[];
  firstTtsMs: number[];
}> {
  constructor(private readonly deadlineMs: number) {
    super({ judged: 0, firstTtsWithinBudget: 0, llmCalls: 0, timeouts: 0, lateAnswers: 0, llmMs: [], firstTtsMs: [] });
  }

  add({ traces }: ScoredDialogue): void {
    const t = this.t;
    for (const trace of traces) {
      for (const call of trace.llmCalls) {
        t.llmCalls++;
        if (call.outcome === 'timeout') t.timeouts++;
        if (call.outcome === 'late') t.lateAnswers++;
        if (call.latencyMs !== null) t.llmMs.push(call.latencyMs);
      }
      const first = trace.spoken[0]?.atMs;
      if (trace.turn.user === undefined || first === undefined) continue;
      t.judged++;
      t.firstTtsMs.push(first);
      if (first <= this.deadlineMs) t.firstTtsWithinBudget++;
    }
  }

  result() {
    const t = this.t;
    const llm = [...t.llmMs].sort((a, b) => a - b);
    const tts = [...t.firstTtsMs].sort((a, b) => a - b);
    return {
      score: ratio(t.firstTtsWithinBudget, t.judged),
      counts: {
        judged: t.judged,
        firstTtsWithinBudget: t.firstTtsWithinBudget,
        llmCalls: t.llmCalls,
        timeouts: t.timeouts,
        lateAnswers: t.lateAnswers,
      },
      details: {
        deadlineMs: this.deadlineMs,
        llmP50Ms: percentile(llm, 50),
        llmP95Ms: percentile(llm, 95),
        llmMaxMs: llm.at(-1) ?? null,
        llmOverDeadline: llm.filter((ms) => ms > this.deadlineMs).length,
        firstTtsP50Ms: percentile(tts, 50),
        firstTtsP95Ms: percentile(tts, 95),
      },
      description: 'Share of spoken answers to user lines whose first line came within the 3 s budget; LLM latency percentiles against the deadline.',
    };
  }
}
