import type { ConversationReply, ConversationTransaction, ConversationTurn } from '../conversationProtocol.js';
import type { ParseResult } from '../parseResult.js';
import type { SessionEffect, SessionEvent, SessionState } from '../sessionTypes.js';
import type { LlmFailure } from '../vocabulary.js';

/**
 * Seed 004, the single-transaction conversational protocol. `batch` is the one transaction
 * being confirmed (lastParseResult) as a DraftBatch of one, so the shared scorers can read it.
 */
export interface ConversationState extends SessionState {
  readonly history: readonly ConversationTurn[];
}

export type ConversationEvent =
  | SessionEvent
  | { readonly type: 'conversationSucceeded'; readonly id: number; readonly response: ConversationReply }
  | { readonly type: 'conversationFailed'; readonly id: number; readonly reason: LlmFailure; readonly detail?: string };

export type ConversationEffect =
  | SessionEffect
  /**
   * The conversation endpoint. `history` holds the earlier turns; `text` is the newest user turn
   * (already in the core's own history), sent last together with `current`.
   */
  | {
      readonly type: 'callConverse';
      readonly id: number;
      readonly history: readonly ConversationTurn[];
      readonly current: ConversationTransaction | null;
      readonly text: string;
      readonly deadlineMs: number;
    }
  /** The single transaction changed by a correction. */
  | { readonly type: 'notify'; readonly callback: 'onParseResultUpdated'; readonly result: ParseResult }
  /** LLM调用失败降级: nothing could handle the line, so the UI shows what was heard. */
  | { readonly type: 'notify'; readonly callback: 'onInterimText'; readonly text: string };
