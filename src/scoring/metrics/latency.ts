import { CountedList } from '../countedList.js';
import { ratio, Scorer, type ScoredDialogue } from '../scorer.js';
import { defineMetric, JUDGED } from './definition.js';

/**
 * Latency on the virtual clock (real time for real backends): LLM answers against the
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
    };
  }
}

export const latency = defineMetric({
  name: 'latency',
  label: ['Latency budgets', '延迟预算'],
  describe: ({ deadlineMs }) => [
    `Share of spoken answers to user lines whose first line came within the ${deadlineMs / 1000} s budget; LLM latency percentiles against the deadline.`,
    `用户说话后首句播报在 ${deadlineMs / 1000} 秒预算内的比例；LLM 延迟分位数对照截止时间。`,
  ],
  counts: {
    judged: JUDGED,
    firstTtsWithinBudget: ['first line within budget', '首句在预算内'],
    llmCalls: ['LLM calls', 'LLM 调用'],
    timeouts: ['timeouts', '超时'],
    lateAnswers: ['late answers', '迟到的回答'],
  },
  details: {
    deadlineMs: ['model deadline', '模型截止时间'],
    llmP50Ms: ['model answer, median (p50)', '模型回答中位数（p50）'],
    llmP95Ms: ['model answer, p95', '模型回答 p95'],
    llmMaxMs: ['model answer, slowest', '模型回答最慢'],
    llmOverDeadline: ['model answers past the deadline', '超过截止时间的模型回答'],
    firstTtsP50Ms: ['first spoken line, median (p50)', '首句播报中位数（p50）'],
    firstTtsP95Ms: ['first spoken line, p95', '首句播报 p95'],
  },
  scorer: ({ deadlineMs }) => new LatencyScorer(deadlineMs),
  pairedTest: 'randomization',
});
