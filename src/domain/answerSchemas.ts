import { CONVERSATION_ACTIONS } from './conversationProtocol.js';
import { APPEND_INDEX, CORRECTION_INTENTS } from './correctionProtocol.js';
import { TRANSACTION_TYPES } from './parseResult.js';

/**
 * JSON Schemas (draft-07) of the model's answers as it writes them (seed 002), before defaults
 * are filled in: the gateway validates real answers with them, and a dataset's scripted answers
 * are held to the same shapes.
 */

const nullableString = { type: ['string', 'null'] } as const;
const typeEnum = { enum: [...TRANSACTION_TYPES] };
const unitInterval = { type: 'number', minimum: 0, maximum: 1 } as const;

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
export const parseAnswerSchema = {
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
export const correctionAnswerSchema = {
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

/**
 * Seed 002 decision 8's index rule for an append, which needs no batch to check: the new item
 * goes in `corrections[0]` with index -1. (An index of a correction is checked against the batch
 * that was sent, so only at run time.)
 */
export const appendAnswerRule = {
  if: { required: ['intent'], properties: { intent: { const: 'append' } } },
  then: {
    properties: {
      corrections: {
        minItems: 1,
        description: 'an append carries the new transaction in corrections[0]',
        items: { properties: { index: { const: APPEND_INDEX, description: 'an append uses index -1 (it adds an item)' } } },
      },
    },
  },
};

export const conversationAnswerSchema = {
  type: 'object',
  required: ['action'],
  properties: {
    action: { enum: [...CONVERSATION_ACTIONS] },
    transaction: { type: ['object', 'null'], properties: transactionFields },
    message: nullableString,
  },
  allOf: [
    {
      if: { required: ['action'], properties: { action: { enum: ['correct', 'parse'] } } },
      then: { required: ['transaction'], properties: { transaction: { type: 'object' } } },
    },
    {
      if: { required: ['action'], properties: { action: { const: 'clarify' } } },
      then: { required: ['message'], properties: { message: { type: 'string' } } },
    },
  ],
};
