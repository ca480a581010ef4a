import type { DraftBatch } from './draftBatch.js';
import type { LocalIntent } from './localIntent.js';
import type { ParseResult } from './parseResult.js';
import type { CorrectionOutcome, LlmFailure, Phase, Route } from './vocabulary.js';
import type { RenumberedBatch } from './correctionProtocol.js';

/** What both protocol cores (seeds 000-003 and seed 004) share: configuration, phases, events, effects. */

export interface OrchestratorConfig {
  readonly correctionTimeoutMs: number;
  readonly parseTimeoutMs: number;
  readonly inactivityTimeoutMs: number;
  readonly confidenceFloor: number;
}

/** Seeds 002 and 003: Layer 1 (the local rules) answers in under 1 ms; the budget a local step is reported and benchmarked against. */
export const LOCAL_STEP_BUDGET_US = 1000;

export const DEFAULT_CONFIG: OrchestratorConfig = {
  correctionTimeoutMs: 3000,
  parseTimeoutMs: 3000,
  inactivityTimeoutMs: 60_000,
  confidenceFloor: 0.7,
};

/**
 * The phases of a core's transition table: the seed's three states plus the waiting states a call
 * or a save opens, and the end of a disposed session. `observablePhase` maps them to the seed's.
 */
export type CorePhase = 'IDLE' | 'LISTENING' | 'AWAITING_PARSE' | 'CONFIRMING' | 'AWAITING_CORRECTION' | 'SAVING' | 'DISPOSED';

const OBSERVABLE: Readonly<Record<CorePhase, Phase>> = {
  IDLE: 'IDLE',
  LISTENING: 'LISTENING',
  AWAITING_PARSE: 'LISTENING',
  CONFIRMING: 'CONFIRMING',
  AWAITING_CORRECTION: 'CONFIRMING',
  SAVING: 'CONFIRMING',
  DISPOSED: 'IDLE',
};

export function observablePhase(phase: CorePhase): Phase {
  return OBSERVABLE[phase];
}

export type TimerName = 'llmDeadline' | 'inactivity';

/** The LLM call a waiting phase waits for: its id matches the answer and the deadline. */
export interface AwaitedCall {
  readonly kind: 'parse' | 'correct' | 'converse';
  readonly id: number;
  readonly text: string;
  /** A correction call: what was sent, and how to map its indices back (seed 001 重编号). */
  readonly sent?: RenumberedBatch;
}

export interface AwaitedSave {
  readonly kind: 'save';
  readonly id: number;
  /** The batch as it was before the operation that completed it: restored when the save fails. */
  readonly batchBefore: DraftBatch;
  readonly thenContinue: boolean;
  readonly count: number;
}

/** The session part of a core's state; both cores' states extend it. */
export interface SessionState {
  readonly phase: CorePhase;
  readonly batch: DraftBatch | null;
  readonly online: boolean;
  /** What the waiting phase waits for; null outside AWAITING_PARSE, AWAITING_CORRECTION and SAVING. */
  readonly inFlight: AwaitedCall | AwaitedSave | null;
  readonly inactivityTimerId: number | null;
  readonly nextId: number;
  readonly config: OrchestratorConfig;
}

export type SessionEvent =
  | { readonly type: 'start' }
  | { readonly type: 'userText'; readonly text: string }
  | { readonly type: 'tap'; readonly action: 'confirm' | 'cancel' }
  | { readonly type: 'connectivity'; readonly online: boolean }
  | { readonly type: 'parseSucceeded'; readonly id: number; readonly transactions: readonly ParseResult[] }
  | { readonly type: 'parseFailed'; readonly id: number; readonly reason: LlmFailure; readonly detail?: string }
  | { readonly type: 'timerFired'; readonly name: TimerName; readonly id: number }
  | { readonly type: 'saveSucceeded'; readonly id: number }
  | { readonly type: 'saveFailed'; readonly id: number; readonly message: string }
  | { readonly type: 'dispose' };

export type SessionDelegateCall =
  | { readonly callback: 'onFinalText'; readonly text: string; readonly batch: DraftBatch }
  | { readonly callback: 'onDraftBatchUpdated'; readonly batch: DraftBatch | null }
  | { readonly callback: 'onError'; readonly message: string }
  | { readonly callback: 'onContinueRecording' }
  | { readonly callback: 'onSessionEnded'; readonly reason: 'exit' | 'timeout' | 'dispose' };

export interface RoutedEffect {
  readonly type: 'routed';
  readonly route: Route;
  readonly failure?: LlmFailure;
  readonly outcome?: CorrectionOutcome;
  readonly mapping?: readonly { readonly sentIndex: number; readonly originalIndex: number }[];
}

export type SessionEffect =
  | { readonly type: 'speak'; readonly text: string }
  | { readonly type: 'callParse'; readonly id: number; readonly text: string; readonly deadlineMs: number }
  | { readonly type: 'abortCall'; readonly id: number }
  | { readonly type: 'startTimer'; readonly name: TimerName; readonly id: number; readonly ms: number }
  | { readonly type: 'cancelTimer'; readonly name: TimerName }
  | { readonly type: 'saveBatch'; readonly id: number; readonly items: readonly ParseResult[] }
  | ({ readonly type: 'notify' } & SessionDelegateCall)
  /** Trace-only: what Layer 1 made of a user line. */
  | { readonly type: 'classified'; readonly intent: LocalIntent }
  /** Trace-only: how a user line was finally handled. */
  | RoutedEffect;

/**
 * Why an event changed nothing: the phase has no entry for it (`notAccepted`), or the entry's guard
 * failed (`stale`: an answer, a deadline, a timer or a save result for something no longer awaited).
 * A refused event leaves the state as it was and emits no effect.
 */
export type Refusal = 'notAccepted' | 'stale';

export interface CoreTransition<S, E> {
  readonly state: S;
  readonly effects: readonly E[];
  readonly refused?: Refusal;
}
