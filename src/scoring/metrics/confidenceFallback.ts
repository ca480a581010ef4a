import type { TurnTrace } from '../../sim/trace.js';
import { ratio, Scorer, type ScoredDialogue } from '../scorer.js';
import { snapshotBatch } from '../turnChecks.js';
import { defineMetric, JUDGED } from './definition.js';

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

export const confidenceFallback = defineMetric({
  name: 'confidenceFallback',
  label: ['Confidence fallback', '低置信度兜底'],
  describe: ({ confidenceFloor }) => [
    `LLM answers below the ${confidenceFloor} confidence floor, malformed, invalid, timed out or failed: share handled as the seeds say (timeouts fall back to local rules, other failures leave the batch untouched).`,
    `LLM 回答低于 ${confidenceFloor} 置信度、格式错误、无效、超时或失败时，按种子规范处理的比例。`,
  ],
  counts: {
    judged: JUDGED,
    handled: ['handled as the seeds say', '按规范处理'],
    lowConfidence: ['low confidence', '低置信度'],
    lowConfidenceHandled: ['low confidence, handled', '低置信度已处理'],
    malformed: ['malformed answers', '格式错误的回答'],
    malformedHandled: ['malformed, handled', '格式错误已处理'],
    invalid: ['invalid answers', '无效回答'],
    invalidHandled: ['invalid, handled', '无效回答已处理'],
    timeout: ['timeouts', '超时'],
    timeoutHandled: ['timeouts, handled', '超时已处理'],
    error: ['errors', '错误'],
    errorHandled: ['errors, handled', '错误已处理'],
  },
  details: {},
  scorer: () => new ConfidenceFallbackScorer(),
  pairedTest: 'randomization',
});
