import type { FieldPatch, ParseResult, TransactionType } from '../domain/parseResult.js';

/** Seed 002 decision 3: the parse-transaction response. */
export interface TransactionBatchParseResponse {
  readonly transactions: readonly ParseResult[];
  readonly model: string;
}

/** Seed 004: the legacy conversational endpoint. */
export const CONVERSATION_ACTIONS = ['correct', 'parse', 'clarify', 'query'] as const;
export type ConversationAction = (typeof CONVERSATION_ACTIONS)[number];

export interface ConversationTurn {
  readonly role: 'user' | 'assistant';
  readonly content: string;
}

/** The transaction being confirmed, as the conversation endpoint receives it. */
export interface CurrentTransaction {
  readonly amount: number | null;
  readonly type: TransactionType;
  readonly category: string | null;
  readonly description: string | null;
  readonly date: string | null;
}

export interface ConversationResponse {
  readonly action: ConversationAction;
  /** The corrected (correct) or new (parse) transaction; only the fields the model gave. */
  readonly transaction: FieldPatch | null;
  readonly message: string | null;
  readonly model: string;
}
