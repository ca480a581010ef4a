import { APPEND_INDEX, type CorrectionRequest, type CorrectionResponse } from '../domain/correctionProtocol.js';
import { EDITABLE_FIELDS, parseResult, type FieldPatch, type ParseResult } from '../domain/parseResult.js';
import { DEFAULT_TODAY, dayValueProblem } from '../domain/relativeDates.js';
import { DEFAULT_CONFIG } from '../domain/sessionTypes.js';
import type { LlmEndpoint, LlmFailure } from '../domain/vocabulary.js';
import { rejectionOf, type Completer, type Completion, type CompletionUsage, type PromptMessage } from './completion.js';
import type { ConversationResponse, ConversationTurn, CurrentTransaction, TransactionBatchParseResponse } from './dto.js';
import { ANSWER_TOKEN_LIMITS, CONVERSATION_ANSWER_FORMAT, PARSE_ANSWER_FORMAT, correctionAnswerFormat } from './answerFormat.js';
import { extractJson } from './extractJson.js';
import { renderConversationMessages, renderCorrectionMessages, renderParseMessages, type RenderOptions } from './promptTemplates.js';
import {
  schemaErrors,
  validateConversationResponse,
  validateCorrectionResponse,
  validateParseResponse,
  type WireCorrectionResponse,
  type WireParseResponse,
  type WireTransaction,
} from './schemas.js';

/** A call's deadline when the caller gives none: the app's own, as each core sets it (seed 002 decision 7). */
const DEFAULT_DEADLINE_MS: Readonly<Record<LlmEndpoint, number>> = {
  parse: DEFAULT_CONFIG.parseTimeoutMs,
  correct: DEFAULT_CONFIG.correctionTimeoutMs,
  conversation: DEFAULT_CONFIG.correctionTimeoutMs,
};

export type GatewayOutcome<T> =
  | { ok: true; value: T; rawText: string; latencyMs: number; usage?: CompletionUsage; model: string }
  | {
      ok: false;
      failure: LlmFailure;
      detail: string;
      rawText?: string;
      /** Infinity when a virtual-clock model never answers. */
      latencyMs: number;
      usage?: CompletionUsage;
      model?: string;
    };

export interface EndpointOptions {
  /**
   * Real-clock backends are aborted when it passes (default: the app's deadline, DEFAULT_CONFIG). On a virtual
   * clock the caller owns time: the outcome carries the modelled latency, even past
   * the deadline, and a model that never answers gives a timeout with Infinity.
   */
  deadlineMs?: number;
  signal?: AbortSignal;
  render?: RenderOptions;
}

type Failure = Extract<GatewayOutcome<never>, { ok: false }>;

export async function parseTransactions(
  backend: Completer,
  text: string,
  options: EndpointOptions = {},
): Promise<GatewayOutcome<TransactionBatchParseResponse>> {
  const messages = renderParseMessages(text, options.render);
  return run(backend, { endpoint: 'parse', messages, answerSchema: PARSE_ANSWER_FORMAT }, options, (value, model) => {
    if (!validateParseResponse(value)) return schemaErrors(validateParseResponse);
    const dates = value.transactions.map((t, i) => [`/transactions/${i}/date`, t.date] as const);
    const wrongDay = dateProblem(dates, options);
    if (wrongDay) return wrongDay;
    const transactions = value.transactions.map(llmParseResult);
    return { transactions, model };
  });
}

export async function correctTransactions(
  backend: Completer,
  request: CorrectionRequest,
  options: EndpointOptions = {},
): Promise<GatewayOutcome<CorrectionResponse>> {
  const messages = renderCorrectionMessages(request, options.render);
  const answerSchema = correctionAnswerFormat(request.currentBatch.length);
  return run(backend, { endpoint: 'correct', messages, answerSchema }, options, (value, model) => {
    if (!validateCorrectionResponse(value)) return schemaErrors(validateCorrectionResponse);
    const problem = indexProblem(value, request.currentBatch.length);
    if (problem) return problem;
    const wrongDay = dateProblem(
      value.corrections.map((c, i) => [`/corrections/${i}/updatedFields/date`, c.updatedFields.date] as const),
      options,
    );
    if (wrongDay) return wrongDay;
    return {
      corrections: value.corrections.map((c) => ({ index: c.index, updatedFields: pickFields(c.updatedFields) })),
      intent: value.intent,
      // The Kotlin DTO defaults a missing confidence to 0.0.
      confidence: value.confidence ?? 0,
      model,
    };
  });
}

