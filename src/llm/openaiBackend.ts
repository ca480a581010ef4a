import OpenAI, { APIConnectionError, APIConnectionTimeoutError, APIError, APIUserAbortError } from 'openai';
import { setTimeout as sleep } from 'node:timers/promises';
import { boundedFetch, MAX_ANSWER_BYTES } from './boundedFetch.js';
import { secretRedactor } from './redactSecret.js';
import { outsideName } from '../util/outsideText.js';
import { DEFAULT_TEMPERATURE, LlmCallError, LlmTimeoutError, type ChatBackend, type ChatRequest, type ChatResult, type ResponseFormatMode } from './backend.js';
import { retryDelayMs } from './retryAfter.js';

export interface OpenAiBackendOptions {
  /** Any OpenAI-compatible base URL, e.g. http://127.0.0.1:8787/v1. */
  baseURL: string;
  apiKey: string;
  model: string;
  temperature?: number;
  /**
   * Sent as each request's `seed`, mixed with the request's run of --repeat (seedForRun) and its
   * dialogue (requestSeed), so a server that honours it answers each run of each dialogue with its
   * own reproducible sample. None: no seed sent.
   */
  seed?: number;
  /** `--response-format`: none (the default, the app's own call), json_object, or json_schema with the request's answer schema. */
  responseFormat?: ResponseFormatMode;
  /** Retries after a 429, a 5xx or a connection error (default 2). */
  maxRetries?: number;
  /** First backoff; doubles on each retry (default 500 ms). */
  backoffMs?: number;
  /** Transport timeout of one HTTP attempt (default 60 s); the gateway's deadline comes through the signal. */
  requestTimeoutMs?: number;
  /** Told of every answer and every 429, retried or not (the run counts them; an adaptive pool narrows on a 429). */
  traffic?: { answered(): void; rateLimited(): void };
}

/** Between the seeds of a request's draws: far above any run of --repeat. */
const DRAW_SEED_STEP = 1_000;

/** The seed run `sample` of --repeat sends: runs of one seed, and the runs of neighbouring seeds, never share one. */
export function seedForRun(seed: number, sample: number): number {
  return seed * 1_000_003 + sample;
}

/**
 * The `seed` a request sends. A request that names its dialogue gets that dialogue's own seed (31 bits
 * of a hash of the run's seed and the id): without it, every dialogue that opens with the same
 * words would get the same sample, so one unlucky draw would break them all at once and the gate,
 * which counts dialogues as independent, would read one draw as many (issue 45).
 */
export function requestSeed(seed: number, req: Pick<ChatRequest, 'sample' | 'draw' | 'dialogue'>): number {
  const run = seedForRun(seed, req.sample ?? 0) + DRAW_SEED_STEP * (req.draw ?? 0);
  if (req.dialogue === undefined) return run;
  let h = 0x811c9dc5;
  for (const ch of `${run}\u0000${req.dialogue}`) h = Math.imul(h ^ ch.codePointAt(0)!, 0x01000193) >>> 0;
  return h >>> 1;
}

/** The request's `response_format` for a mode, or nothing for none (and for a request that carries no schema). */
function responseFormatFor(mode: ResponseFormatMode, req: ChatRequest): Record<string, unknown> {
  if (mode === 'json_object') return { response_format: { type: 'json_object' } };
  if (mode === 'json_schema' && req.answerSchema) {
    return { response_format: { type: 'json_schema', json_schema: { name: `${req.endpoint}_answer`, schema: req.answerSchema, strict: false } } };
  }
  return {};
}

/** Reads the key from the environment; the error names the variable, never a value. */
export function readApiKey(envName = 'OPENAI_API_KEY', env: NodeJS.ProcessEnv = process.env): string {
  const key = env[envName];
  if (!key) throw new Error(`environment variable ${envName} is not set (it should hold the API key)`);
  return key;
}

function isRetryable(error: unknown): boolean {
  if (error instanceof APIUserAbortError || error instanceof APIConnectionTimeoutError) return false;
  if (error instanceof APIConnectionError) return true;
  if (error instanceof APIError) return error.status === 429 || (error.status !== undefined && error.status >= 500);
  return false;
}

/** The answer's text; content of another shape (an array, a number, an object) is a failed call, not text. */
function answerText(content: unknown, redact: (text: string) => string, latencyMs: number): string {
  if (content === null || content === undefined) return '';
  if (typeof content === 'string') return redact(content);
  const kind = Array.isArray(content) ? 'a list' : typeof content;
  throw new LlmCallError(`the answer's message.content is ${kind}, not text`, { latencyMs });
}

