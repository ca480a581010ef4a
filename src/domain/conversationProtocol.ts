import type { FieldPatch, ParseResult, TransactionType } from './parseResult.js';

/** Seed 004: the legacy multi-turn conversation endpoint, as the orchestrator sees it. */
export type ConversationAction = 'correct' | 'parse' | 'clarify' | 'query';
// Keyed by the action type, so the list cannot drift from it.
const ACTIONS: Readonly<Record<ConversationAction, true>> = { correct: true, parse: true, clarify: true, query: true };
export const CONVERSATION_ACTIONS = Object.keys(ACTIONS) as readonly ConversationAction[];

export interface ConversationTurn {
  readonly role: 'user' | 'assistant';
  readonly content: string;
}

/** The transaction being confirmed, as the endpoint receives it. */
export interface ConversationTransaction {
  readonly amount: number | null;
  readonly type: TransactionType;
  readonly category: string | null;
  readonly description: string | null;
  readonly date: string | null;
}

export interface ConversationReply {
  readonly action: ConversationAction;
  /** correct: the current transaction with the fix; parse: a new one. Only the fields the model gave. */
  readonly transaction: FieldPatch | null;
  readonly message: string | null;
  readonly model?: string;
}

export function conversationTransaction(result: ParseResult): ConversationTransaction {
  const { amount, type, category, description, date } = result;
  return { amount, type, category, description, date };
}

/** The assistant turn kept in the history: the answer in the endpoint's own JSON shape. */
export function assistantTurn(reply: ConversationReply): ConversationTurn {
  const body = reply.transaction ? { action: reply.action, transaction: reply.transaction } : { action: reply.action, message: reply.message };
  return { role: 'assistant', content: JSON.stringify(body) };
}
