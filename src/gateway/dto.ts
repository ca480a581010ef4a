import type { ConversationAction, ConversationReply, ConversationTransaction } from '../domain/conversationProtocol.js';
import type { ParseResult } from '../domain/parseResult.js';

export type { ConversationAction, ConversationTurn } from '../domain/conversationProtocol.js';

/** Seed 002 decision 3: the parse-transaction response. */
export interface TransactionBatchParseResponse {
  readonly transactions: readonly ParseResult[];
  readonly model: string;
}

/** Seed 004: the legacy conversational endpoint. Keyed by the domain's action type, so the list cannot drift from it. */
const ACTIONS: Readonly<Record<ConversationAction, true>> = { correct: true, parse: true, clarify: true, query: true };
export const CONVERSATION_ACTIONS = Object.keys(ACTIONS) as readonly ConversationAction[];

/** The transaction being confirmed, as the conversation endpoint receives it. */
export type CurrentTransaction = ConversationTransaction;

export interface ConversationResponse extends ConversationReply {
  readonly model: string;
}
