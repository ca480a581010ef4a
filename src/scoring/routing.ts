import type { Tally } from './tally.js';
import { ratio, Scorer, type ScoredDialogue } from './scorer.js';

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
      description: 'Each line routed where the seeds say (local rules, LLM, fallback, offline); local lines never call the LLM.',
    };
  }
}