/** Real model calls through the openai SDK (clock 'real'). */
export class OpenAiBackend implements ChatBackend {
  readonly name = 'openai';
  readonly clock = 'real' as const;
  readonly model: string;
  private readonly client: OpenAI;
  private readonly temperature: number;
  private readonly seed: number | undefined;
  private readonly responseFormat: ResponseFormatMode;
  private readonly maxRetries: number;
  private readonly backoffMs: number;
  private readonly redact: (text: string) => string;
  private readonly traffic: OpenAiBackendOptions['traffic'];

  constructor(options: OpenAiBackendOptions) {
    this.traffic = options.traffic;
    this.model = options.model;
    this.temperature = options.temperature ?? DEFAULT_TEMPERATURE;
    this.seed = options.seed;
    this.responseFormat = options.responseFormat ?? 'none';
    this.maxRetries = options.maxRetries ?? 2;
    this.backoffMs = options.backoffMs ?? 500;
    this.client = new OpenAI({
      apiKey: options.apiKey,
      baseURL: options.baseURL,
      maxRetries: 0,
      timeout: options.requestTimeoutMs ?? 60_000,
      fetch: boundedFetch({ maxBytes: MAX_ANSWER_BYTES, maxMs: options.requestTimeoutMs ?? 60_000 }),
    });
    // Answers and error bodies may echo request headers; nothing the key is in leaves this class.
    this.redact = secretRedactor(options.apiKey);
  }

  async complete(req: ChatRequest): Promise<ChatResult> {
    const started = performance.now();
    const elapsed = (): number => Math.round(performance.now() - started);
    for (let attempt = 0; ; attempt++) {
      try {
        const response = await this.client.chat.completions.create(
          {
            model: this.model,
            messages: req.messages,
            temperature: this.temperature,
            ...(this.seed === undefined ? {} : { seed: requestSeed(this.seed, req) }),
            ...(req.maxTokens === undefined ? {} : { max_tokens: req.maxTokens }),
            ...responseFormatFor(this.responseFormat, req),
          },
          req.signal ? { signal: req.signal } : {},
        );
        const result: ChatResult = {
          text: answerText(response.choices?.[0]?.message?.content, this.redact, elapsed()),
          latencyMs: elapsed(),
          // The server's name for the model is outside text: bounded and inert before it reaches a cassette or a report.
          model: typeof response.model === 'string' && response.model !== '' ? outsideName(this.redact(response.model)) : this.model,
        };
        this.traffic?.answered();
        if (typeof response.system_fingerprint === 'string' && response.system_fingerprint !== '') {
          result.fingerprint = outsideName(this.redact(response.system_fingerprint));
        }
        if (response.usage && typeof response.usage.prompt_tokens === 'number' && typeof response.usage.completion_tokens === 'number') {
          result.usage = {
            promptTokens: response.usage.prompt_tokens,
            completionTokens: response.usage.completion_tokens,
          };
        }
        return result;
      } catch (error) {
        if (error instanceof APIError && error.status === 429) this.traffic?.rateLimited();
        if (req.signal?.aborted || error instanceof APIUserAbortError || error instanceof APIConnectionTimeoutError) {
          throw new LlmTimeoutError(`${this.model}: call aborted after ${elapsed()} ms`, elapsed());
        }
        if (attempt < this.maxRetries && isRetryable(error)) {
          try {
            // A 429's retry-after (or retry-after-ms) wins over the doubling back-off.
            await sleep(retryDelayMs(error, this.backoffMs * 2 ** attempt), undefined, req.signal ? { signal: req.signal } : {});
          } catch {
            throw new LlmTimeoutError(`${this.model}: call aborted after ${elapsed()} ms`, elapsed());
          }
          continue;
        }
        throw this.callError(error, attempt, elapsed());
      }
    }
  }

  /** A fresh error with a redacted message and no cause, so no SDK object carrying request data leaks. */
  private callError(error: unknown, attempt: number, latencyMs: number): LlmCallError {
    const status = error instanceof APIError ? (error.status as number | undefined) : undefined;
    const message = error instanceof Error ? error.message : String(error);
    const tries = attempt + 1;
    const details: { status?: number; latencyMs: number } = { latencyMs };
    if (status !== undefined) details.status = status;
    return new LlmCallError(this.redact(`${this.model}: call failed after ${tries} attempt${tries > 1 ? 's' : ''}: ${message}`), details);
  }
}
