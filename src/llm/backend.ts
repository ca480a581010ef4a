/** The three server endpoints a chat request can serve. */
export const ENDPOINTS = ['parse', 'correct', 'conversation'] as const;
export type Endpoint = (typeof ENDPOINTS)[number];
/** What a request may be for: the app's three endpoints, or a simulated user's next line (issue 46, src/users/userModel.ts). */
export type CallEndpoint = Endpoint | 'user';

/** One canned answer: model text (`raw` wins over `text`) or a fault. */
export interface ScriptedAnswer {
  text?: string;
  raw?: string;
  fault?: 'timeout' | 'error';
  latencyMs?: number;
}

/**
 * A turn's answers by endpoint. `any` answers the turn's one call that has no answer of its own,
 * whichever endpoint the run actually calls (the dataset's turn-level `raw:` / `fault:`).
 */
export type TurnScript = Partial<Record<Endpoint | 'any', ScriptedAnswer>>;
export type ScriptKey = keyof TurnScript;

/**
 * What a backend that answers only from the dataset's script takes from the run: each turn's
 * answers before the turn, and afterwards which of them no call asked for.
 */
export interface ScriptedTurns {
  setTurn(script: TurnScript | undefined): void;
  unusedAnswers(): { endpoint: ScriptKey; answer: ScriptedAnswer }[];
}

export interface ChatMessage {
  role: 'system' | 'user' | 'assistant';
  content: string;
}

export interface ChatRequest {
  endpoint: CallEndpoint;
  messages: ChatMessage[];
  signal?: AbortSignal;
  /**
   * Which run of the dialogue (`--repeat`) asks, 0-based: each run is an independent sample of the
   * model, so a cassette keeps one answer per sample and never hands run i the answer of run j.
   */
  sample?: number;
  /** A request drawn again (a simulated user's line the guard refused, issue 46): a seeded model samples anew for each draw. */
  draw?: number;
  /**
   * The dialogue (or simulated user) that asks, by id: a seeded model draws each dialogue apart, so
   * two dialogues that send the same request are two samples, not one answer counted twice.
   */
  dialogue?: string;
  /** How the model should sample, as an OpenAI-compatible request states it (a server passes them on; most backends ignore them). */
  sampling?: Sampling;
  /** The longest answer the caller will wait for, in tokens (the gateway's per-endpoint limit), sent as max_tokens. */
  maxTokens?: number;
  /**
   * The JSON Schema of a valid answer to this very request (the gateway narrows it: a correction's
   * index is one of this batch's), sent as `response_format` when the run asks for one.
   */
  answerSchema?: object;
  /** Held to a JSON shape: `json_object` any object, `json_schema` this schema. Absent: free text. */
  responseFormat?: ResponseFormat;
  /**
   * The day the prompt names as today (YYYY-MM-DD). Only a backend that reads no prompt uses it
   * (the heuristic reference resolves 昨天 with it); a model reads it in the prompt.
   */
  today?: string;
}

/** OpenAI's `response_format`, as a server is asked for it. */
export type ResponseFormat = { type: 'json_object' } | { type: 'json_schema'; name: string; schema: object };

/** `--response-format`: none is the app's own call (seed 002 asks for a bare JSON object in the prompt only). */
export const RESPONSE_FORMATS = ['none', 'json_object', 'json_schema'] as const;
export type ResponseFormatMode = (typeof RESPONSE_FORMATS)[number];

/** The temperature a model over HTTP is sent when the run names none: the most reproducible answers. */
export const DEFAULT_TEMPERATURE = 0;

export interface Sampling {
  temperature?: number;
  seed?: number;
  maxTokens?: number;
}

export interface TokenUsage {
  promptTokens: number;
  completionTokens: number;
}

export interface ChatResult {
  text: string;
  latencyMs: number;
  /** The model the server says answered (may differ from the name asked for). */
  model: string;
  usage?: TokenUsage;
  /** Why generation ended, when the backend knows: `length` means it was cut at max_tokens. */
  finishReason?: 'stop' | 'length';
  /** The server's `system_fingerprint`: its configuration, which can change under one model name. */
  fingerprint?: string;
  /** The answer came from a cassette, not from the model during this run. */
  replayed?: boolean;
}

export interface ChatBackend {
  readonly name: string;
  readonly model: string;
  /**
   * 'virtual': latencyMs is a modelled figure and the call returns at once, so a
   * deadline is judged by comparing latencyMs with it. 'real': wall-clock time.
   */
  readonly clock: 'virtual' | 'real';
  /**
   * Present when the backend answers only what the dataset scripts (the scripted backend): the run
   * hands it each turn's answers, judges its text exactly and never asks it for dialogues only a
   * script can satisfy the probe for. A wrapper does not pass it on.
   */
  readonly script?: ScriptedTurns;
  complete(req: ChatRequest): Promise<ChatResult>;
}

/** The app endpoint a request is for: a simulated user's line is asked only of a model (over HTTP or from a cassette), never of a script. */
export function appEndpoint(req: ChatRequest): Endpoint {
  if (req.endpoint === 'user') throw new LlmCallError("a simulated user's line was asked of a backend that answers only the app's calls");
  return req.endpoint;
}

/** The model did not answer before the deadline (or the call was aborted). */
export class LlmTimeoutError extends Error {
  override readonly name = 'LlmTimeoutError';
  /** Read by the gateway, which does not import this class. */
  readonly failure = 'timeout';
  constructor(
    message: string,
    readonly latencyMs: number,
  ) {
    super(message);
  }
}

/** The call failed: transport error, HTTP error status, injected fault. */
export class LlmCallError extends Error {
  override readonly name = 'LlmCallError';
  readonly failure = 'error';
  readonly status: number | undefined;
  readonly latencyMs: number | undefined;
  constructor(message: string, details: { status?: number; latencyMs?: number } = {}) {
    super(message);
    this.status = details.status;
    this.latencyMs = details.latencyMs;
  }
}

/**
 * A mistake in how the harness was set up (a script that did not anticipate a call,
 * a cassette without the entry). Unlike model failures these must reach the run
 * and be reported; the gateway never turns them into a fallback outcome.
 */
export class HarnessSetupError extends Error {
  override readonly name: string = 'HarnessSetupError';
  /** Read by the gateway: rethrown, never counted as a model failure. */
  readonly setupError = true;
}

export function lastUserMessage(messages: readonly ChatMessage[]): string {
  for (let i = messages.length - 1; i >= 0; i--) {
    const message = messages[i];
    if (message?.role === 'user') return message.content;
  }
  return '';
}

/** The backend as run `sample` of a dialogue sees it: every request it sends carries that run number (and the dialogue's id). */
export function asRun(backend: ChatBackend, sample: number, dialogue?: string): ChatBackend {
  const asked = dialogue === undefined ? { sample } : { sample, dialogue };
  return { name: backend.name, model: backend.model, clock: backend.clock, complete: (req) => backend.complete({ ...req, ...asked }) };
}

/** The prompt does not fit the model's context: refused whole, never cut (a server answers 400 `context_length_exceeded`). */
export class PromptTooLongError extends Error {
  override readonly name = 'PromptTooLongError';
  constructor(
    readonly promptTokens: number,
    readonly maxTokens: number,
    readonly contextTokens: number,
  ) {
    super(
      `this model's context holds ${contextTokens} tokens; the request needs ${promptTokens + maxTokens} ` +
        `(${promptTokens} in the messages, ${maxTokens} for the answer): shorten the messages or lower max_tokens`,
    );
  }
}
