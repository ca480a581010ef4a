import type { TurnTrace } from '../sim/trace.js';
import { ratio, Scorer, type ScoredDialogue } from './scorer.js';
import { snapshotBatch } from './turnChecks.js';

const KINDS = ['lowConfidence', 'malformed', 'invalid', 'timeout', 'error'] as const;
type Kind = (typeof KINDS)[number];

const zeroes = () => ({ lowConfidence: 0, malformed: 0, invalid: 0, timeout: 0, error: 0 });

/**
 * Turns where the LLM gave nothing usable (low confidence, malformed or invalid output,
 * timeout, error): handled as the seeds say when the turn's checks pass and the bad answer
 * never touched the batch — a timed-out correction goes to the local rules, a failed parse to
 * the local parser, and any other bad correction leaves the batch exactly as it was.
 */
export class ConfidenceFallbackScorer extends Scorer<{ judged: Record<Kind, number>; handled: Record<Kind, number> }> {
  constructor() {
    super({ judged: zeroes(), handled: zeroes() });
  }

  add({ traces, checks }: ScoredDialogue): void {
    traces.forEach((trace, i) => {
      const kind = faultKind(trace);
      if (!kind) return;
      this.t.judged[kind]++;
      const checksPass = checks[i]!.every((c) => c.passed);
      if (checksPass && handledAsSpecified(kind, trace)) this.t.handled[kind]++;
    });
  }

  result() {
    const { judged, handled } = this.t;
    const totalJudged = KINDS.reduce((sum, k) => sum + judged[k], 0);
    const totalHandled = KINDS.reduce((sum, k) => sum + handled[k], 0);
    const counts: Record<string, number> = { judged: totalJudged, handled: totalHandled };
    for (const k of KINDS) {
      counts[k] = judged[k];
      counts[`${k}Handled`] = handled[k];
    }
    return {
      score: ratio(totalHandled, totalJudged),
      counts,
      description:
        'LLM answers below the 0.7 confidence floor, malformed, invalid, timed out or failed: share handled as the seeds say (timeouts fall back to local rules, other failures leave the batch untouched).',
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
  const wasParse = trace.phaseBefore !== 'CONFIRMING';
  if (wasParse || kind === 'timeout') return trace.route === 'fallback';
  return JSON.stringify(snapshotBatch(trace.batchBefore)) === JSON.stringify(snapshotBatch(trace.batchAfter));
}