export async function converse(
  backend: Completer,
  history: readonly ConversationTurn[],
  current: CurrentTransaction | null,
  text: string,
  options: EndpointOptions = {},
): Promise<GatewayOutcome<ConversationResponse>> {
  const messages = renderConversationMessages(history, current, text, options.render);
  return run(backend, { endpoint: 'conversation', messages, answerSchema: CONVERSATION_ANSWER_FORMAT }, options, (value, model) => {
    if (!validateConversationResponse(value)) return schemaErrors(validateConversationResponse);
    const wrongDay = dateProblem([['/transaction/date', value.transaction?.date]], options);
    if (wrongDay) return wrongDay;
    return {
      action: value.action,
      transaction: value.transaction ? pickFields(value.transaction) : null,
      message: value.message ?? null,
      model,
    };
  });
}

/**
 * A date must be a calendar day (YYYY-MM-DD) or null: "昨天", "3/2" or "2026-02-30" would otherwise
 * reach the saved row. The answer is invalid, with the day a relative word means as the hint.
 */
function dateProblem(dates: readonly (readonly [string, string | null | undefined])[], options: EndpointOptions): string | null {
  for (const [at, date] of dates) {
    const problem = typeof date === 'string' ? dayValueProblem(date, options.render?.today ?? DEFAULT_TODAY) : null;
    if (problem) return `${at} ${problem}`;
  }
  return null;
}

/** Seed 002 decision 8: indices must point into the batch that was sent; append uses -1. */
function indexProblem(response: WireCorrectionResponse, batchLength: number): string | null {
  if (response.intent === 'append') {
    if (response.corrections.length === 0) return 'append carries no transaction';
    const wrong = response.corrections.find((c) => c.index !== APPEND_INDEX);
    return wrong ? `append uses index ${APPEND_INDEX}, got ${wrong.index}` : null;
  }
  const outside = response.corrections.find((c) => c.index < 0 || c.index >= batchLength);
  return outside ? `index ${outside.index} is out of range (currentBatch has ${batchLength} items)` : null;
}

/**
 * A parsed transaction: the editable fields the model gave, then amount, type, confidence and
 * source set on the same object (the keys and order of a spread, without its cost).
 */
function llmParseResult(t: WireParseResponse['transactions'][number]): ParseResult {
  const fields: { -readonly [K in keyof ParseResult]?: ParseResult[K] } = pickFields(t);
  fields.amount = t.amount;
  fields.type = t.type;
  fields.confidence = t.confidence ?? 1;
  fields.source = 'llm';
  return parseResult(fields as Partial<ParseResult> & { amount: number | null });
}

/** Keeps the editable fields the model gave and drops anything else it invented. */
function pickFields(fields: WireTransaction): FieldPatch {
  const patch: Record<string, unknown> = {};
  for (const field of EDITABLE_FIELDS) if (fields[field] !== undefined) patch[field] = fields[field];
  return patch;
}

/** `interpret` returns the DTO, or a string saying why the JSON is invalid. */
/** What a call sends besides the signal: the endpoint's messages and the shape of a valid answer. */
interface CallRequest {
  endpoint: LlmEndpoint;
  messages: PromptMessage[];
  answerSchema: object;
}

async function run<T extends object>(
  backend: Completer,
  request: CallRequest,
  options: EndpointOptions,
  interpret: (value: Record<string, unknown>, model: string) => T | string,
): Promise<GatewayOutcome<T>> {
  const called = await call(backend, request, options);
  if ('failure' in called) return called;
  const { text, model, usage } = called;
  const shape = answerShapeProblem(text);
  const rawText = keptText(text);
  const meta = { rawText, latencyMs: called.latencyMs, model, ...(usage ? { usage } : {}) };
  if (shape) return { ok: false, failure: 'malformed', detail: shape, ...meta };
  const extractStart = performance.now();
  const extracted = extractJson(text);
  // On a real clock the answer is only usable once extracted: that time counts too.
  if (backend.clock === 'real') meta.latencyMs += Math.round(performance.now() - extractStart);
  if (!extracted.ok) return { ok: false, failure: 'malformed', detail: extracted.reason, ...meta };
  const value = interpret(extracted.value, model);
  if (typeof value === 'string') return { ok: false, failure: 'invalid', detail: value, ...meta };
  return { ok: true, value, ...meta };
}

