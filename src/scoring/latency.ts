import { CountedList } from './countedList.js';
import { ratio, Scorer, type ScoredDialogue } from './scorer.js';

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
  llmMs: CountedList;
  firstTtsMs: CountedList;
}> {
  constructor(private readonly deadlineMs: number) {
    super({ judged: 0, firstTtsWithinBudget: 0, llmCalls: 0, timeouts: 0, lateAnswers: 0, llmMs: new CountedList(), firstTtsMs: new CountedList() });
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
    const { llmMs: llm, firstTtsMs: tts } = t;
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
        llmP50Ms: llm.percentile(50),
        llmP95Ms: llm.percentile(95),
        llmMaxMs: llm.max(),
        llmOverDeadline: llm.countAbove(this.deadlineMs),
        firstTtsP50Ms: tts.percentile(50),
        firstTtsP95Ms: tts.percentile(95),
      },
      description: 'Share of spoken answers to user lines whose first line came within the 3 s budget; LLM latency percentiles against the deadline.',
    };
  }
}
