import type { ErrorObject } from 'ajv';
import { CORRECTION_INTENTS } from '../domain/correctionProtocol.js';
import { TRANSACTION_TYPES } from '../domain/parseResult.js';
import { CONVERSATION_ACTIONS } from './dto.js';
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

const nullableString = { type: ['string', 'null'] };
const typeEnum = { enum: [...TRANSACTION_TYPES] };
const unitInterval = { type: 'number', minimum: 0, maximum: 1 };

/** Fields a transaction may carry; other keys are tolerated and dropped when the DTO is built. */
const transactionFields = {
  amount: { type: ['number', 'null'] },
  type: typeEnum,
  category: nullableString,
  description: nullableString,
  date: nullableString,
  account: nullableString,
};

// More than 10 transactions is not an error here: the client keeps the first 10.
const parseResponseSchema = {
  type: 'object',
  required: ['transactions'],
  properties: {
    transactions: {
      type: 'array',
      items: {
        type: 'object',
        required: ['amount', 'type'],
        properties: { ...transactionFields, confidence: unitInterval },
      },
    },
  },
};

/** Seed 002 decision 8, light validation: the JSON shape, the intent enum and field types. */
const correctionResponseSchema = {
  type: 'object',
  required: ['corrections', 'intent'],
  properties: {
    corrections: {
      type: 'array',
      items: {
        type: 'object',
        required: ['index', 'updatedFields'],
        properties: {
          index: { type: 'integer' },
          updatedFields: {
            type: 'object',
            properties: { ...transactionFields, amount: { type: 'number' }, confidence: unitInterval },
          },
        },
      },
    },
    intent: { enum: [...CORRECTION_INTENTS] },
    confidence: unitInterval,
  },
};

const conversationResponseSchema = {
  type: 'object',
  required: ['action'],
  properties: {
    action: { enum: [...CONVERSATION_ACTIONS] },
    transaction: { type: ['object', 'null'], properties: transactionFields },
    message: nullableString,
  },
  allOf: [
    {
      if: { properties: { action: { enum: ['correct', 'parse'] } } },
      then: { required: ['transaction'], properties: { transaction: { type: 'object' } } },
    },
    {
      if: { properties: { action: { const: 'clarify' } } },
      then: { required: ['message'], properties: { message: { type: 'string' } } },
    },
  ],
};

/** By the name of the validator compiled from each (scripts/compileSchemas.mjs). */
export const RESPONSE_SCHEMAS = {
  validateParseResponse: parseResponseSchema,
  validateCorrectionResponse: correctionResponseSchema,
  validateConversationResponse: conversationResponseSchema,
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
