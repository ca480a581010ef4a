import type { CorrectionRequest, CorrectionResponse } from './correctionProtocol.js';
import type { SessionEffect, SessionEvent, SessionState } from './sessionTypes.js';
import type { LlmFailure } from './vocabulary.js';

/** The batch orchestrator's own words (seeds 000-003): its state, events and effects. */

export type { LlmFailure, Phase, Route, CorrectionOutcome } from './vocabulary.js';
export { DEFAULT_CONFIG, type CorePhase, type OrchestratorConfig, type TimerName } from './sessionTypes.js';

export type OrchestratorState = SessionState;

export type OrchestratorEvent =
  | SessionEvent
  | { readonly type: 'correctionSucceeded'; readonly id: number; readonly response: CorrectionResponse }
  | { readonly type: 'correctionFailed'; readonly id: number; readonly reason: LlmFailure; readonly detail?: string };

export type Effect = SessionEffect | { readonly type: 'callCorrect'; readonly id: number; readonly request: CorrectionRequest; readonly deadlineMs: number };
