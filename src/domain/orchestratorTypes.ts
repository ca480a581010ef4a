import type { ConversationReply, ConversationTransaction, ConversationTurn } from './conversationProtocol.js';
import type { CorrectionRequest, CorrectionResponse } from './correctionProtocol.js';
import type { DraftBatch } from './draftBatch.js';
import type { SaveInFlight } from './sessionStep.js';
import type { LocalIntent } from './localIntent.js';
import type { ParseResult } from './parseResult.js';

import type { LlmFailure, Phase, Route } from './vocabulary.js';

export type { LlmFailure, Phase, Route } from './vocabulary.js';
export type TimerName = 'llmDeadline' | 'inactivity';

export interface OrchestratorConfig {
  readonly correctionTimeoutMs: number;
  readonly parseTimeoutMs: number;
  readonly inactivityTimeoutMs: number;
  readonly confidenceFloor: number;
}

export const DEFAULT_CONFIG: OrchestratorConfig = {
  correctionTimeoutMs: 3000,
  parseTimeoutMs: 3000,
  inactivityTimeoutMs: 60_000,
  confidenceFloor: 0.7,
};

export type InFlight =
  | { readonly kind: 'parse'; readonly id: number; readonly text: string }
  | {
      readonly kind: 'correct';
      readonly id: number;
      readonly text: string;
      readonly request: CorrectionRequest;
      readonly originalIndexOf: readonly number[];
    }
  | SaveInFlight;

export interface OrchestratorState {
  readonly phase: Phase;
  readonly batch: DraftBatch | null;
  readonly online: boolean;
  readonly inFlight: InFlight | null;
  readonly inactivityTimerId: number | null;
  readonly nextId: number;
  readonly disposed: boolean;
  readonly config: OrchestratorConfig;
}

export type OrchestratorEvent =
  | { readonly type: 'start' }
  | { readonly type: 'userText'; readonly text: string }
  | { readonly type: 'tap'; readonly action: 'confirm' | 'cancel' }
  | { readonly type: 'connectivity'; readonly online: boolean }
  | { readonly type: 'parseSucceeded'; readonly id: number; readonly transactions: readonly ParseResult[] }
  | { readonly type: 'parseFailed'; readonly id: number; readonly reason: LlmFailure; readonly detail?: string }
  | { readonly type: 'correctionSucceeded'; readonly id: number; readonly response: CorrectionResponse }
  | { readonly type: 'correctionFailed'; readonly id: number; readonly reason: LlmFailure; readonly detail?: string }
  /** Seed 004 (legacy conversation arm): the answer of the conversation endpoint. */
  | { readonly type: 'conversationSucceeded'; readonly id: number; readonly response: ConversationReply }
  | { readonly type: 'conversationFailed'; readonly id: number; readonly reason: LlmFailure; readonly detail?: string }
  | { readonly type: 'timerFired'; readonly name: TimerName; readonly id: number }
  | { readonly type: 'saveSucceeded'; readonly id: number }
  | { readonly type: 'saveFailed'; readonly id: number; readonly message: string }
  | { readonly type: 'dispose' };

/** What the correction endpoint's answer (or the local fallback's) led to. */
export type CorrectionOutcome =
  | 'applied'
  | 'confirm'
  | 'cancel'
  | 'append'
  | 'appendRefused'
  | 'unclear'
  | 'lowConfidence'
  | 'emptyCorrections'
  /** Seed 004 conversation actions other than correct (which is `applied`). */
  | 'reparsed'
  | 'clarify'
  | 'query';

export type DelegateCall =
  | { readonly callback: 'onFinalText'; readonly text: string; readonly batch: DraftBatch }
  | { readonly callback: 'onDraftBatchUpdated'; readonly batch: DraftBatch | null }
  | { readonly callback: 'onError'; readonly message: string }
  | { readonly callback: 'onContinueRecording' }
  /** Seed 004: the single transaction changed by a correction. */
  | { readonly callback: 'onParseResultUpdated'; readonly result: ParseResult }
  /** Seed 004 LLM调用失败降级: nothing could handle the line, so the UI shows what was heard. */
  | { readonly callback: 'onInterimText'; readonly text: string }
  | { readonly callback: 'onSessionEnded'; readonly reason: 'exit' | 'timeout' | 'dispose' };

export type Effect =
  | { readonly type: 'speak'; readonly text: string }
  | { readonly type: 'callParse'; readonly id: number; readonly text: string; readonly deadlineMs: number }
  | { readonly type: 'callCorrect'; readonly id: number; readonly request: CorrectionRequest; readonly deadlineMs: number }
  /**
   * Seed 004: the conversation endpoint. `history` holds the earlier turns; `text` is the newest
   * user turn (already in the core's own history), sent last together with `current`.
   */
  | {
      readonly type: 'callConverse';
      readonly id: number;
      readonly history: readonly ConversationTurn[];
      readonly current: ConversationTransaction | null;
      readonly text: string;
      readonly deadlineMs: number;
    }
  | { readonly type: 'abortCall'; readonly id: number }
  | { readonly type: 'startTimer'; readonly name: TimerName; readonly id: number; readonly ms: number }
  | { readonly type: 'cancelTimer'; readonly name: TimerName }
  | { readonly type: 'saveBatch'; readonly id: number; readonly items: readonly ParseResult[] }
  | ({ readonly type: 'notify' } & DelegateCall)
  /** Trace-only: what Layer 1 made of a user line. */
  | { readonly type: 'classified'; readonly intent: LocalIntent }
  /** Trace-only: how a user line was finally handled. */
  | {
      readonly type: 'routed';
      readonly route: Route;
      readonly failure?: LlmFailure;
      readonly outcome?: CorrectionOutcome;
      readonly mapping?: readonly { readonly sentIndex: number; readonly originalIndex: number }[];
    };

export interface Transition {
  readonly state: OrchestratorState;
  readonly effects: readonly Effect[];
}
