import { CONVERSATION_ACTIONS } from '../domain/conversationProtocol.js';
import { APPEND_INDEX, CORRECTION_INTENTS } from '../domain/correctionProtocol.js';
import { TRANSACTION_TYPES } from '../domain/parseResult.js';
import type { LlmEndpoint } from '../domain/vocabulary.js';

/**
 * What the gateway tells a model about the answer it wants, beyond the prompt: the longest answer
 * worth waiting for, and the exact JSON shape of a valid answer to this request (for servers that
 * hold a model to a schema, `--response-format json_schema`). The shapes are the answer schemas of
 * domain/answerSchemas.ts narrowed to what the prompts ask for: the fields each prompt names, in
 * its order, and a correction's index one of this batch's.
 */

/**
 * max_tokens per endpoint: the largest valid answer, written compactly, fits. Measured with the
 * Qwen2.5 tokenizer (docs/local-model.md, "Answer limits") on answers with every field at its
 * longest (amount 12345.67, a 13-character description, a date, an account): a parse of 10 items
 * is 454 tokens, a correction of all 10 items in every field 606, a conversation answer 83. A
 * runaway answer (a model listing items forever) then costs bounded time, and is reported as cut.
 */
export const ANSWER_TOKEN_LIMITS: Readonly<Record<LlmEndpoint, number>> = {
  parse: 512,
  correct: 640,
  conversation: 128,
};

const typeEnum = { enum: [...TRANSACTION_TYPES] };
const text = { type: 'string' } as const;

/** One transaction as the parse prompt spells it. */
const parsedTransaction = {
  type: 'object',
  required: ['amount', 'type', 'category', 'description', 'date'],
  properties: { amount: { type: ['number', 'null'] }, type: typeEnum, category: text, description: text, date: { type: ['string', 'null'] } },
};

/** Fields a correction may change: any of them, only those that change (none is required). */
const changedFields = {
  type: 'object',
  properties: { amount: { type: 'number' }, type: typeEnum, category: text, description: text, date: text, account: text },
};

export const PARSE_ANSWER_FORMAT = {
  type: 'object',
  required: ['transactions'],
  properties: { transactions: { type: 'array', items: parsedTransaction } },
};

/** A correction answer for a batch of `batchLength` pending items: each index is one of theirs, or -1 for an append. */
export function correctionAnswerFormat(batchLength: number): object {
  const indices = [APPEND_INDEX, ...Array.from({ length: batchLength }, (_, i) => i)];
  return {
    type: 'object',
    required: ['corrections', 'intent', 'confidence'],
    properties: {
      corrections: {
        type: 'array',
        maxItems: Math.max(batchLength, 1),
        items: { type: 'object', required: ['index', 'updatedFields'], properties: { index: { enum: indices }, updatedFields: changedFields } },
      },
      intent: { enum: [...CORRECTION_INTENTS] },
      confidence: { type: 'number', minimum: 0, maximum: 1 },
    },
  };
}

export const CONVERSATION_ANSWER_FORMAT = {
  type: 'object',
  required: ['action', 'transaction', 'message'],
  properties: {
    action: { enum: [...CONVERSATION_ACTIONS] },
    transaction: { oneOf: [{ type: 'null' }, changedFields] },
    message: { type: ['string', 'null'] },
  },
};
