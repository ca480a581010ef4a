import type { Tally } from '../tally.js';
import { ratio, Scorer, type ScoredDialogue } from '../scorer.js';
import { defineMetric, JUDGED } from './definition.js';

const ROUTES = ['local', 'llm', 'fallback', 'offline', 'none'] as const;

/** Where each line went (local rules, LLM, fallback, offline) against the dataset's `route`, with a confusion matrix. */
export class RoutingScorer extends Scorer<{
  judged: number;
  right: number;
  localTurns: number;
  /** Seed 003 "SHALL NOT 调用 LLM": local turns that still called the LLM. */
  llmCallsOnLocalTurns: number;
  confusion: Record<string, Tally>;
}> {
  constructor() {
    super({ judged: 0, right: 0, localTurns: 0, llmCallsOnLocalTurns: 0, confusion: {} });
  }

  add({ traces }: ScoredDialogue): void {
    const t = this.t;
    for (const trace of traces) {
      if (trace.route === 'local') {
        t.localTurns++;
        if (trace.llmCalls.length > 0) t.llmCallsOnLocalTurns++;
      }
      const expected = trace.turn.expect?.route;
      if (expected === undefined) continue;
      t.judged++;
      if (expected === trace.route) t.right++;
      const row = (t.confusion[expected] ??= {});
      row[trace.route] = ((row[trace.route] as number | undefined) ?? 0) + 1;
    }
  }

  result() {
    const t = this.t;
    const confusion = Object.fromEntries(
      ROUTES.filter((r) => t.confusion[r]).map((r) => {
        const row = t.confusion[r] as Record<string, number>;
        return [r, Object.fromEntries(ROUTES.filter((c) => row[c]).map((c) => [c, row[c]!]))];
      }),
    );
    const accuracy = ratio(t.right, t.judged);
    const clean = ratio(t.localTurns - t.llmCallsOnLocalTurns, t.localTurns);
    return {
      score: Math.min(accuracy, clean),
      counts: { judged: t.judged, right: t.right, localTurns: t.localTurns, llmCallsOnLocalTurns: t.llmCallsOnLocalTurns },
      details: { confusion, accuracy },
    };
  }
}

export const routing = defineMetric({
  name: 'routing',
  label: ['Routing', '分流'],
  describe: () => [
    'Each line routed where the seeds say (local rules, LLM, fallback, offline); local lines never call the LLM.',
    '每句话按种子规范分流（本地规则、LLM、兜底、离线）；本地处理的句子从不调用 LLM。',
  ],
  counts: {
    judged: JUDGED,
    right: ['routed right', '分流正确'],
    localTurns: ['local turns', '本地处理的轮次'],
    llmCallsOnLocalTurns: ['LLM calls on local turns', '本地轮次中的 LLM 调用'],
  },
  details: {
    confusion: ['expected route → actual route → turns', '期望分流 → 实际分流 → 轮次数'],
    accuracy: ['share routed right', '分流正确的比例'],
  },
  scorer: () => new RoutingScorer(),
  pairedTest: 'randomization',
});
