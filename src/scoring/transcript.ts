import type { CheckReport, LlmCallReport, TurnReport } from './results.js';
import type { TurnTrace } from '../sim/trace.js';
import { snapshotBatch } from './turnChecks.js';

/** A turn as the reports show it: input, what was said and decided, the batch card, every check. */
export function toTurnReport(trace: TurnTrace, checks: readonly CheckReport[]): TurnReport {
  const { turn } = trace;
  const input = {
    ...(turn.user !== undefined ? { user: turn.user } : {}),
    ...(turn.tap !== undefined ? { tap: turn.tap } : {}),
    ...(turn.advanceMs !== undefined ? { advanceMs: turn.advanceMs } : {}),
    ...(turn.dispose ? { dispose: true as const } : {}),
    ...(turn.disposeAfterMs !== undefined ? { disposeAfterMs: turn.disposeAfterMs } : {}),
  };
  const intent = trace.intent ? { kind: trace.intent.kind, ...('index' in trace.intent ? { index: trace.intent.index } : {}) } : null;
  const llmCalls: LlmCallReport[] = trace.llmCalls.map((call) => ({
    endpoint: call.endpoint,
    request: call.request,
    responseText: call.responseText,
    outcome: call.outcome,
    ...(call.detail !== undefined ? { detail: call.detail } : {}),
    latencyMs: call.latencyMs,
    ...(call.usage ? { usage: call.usage } : {}),
  }));
  return {
    index: trace.turnIndex,
    input,
    network: trace.network,
    route: trace.route,
    intent,
    stateAfter: trace.phaseAfter,
    tts: trace.spoken.map((s) => s.text),
    batch: snapshotBatch(trace.batchAfter),
    saved: trace.saved.map(({ id: _id, ...row }) => row),
    llmCalls,
    checks,
    passed: checks.every((c) => c.passed),
    firstTtsMs: trace.spoken[0]?.atMs ?? null,
    virtualMs: trace.virtualMs,
  };
}
