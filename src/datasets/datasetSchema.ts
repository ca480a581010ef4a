import { appendAnswerRule, conversationAnswerSchema, correctionAnswerSchema, parseAnswerSchema } from '../domain/answerSchemas.js';

/**
 * JSON Schema (draft-07) of a YAML dataset file as written, before normalisation. Editors read it
 * as schema/dataset.schema.json (test/datasets/datasetSchemaFile.test.ts keeps the two equal).
 */

export const NETWORKS = ['online', 'offline'] as const;
export const TAPS = ['confirm', 'cancel'] as const;
export const STATES = ['IDLE', 'LISTENING', 'CONFIRMING'] as const;
export const ROUTES = ['local', 'llm', 'fallback', 'offline', 'none'] as const;
export const INTENTS = [
  'confirm',
  'cancel',
  'exit',
  'continueRecording',
  'confirmItem',
  'cancelItem',
  'correction',
  'newInput',
] as const;
/** Delegate callbacks a turn can expect (seed 001; seed 004 adds the last two); onSessionEnded with its reason. */
export const NOTIFY_CALLBACKS = [
  'onFinalText',
  'onDraftBatchUpdated',
  'onError',
  'onContinueRecording',
  'onSessionEnded:exit',
  'onSessionEnded:timeout',
  'onSessionEnded:dispose',
  'onParseResultUpdated',
  'onInterimText',
] as const;
export const CORRECTION_OUTCOMES = [
  'applied',
  'confirm',
  'cancel',
  'append',
  'appendRefused',
  'unclear',
  'lowConfidence',
  'emptyCorrections',
  'reparsed',
  'clarify',
  'query',
] as const;
export const FAILURES = ['timeout', 'error', 'malformed', 'invalid'] as const;
/** `endpoint:outcome` of an LLM call; `late` = answered after its deadline or dropped (aborted). */
export const LLM_CALL_OUTCOMES = ['parse', 'correct', 'conversation'].flatMap((endpoint) =>
  ['ok', 'malformed', 'invalid', 'error', 'timeout', 'late'].map((outcome) => `${endpoint}:${outcome}`),
);
/** Events of the batch core a turn may see refused, as `event:kind` (the timers by their name). */
export const REFUSALS = [
  'start',
  'userText',
  'tap',
  'connectivity',
  'parseSucceeded',
  'parseFailed',
  'correctionSucceeded',
  'correctionFailed',
  'saveSucceeded',
  'saveFailed',
  'llmDeadline',
  'inactivity',
  'dispose',
].flatMap((event) => ['notAccepted', 'stale'].map((kind) => `${event}:${kind}`));
export const ITEM_SOURCES = ['llm', 'local'] as const;
export const FAULTS = ['timeout', 'error'] as const;
export const ITEM_STATUSES = ['pending', 'confirmed', 'cancelled'] as const;
export const ITEM_TYPES = ['EXPENSE', 'INCOME', 'TRANSFER'] as const;

const nonEmptyString = { type: 'string', minLength: 1 } as const;
// The shape only: whether it is a day of the calendar, and the hint for a relative word, are
// semanticProblems' (datasetDates.ts), in its own words.
const DAY_PATTERN = '^[0-9]{4}-[0-9]{2}-[0-9]{2}$';
const calendarDay = { type: 'string', pattern: DAY_PATTERN } as const;
const calendarDayOrNull = { type: ['string', 'null'], pattern: DAY_PATTERN } as const;
const latencyMs = { type: 'number', minimum: 0 } as const;
const stringList = { type: 'array', items: { type: 'string' } } as const;

// A draft may hold 0 (a correction to 0 that the store then refuses), never less.
const draftAmount = { type: ['number', 'null'], minimum: 0 } as const;
const draftItem = itemWith(draftAmount, calendarDayOrNull);
// Only a batch item carries its source (the request and the saved rows do not).
const batchItem = itemWith(draftAmount, calendarDayOrNull, { source: { enum: ITEM_SOURCES } });
// The store refuses amounts <= 0 (seed 000): a saved row of one could never be expected. A saved
// row always has its day (the dialogue's today when none was named).
const savedItem = itemWith({ type: 'number', exclusiveMinimum: 0 }, calendarDay);

function itemWith(amount: object, date: object, extra: object = {}) {
  return {
    type: 'object',
    additionalProperties: false,
    properties: {
      ...extra,
      index: { type: 'integer', minimum: 0 },
      amount,
      type: { enum: ITEM_TYPES },
      category: { type: ['string', 'null'] },
      description: { type: ['string', 'null'] },
      date,
      status: { enum: ITEM_STATUSES },
    },
  } as const;
}

const itemList = { type: 'array', items: draftItem } as const;

/**
 * The answer schemas with every object closed. The gateway tolerates (and drops) keys a model adds,
 * but a scripted answer is written by a person: `amout` or `catgory` there would be dropped the
 * same way and the run would report a plausible-looking wrong change, so it is an unknown field.
 */
export function closedObjects<T>(schema: T): T {
  if (Array.isArray(schema)) return schema.map(closedObjects) as T;
  if (schema === null || typeof schema !== 'object') return schema;
  const copy: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(schema)) copy[key] = closedObjects(value);
  const type = copy['type'];
  const isObject = type === 'object' || (Array.isArray(type) && type.includes('object'));
  if (isObject && 'properties' in copy && !('additionalProperties' in copy)) copy['additionalProperties'] = false;
  return copy as T;
}

