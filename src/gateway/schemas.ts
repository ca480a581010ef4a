import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import { CORRECTION_INTENTS } from '../domain/correctionProtocol.js';
import { TRANSACTION_TYPES } from '../domain/parseResult.js';
import { CONVERSATION_ACTIONS } from './dto.js';

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

/** A validator as the gateway uses it: a type guard that leaves the last call's errors behind. */
export interface Validator<T> {
  (data: unknown): data is T;
  errors?: ErrorObject[] | null;
}

let ajv: Ajv | undefined;

function compiler(): Ajv {
  ajv ??= new Ajv({ allErrors: true, allowUnionTypes: true });
  return ajv;
}

/**
 * Compiles `schema` on first use, not at import: compiling costs start-up time in every
 * command, most of which never validate a model answer.
 */
function lazyValidator<T>(schema: object): Validator<T> {
  let compiled: ValidateFunction<T> | undefined;
  const validate: Validator<T> = (data: unknown): data is T => {
    compiled ??= compiler().compile<T>(schema);
    const valid = compiled(data);
    validate.errors = compiled.errors;
    return valid;
  };
  return validate;
}

export const validateParseResponse = lazyValidator<WireParseResponse>(parseResponseSchema);
export const validateCorrectionResponse = lazyValidator<WireCorrectionResponse>(correctionResponseSchema);
export const validateConversationResponse = lazyValidator<WireConversationResponse>(conversationResponseSchema);

/** The validator's errors as one readable line, e.g. "/intent must be equal to one of the allowed values". */
export function schemaErrors(validate: Validator<unknown>): string {
  return compiler().errorsText(validate.errors, { dataVar: '', separator: '; ' });
}
