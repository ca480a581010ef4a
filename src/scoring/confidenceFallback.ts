import type { TurnTrace } from '../sim/trace.js';
import { ratio, type ScoredDialogue, type Scorer } from './scorer.js';
import { snapshotBatch } from './turnChecks.js';

const KINDS = ['lowConfidence', 'malformed', 'invalid', 'timeout', 'error'] as const;
type Kind = (typeof KINDS)[number];

/**
 * Turns where the LLM gave nothing usable (low confidence, malformed or invalid output,
 * timeout, error): handled as the seeds say when the bad answer never touched the batch
 * (low confidence keeps it as it was; failures go to the local rules) and the turn's checks pass.
 */
export class ConfidenceFallbackScorer implements Scorer {
  private readonly judged: Record<Kind, number> = { lowConfidence: 0, malformed: 0, invalid: 0, timeout: 0, error: 0 };
  private readonly handled: Record<Kind, number> = { lowConfidence: 0, malformed: 0, invalid: 0, timeout: 0, error: 0 };

  add({ traces, checks }: ScoredDialogue): void {
    traces.forEach((trace, i) => {
      const kind = faultKind(trace);
      if (!kind) return;
      this.judged[kind]++;
      const checksPass = checks[i]!.every((c) => c.passed);
      if (checksPass && handledAsSpecified(kind, trace)) this.handled[kind]++;
    });
  }

  result() {
    const judged = KINDS.reduce((sum, k) => sum + this.judged[k], 0);
    const handled = KINDS.reduce((sum, k) => sum + this.handled[k], 0);
    const counts: Record<string, number> = { judged, handled };
    for (const k of KINDS) {
      counts[k] = this.judged[k];
      counts[`${k}Handled`] = this.handled[k];
    }
    return {
      score: ratio(handled, judged),
      counts,
      description:
        'LLM answers below the 0.7 confidence floor, malformed, invalid, timed out or failed: share handled as the seeds say (batch untouched, local fallback).',
    };
  }
}

function faultKind(trace: TurnTrace): Kind | null {
  if (trace.correctionOutcome === 'lowConfidence') return 'lowConfidence';
  const failure = trace.failure;
  if (failure === 'malformed' || failure === 'invalid' || failure === 'timeout' || failure === 'error') return failure;
  return null;
}

function handledAsSpecified(kind: Kind, trace: TurnTrace): boolean {
  if (kind === 'lowConfidence') {
    return JSON.stringify(snapshotBatch(trace.batchBefore)) === JSON.stringify(snapshotBatch(trace.batchAfter));
  }
  return trace.route === 'fallback';
}