/** Keys of a turn of which exactly one says what the user does. */
export const TURN_ACTIONS = ['user', 'tap', 'advanceMs', 'dispose'] as const;
const SCRIPTED_ANSWERS = ['parse', 'correct', 'conversation'] as const;

/**
 * Rules the JSON Schema states for editors that `validate` words itself (semanticProblems.ts):
 * schemaProblems leaves their errors out, so each mistake is reported once, in the clearer words.
 */
export const RULES_WORDED_BY_VALIDATE = [
  '/turns/items/oneOf',
  '/turns/items/dependencies',
  '/llm/anyOf',
  '/llm/dependencies',
  '/date/pattern',
  '/today/pattern',
] as const;

const requiredEach = (keys: readonly string[]) => keys.map((key) => ({ required: [key] }));

// A scripted answer is held to what the gateway accepts from a model (an answer it would refuse
// would silently take the fallback: a deliberately bad answer is written as `raw`), closed to
// unknown keys, and an append to its index rule, which needs no batch to check.
const llmScript = {
  type: 'object',
  additionalProperties: false,
  properties: {
    parse: closedObjects(parseAnswerSchema),
    correct: { ...closedObjects(correctionAnswerSchema), allOf: [appendAnswerRule] },
    conversation: closedObjects(conversationAnswerSchema),
    raw: { type: 'string' },
    fault: { enum: FAULTS },
    latencyMs,
  },
  // At least one answer; raw and fault answer whichever call the turn makes, so they stand alone.
  anyOf: requiredEach([...SCRIPTED_ANSWERS, 'raw', 'fault']),
  dependencies: {
    raw: { not: { anyOf: requiredEach([...SCRIPTED_ANSWERS, 'fault']) } },
    fault: { not: { anyOf: requiredEach(SCRIPTED_ANSWERS) } },
  },
} as const;

const expectation = {
  type: 'object',
  additionalProperties: false,
  properties: {
    state: { enum: STATES },
    route: { enum: ROUTES },
    intent: { enum: INTENTS },
    outcome: { enum: [...CORRECTION_OUTCOMES, null] },
    failure: { enum: [...FAILURES, null] },
    llmRequest: {
      type: 'object',
      additionalProperties: false,
      properties: {
        parseText: { type: 'string' },
        correctionText: { type: 'string' },
        currentBatch: itemList,
        context: {
          type: 'object',
          additionalProperties: false,
          properties: { recentCategories: stringList, customCategories: stringList },
        },
      },
    },
    notify: { type: 'array', items: { enum: NOTIFY_CALLBACKS } },
    llmCalls: { type: 'array', items: { enum: LLM_CALL_OUTCOMES } },
    mapping: {
      type: 'array',
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['sentIndex', 'originalIndex'],
        properties: { sentIndex: { type: 'integer', minimum: 0 }, originalIndex: { type: 'integer', minimum: 0 } },
      },
    },
    refused: { type: 'array', items: { enum: REFUSALS } },
    batch: { type: ['array', 'null'], items: batchItem },
    tts: stringList,
    ttsIncludes: stringList,
    saved: { type: 'array', items: savedItem },
    pin: { type: 'array', items: { enum: ['description', 'category', 'tts'] }, uniqueItems: true },
  },
} as const;

const turn = {
  type: 'object',
  additionalProperties: false,
  properties: {
    user: nonEmptyString,
    tap: { enum: TAPS },
    advanceMs: { type: 'integer', minimum: 0 },
    dispose: { enum: [true] },
    disposeAfterMs: { type: 'integer', minimum: 0 },
    network: { enum: NETWORKS },
    llm: llmScript,
    store: { type: 'object', additionalProperties: false, properties: { fail: { type: 'boolean' } } },
    expect: expectation,
  },
  oneOf: requiredEach(TURN_ACTIONS),
  dependencies: { disposeAfterMs: { anyOf: requiredEach(['user', 'tap']) } },
} as const;

const dialogue = {
  type: 'object',
  additionalProperties: false,
  required: ['id', 'turns'],
  properties: {
    id: nonEmptyString,
    title: { type: 'string' },
    today: calendarDay,
    tags: stringList,
    network: { enum: NETWORKS },
    scriptedOnly: { oneOf: [{ type: 'string', minLength: 1 }, { const: false }] },
    turns: { type: 'array', minItems: 1, items: turn },
  },
} as const;

/**
 * A file is a list of dialogues, or a mapping `{today, dialogues}` whose `today` every dialogue
 * without its own takes. `minItems` and `items` speak of the list, the rest of the mapping.
 */
export const datasetSchema = {
  $schema: 'http://json-schema.org/draft-07/schema#',
  $id: 'https://nlu-harness.local/dataset.schema.json',
  title: 'NLU harness dialogue dataset',
  type: ['array', 'object'],
  minItems: 1,
  items: dialogue,
  additionalProperties: false,
  required: ['dialogues'],
  properties: {
    today: calendarDay,
    dialogues: { type: 'array', minItems: 1, items: { $ref: '#/items' } },
  },
} as const;