/** Longer than any answer a batch of ten transactions needs; the excess is dropped, not parsed or kept. */
export const MAX_ANSWER_CHARS = 64 * 1024;

function answerShapeProblem(text: unknown): string | null {
  if (typeof text !== 'string') return `the answer is ${Array.isArray(text) ? 'a list' : typeof text}, not text`;
  if (text.length > MAX_ANSWER_CHARS) return `the answer is ${text.length} characters, over the ${MAX_ANSWER_CHARS} cap (not parsed)`;
  return null;
}

/** How much of an answer's text a trace keeps (reports show it; thousands of answers add up). */
export const MAX_KEPT_CHARS = 4096;

/** What the trace keeps of an answer: at most MAX_KEPT_CHARS, with the dropped length marked. */
function keptText(text: unknown): string {
  if (typeof text !== 'string') return '';
  if (text.length <= MAX_KEPT_CHARS) return text;
  return `${text.slice(0, MAX_KEPT_CHARS)}…[${text.length - MAX_KEPT_CHARS} more characters dropped]`;
}

async function call(backend: Completer, request: CallRequest, options: EndpointOptions): Promise<Completion | Failure> {
  const { endpoint } = request;
  const real = backend.clock === 'real';
  const deadlineMs = options.deadlineMs ?? DEFAULT_DEADLINE_MS[endpoint];
  // Nothing can abort a virtual-clock call without a caller's signal: no controller then.
  const controller = real || options.signal ? new AbortController() : undefined;
  const forwardAbort = (): void => controller?.abort(options.signal?.reason);
  if (options.signal?.aborted) forwardAbort();
  else options.signal?.addEventListener('abort', forwardAbort, { once: true });
  let deadlinePassed = false;
  const timer =
    real && Number.isFinite(deadlineMs)
      ? setTimeout(() => {
          deadlinePassed = true;
          controller?.abort(new DeadlineError(deadlineMs));
        }, deadlineMs)
      : undefined;
  const started = performance.now();
  try {
    const today = options.render?.today;
    return await backend.complete({ ...request, maxTokens: ANSWER_TOKEN_LIMITS[endpoint], signal: controller?.signal, ...(today ? { today } : {}) });
  } catch (error) {
    const rejection = rejectionOf(error);
    if (rejection.setupError === true) throw error;
    const wall = Math.round(performance.now() - started);
    const message = error instanceof Error ? error.message : String(error);
    if (deadlinePassed || controller?.signal.aborted || rejection.failure === 'timeout' || isAbortError(error)) {
      // An answer stated never to arrive (a scripted or injected timeout) is left to the deadline on either clock.
      const never = rejection.failure === 'timeout' && rejection.latencyMs === Number.POSITIVE_INFINITY;
      const latencyMs = never ? Number.POSITIVE_INFINITY : real ? wall : (rejection.latencyMs ?? Number.POSITIVE_INFINITY);
      const detail = deadlinePassed ? `no answer within ${deadlineMs} ms` : message;
      return { ok: false, failure: 'timeout', detail, latencyMs, model: backend.model };
    }
    const latencyMs = rejection.failure === 'error' && rejection.latencyMs !== undefined ? rejection.latencyMs : real ? wall : 0;
    return { ok: false, failure: 'error', detail: message, latencyMs, model: backend.model };
  } finally {
    clearTimeout(timer);
    options.signal?.removeEventListener('abort', forwardAbort);
  }
}

/** The abort reason when a real-clock call passes its deadline. */
class DeadlineError extends Error {
  override readonly name = 'DeadlineError';
  readonly failure = 'timeout';
  constructor(readonly latencyMs: number) {
    super(`no answer within ${latencyMs} ms`);
  }
}

function isAbortError(error: unknown): boolean {
  return error instanceof Error && (error.name === 'AbortError' || error.name === 'TimeoutError');
}
