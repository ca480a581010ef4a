import type { ConversationReply, ConversationTransaction } from '../domain/conversationProtocol.js';
import type { ParseResult } from '../domain/parseResult.js';

export type { ConversationAction, ConversationTurn } from '../domain/conversationProtocol.js';

/** Seed 002 decision 3: the parse-transaction response. */
export interface TransactionBatchParseResponse {
  readonly transactions: readonly ParseResult[];
  readonly model: string;
}

/** The transaction being confirmed, as the conversation endpoint receives it. */
export type CurrentTransaction = ConversationTransaction;

export interface ConversationResponse extends ConversationReply {
  readonly model: string;
}
