import { ratio, type ScoredDialogue, type Scorer } from './scorer.js';

const ROUTES = ['local', 'llm', 'fallback', 'offline', 'none'] as const;

/** Where each line went (local rules, LLM, fallback, offline) against the dataset's `route`, with a confusion matrix. */
export class RoutingScorer implements Scorer {
  private judged = 0;
  private right = 0;
  private readonly confusion: Record<string, Record<string, number>> = {};
  /** Seed 003 "SHALL NOT 调用 LLM": local turns that still called the LLM. */
  private llmCallsOnLocalTurns = 0;
  private localTurns = 0;

  add({ traces }: ScoredDialogue): void {
    for (const trace of traces) {
      if (trace.route === 'local') {
        this.localTurns++;
        if (trace.llmCalls.length > 0) this.llmCallsOnLocalTurns++;
      }
      const expected = trace.turn.expect?.route;
      if (expected === undefined) continue;
      this.judged++;
      if (expected === trace.route) this.right++;
      const row = (this.confusion[expected] ??= {});
      row[trace.route] = (row[trace.route] ?? 0) + 1;
    }
  }

  result() {
    const confusion = Object.fromEntries(
      ROUTES.filter((r) => this.confusion[r]).map((r) => [
        r,
        Object.fromEntries(ROUTES.filter((c) => this.confusion[r]![c]).map((c) => [c, this.confusion[r]![c]!])),
      ]),
    );
    const clean = this.localTurns - this.llmCallsOnLocalTurns;
    return {
      score: this.llmCallsOnLocalTurns > 0 ? Math.min(ratio(this.right, this.judged), ratio(clean, this.localTurns)) : ratio(this.right, this.judged),
      counts: { judged: this.judged, right: this.right, localTurns: this.localTurns, llmCallsOnLocalTurns: this.llmCallsOnLocalTurns },
      details: { confusion },
      description: 'Each line routed where the seeds say (local rules, LLM, fallback, offline); local lines never call the LLM.',
    };
  }
}
