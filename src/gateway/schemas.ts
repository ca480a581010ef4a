import type { ErrorObject } from 'ajv';
import type { CORRECTION_INTENTS } from '../domain/correctionProtocol.js';
import type { TRANSACTION_TYPES } from '../domain/parseResult.js';
import { conversationAnswerSchema, correctionAnswerSchema, parseAnswerSchema } from '../domain/answerSchemas.js';
import type { CONVERSATION_ACTIONS } from '../domain/conversationProtocol.js';
import * as compiled from './responseValidators.generated.js';

/** The wire shapes as the model writes them, before defaults are filled in. */
export interface WireTransaction {
  amount?: number | null;
  type?: (typeof TRANSACTION_TYPES)[number];
  category?: string | null;
  description?: string | null;
  date?: string | null;
  account?: string | null;
  confidence?: number;
}

export interface WireParseResponse {
  transactions: (WireTransaction & { amount: number | null; type: (typeof TRANSACTION_TYPES)[number] })[];
}

export interface WireCorrectionResponse {
  corrections: { index: number; updatedFields: WireTransaction & Record<string, unknown> }[];
  intent: (typeof CORRECTION_INTENTS)[number];
  confidence?: number;
}

export interface WireConversationResponse {
  action: (typeof CONVERSATION_ACTIONS)[number];
  transaction?: WireTransaction | null;
  message?: string | null;
}

/** By the name of the validator compiled from each (scripts/compileSchemas.mjs). */
export const RESPONSE_SCHEMAS = {
  validateParseResponse: parseAnswerSchema,
  validateCorrectionResponse: correctionAnswerSchema,
  validateConversationResponse: conversationAnswerSchema,
};

/** A validator as the gateway uses it: a type guard that leaves the last call's errors behind. */
export interface Validator<T> {
  (data: unknown): data is T;
  errors?: ErrorObject[] | null;
}

// Compiled ahead of time (scripts/compileSchemas.mjs): no run loads ajv or compiles a schema.
export const validateParseResponse = compiled.validateParseResponse as Validator<WireParseResponse>;
export const validateCorrectionResponse = compiled.validateCorrectionResponse as Validator<WireCorrectionResponse>;
export const validateConversationResponse = compiled.validateConversationResponse as Validator<WireConversationResponse>;

/** The validator's errors as one readable line, e.g. "/intent must be equal to one of the allowed values" (ajv's errorsText). */
export function schemaErrors(validate: Validator<unknown>): string {
  const errors = validate.errors ?? [];
  if (errors.length === 0) return 'No errors';
  return errors.map((error) => `${error.instancePath} ${error.message ?? ''}`).join('; ');
}
