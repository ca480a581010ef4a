import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { LlmTimeoutError, PromptTooLongError, type ChatBackend, type ChatMessage, type CallEndpoint, type ResponseFormat, type Sampling } from './backend.js';
import { grammarSchemaOf, UnsupportedSchemaError } from './grammarSchema.js';
import { estimateTokens } from './tokenEstimate.js';

export interface ServerOptions {
  backend: ChatBackend;
  /** Which endpoint a request serves, told from its messages (the gateway's prompt markers; the HTTP API carries no endpoint). */
  endpointOf: (messages: readonly ChatMessage[]) => CallEndpoint | null;
  /** The day the messages name as today, passed on to the backend (one that reads no prompt needs it). */
  todayOf?: (messages: readonly ChatMessage[]) => string | null;
  host?: '127.0.0.1';
  /** 0 picks any free port. */
  port?: number;
  /** Really waited before each answer, so a client deadline can trip. */
  extraLatencyMs?: number;
  /** Every Nth chat request (1-based) fails with failStatus. */
  errorEvery?: number;
  failStatus?: 429 | 500 | 502 | 503;
  /** Where request errors are reported (default: stderr). */
  log?: (line: string) => void;
}

export interface RunningServer {
  /** Base URL for an OpenAI client, e.g. http://127.0.0.1:8787/v1 */
  url: string;
  close(): Promise<void>;
}

class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly type: string,
    message: string,
    readonly code: string | number = status,
    /** The request parameter at fault, as OpenAI's errors name it. */
    readonly param?: string,
  ) {
    super(message);
  }
}

const MAX_BODY_BYTES = 1_000_000;

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) reject(new HttpError(413, 'invalid_request_error', 'request body too large'));
      else chunks.push(chunk);
    });
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

function sendJson(res: ServerResponse, status: number, body: unknown): void {
  if (res.writableEnded || res.destroyed) return;
  const text = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) });
  res.end(text);
}

function sendError(res: ServerResponse, status: number, type: string, message: string, code: string | number = status, param?: string): void {
  sendJson(res, status, { error: { message, type, code, ...(param === undefined ? {} : { param }) } });
}

/**
 * A message longer than this is refused (413), a system prompt too: the app's lines, correction
 * contexts and prompts are a few thousand characters at most, and a model's cost grows with its
 * input (one 1 MB prompt held the reference server 15 s, a 600 KB system prompt the local model 44 s,
 * every request queued behind it).
 */
const MAX_MESSAGE_CHARS = 16 * 1024;

/** Accepts string content or OpenAI's array of text parts. */
function parseMessages(body: unknown): { model: string | undefined; messages: ChatMessage[] } {
  const { model, messages } = (body ?? {}) as { model?: unknown; messages?: unknown };
  if (!Array.isArray(messages) || messages.length === 0) {
    throw new HttpError(400, 'invalid_request_error', 'messages must be a non-empty array');
  }
  const parsed = messages.map((raw: unknown, i): ChatMessage => {
    const { role, content } = (raw ?? {}) as { role?: unknown; content?: unknown };
    if (role !== 'system' && role !== 'user' && role !== 'assistant') {
      throw new HttpError(400, 'invalid_request_error', `messages[${i}].role is not system, user or assistant`);
    }
    const text =
      typeof content === 'string'
        ? content
        : Array.isArray(content)
          ? content.map((part: { text?: unknown }) => (typeof part?.text === 'string' ? part.text : '')).join('')
          : null;
    if (text === null) throw new HttpError(400, 'invalid_request_error', `messages[${i}].content must be text`);
    if (text.length > MAX_MESSAGE_CHARS) {
      throw new HttpError(413, 'invalid_request_error', `messages[${i}].content is ${text.length} characters; this server takes at most ${MAX_MESSAGE_CHARS}`);
    }
    return { role, content: text };
  });
  return { model: typeof model === 'string' ? model : undefined, messages: parsed };
}

/** temperature, seed and max_tokens (or max_completion_tokens) as the request gives them; a value of the wrong kind is a 400. */
function parseSampling(body: unknown): Sampling {
  const { temperature, seed, max_tokens: maxTokens, max_completion_tokens: maxCompletionTokens } = (body ?? {}) as Record<string, unknown>;
  const sampling: Sampling = {};
  if (temperature !== undefined && temperature !== null) {
    if (typeof temperature !== 'number' || !(temperature >= 0 && temperature <= 2))
      throw new HttpError(400, 'invalid_request_error', 'temperature must be a number from 0 to 2');
    sampling.temperature = temperature;
  }
  if (seed !== undefined && seed !== null) {
    if (!Number.isSafeInteger(seed)) throw new HttpError(400, 'invalid_request_error', 'seed must be an integer');
    sampling.seed = seed as number;
  }
  const limit = maxCompletionTokens ?? maxTokens;
  if (limit !== undefined && limit !== null) {
    if (!Number.isSafeInteger(limit) || (limit as number) < 1) throw new HttpError(400, 'invalid_request_error', 'max_tokens must be a whole number >= 1');
    sampling.maxTokens = limit as number;
  }
  return sampling;
}

/** `response_format` as OpenAI takes it: text (none), json_object, or json_schema with its schema; anything else is a 400. */
function parseResponseFormat(body: unknown): ResponseFormat | undefined {
  const format = (body as { response_format?: unknown } | null)?.response_format;
  if (format === undefined || format === null) return undefined;
  const { type, json_schema: jsonSchema } = format as { type?: unknown; json_schema?: { name?: unknown; schema?: unknown } };
  if (type === 'text') return undefined;
  if (type === 'json_object') return { type };
  if (type === 'json_schema') {
    const schema = jsonSchema?.schema;
    if (typeof schema !== 'object' || schema === null || Array.isArray(schema)) {
      throw new HttpError(400, 'invalid_request_error', 'response_format.json_schema.schema must be a JSON Schema object', 'invalid_value');
    }
    // A schema the grammar cannot take is refused here, before the request waits its turn (an UnsupportedSchemaError, 400).
    grammarSchemaOf(schema);
    return { type, name: typeof jsonSchema?.name === 'string' ? jsonSchema.name : 'answer', schema };
  }
  throw new HttpError(
    400,
    'invalid_request_error',
    `response_format.type ${JSON.stringify(type)} is not one of 'text', 'json_object', 'json_schema'`,
    'invalid_value',
  );
}

/**
 * Parameters that would otherwise be answered as if absent (one choice, no tool call, no log
 * probabilities, no stream): the client is told, 400 naming the parameter, as for a stream.
 */
function refuseWhatIsNotServed(body: unknown): void {
  const { stream, n, logprobs, top_logprobs: topLogprobs, tool_choice: toolChoice } = (body ?? {}) as Record<string, unknown>;
  const given = (value: unknown): boolean => value !== undefined && value !== null;
  const refuse = (param: string, message: string): never => {
    throw new HttpError(400, 'invalid_request_error', message, 'unsupported_value', param);
  };
  if (stream === true) refuse('stream', 'stream: true is not supported by this server; send the request without stream');
  if (given(n) && n !== 1)
    refuse('n', `n: ${JSON.stringify(n)} is not supported by this server, which answers one choice a request; send n requests, each with n: 1 or without it`);
  if (given(logprobs) && logprobs !== false)
    refuse('logprobs', 'logprobs: true is not supported by this server, which reports no token log probabilities; send the request without it');
  if (given(topLogprobs))
    refuse('top_logprobs', 'top_logprobs is not supported by this server, which reports no token log probabilities; send the request without it');
  if (given(toolChoice) && toolChoice !== 'auto' && toolChoice !== 'none') {
    refuse(
      'tool_choice',
      `tool_choice: ${JSON.stringify(toolChoice)} is not supported by this server, which never calls a tool (its answers are text); send 'auto' or 'none', or no tools`,
    );
  }
}

/**
 * Only the user's own programs may drive the server: a browser page of another site sends its
 * Origin (a no-cors text/plain POST still runs), and DNS rebinding sends a Host that is not ours.
 */
function refuseForeignCaller(req: IncomingMessage, port: number): void {
  const ours = new Set([`127.0.0.1:${port}`, `localhost:${port}`]);
  const host = req.headers.host;
  if (host === undefined || !ours.has(host.toLowerCase())) {
    throw new HttpError(403, 'permission_error', `Host ${JSON.stringify(host ?? '')} is not this server's address (127.0.0.1:${port})`);
  }
  const origin = req.headers.origin;
  if (origin !== undefined && !ours.has(origin.toLowerCase().replace(/^http:\/\//, ''))) {
    throw new HttpError(403, 'permission_error', `requests from the web page ${JSON.stringify(origin)} are refused: only programs on this machine may call it`);
  }
}

/**
 * A local OpenAI-compatible endpoint (non-streaming chat completions and a model
 * list) in front of any ChatBackend, for tools that speak the OpenAI API.
 */
export function startServer(options: ServerOptions): Promise<RunningServer> {
  const { backend, endpointOf, todayOf, extraLatencyMs = 0, errorEvery, failStatus = 500 } = options;
  const log = options.log ?? ((line: string) => process.stderr.write(`${line}\n`));
  let chatRequests = 0;

  async function chatCompletion(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const n = ++chatRequests;
    const abort = new AbortController();
    res.on('close', () => {
      if (!res.writableFinished) abort.abort(new Error('client went away'));
    });
    const body = await readJsonBody(req);
    refuseWhatIsNotServed(body);
    const { messages } = parseMessages(body);
    const sampling = parseSampling(body);
    const responseFormat = parseResponseFormat(body);
    const endpoint = endpointOf(messages);
    if (!endpoint) {
      throw new HttpError(400, 'invalid_request_error', 'the system prompt does not start with a known TASK: marker');
    }
    if (errorEvery !== undefined && n % errorEvery === 0) {
      const type = failStatus === 429 ? 'rate_limit_exceeded' : 'server_error';
      throw new HttpError(failStatus, type, `injected failure on request ${n}`);
    }
    if (extraLatencyMs > 0) await sleep(extraLatencyMs, undefined, { signal: abort.signal });
    const today = todayOf?.(messages);
    const result = await backend.complete({
      endpoint,
      messages,
      signal: abort.signal,
      sampling,
      ...(responseFormat ? { responseFormat } : {}),
      ...(today ? { today } : {}),
    });
    sendJson(res, 200, completionBody(result, messages));
  }

  async function route(req: IncomingMessage, res: ServerResponse): Promise<void> {
    refuseForeignCaller(req, (server.address() as AddressInfo).port);
    const path = (req.url ?? '').split('?')[0];
    if (req.method === 'GET' && path === '/v1/models') {
      sendJson(res, 200, {
        object: 'list',
        data: [{ id: backend.model, object: 'model', created: 0, owned_by: `nlu-harness/${backend.name}` }],
      });
      return;
    }
    if (req.method === 'POST' && path === '/v1/chat/completions') {
      await chatCompletion(req, res);
      return;
    }
    throw new HttpError(404, 'invalid_request_error', `no route for ${req.method ?? '?'} ${path ?? ''}`);
  }

  const server = createServer((req, res) => {
    route(req, res).catch((error: unknown) => sendFailure(req, res, error, log));
  });
  return listen(server, options);
}

/** The request's body as JSON; a body that is not JSON is the client's error (400). */
async function readJsonBody(req: IncomingMessage): Promise<unknown> {
  try {
    return JSON.parse(await readBody(req));
  } catch (error) {
    if (error instanceof HttpError) throw error;
    throw new HttpError(400, 'invalid_request_error', 'body is not JSON');
  }
}

/** An OpenAI chat completion carrying the backend's answer; token counts estimated where the backend gave none. */
function completionBody(result: Awaited<ReturnType<ChatBackend['complete']>>, messages: readonly ChatMessage[]): unknown {
  const promptTokens = result.usage?.promptTokens ?? estimateTokens(messages.map((m) => m.content).join('\n'));
  const completionTokens = result.usage?.completionTokens ?? estimateTokens(result.text);
  return {
    id: `chatcmpl-${randomUUID()}`,
    object: 'chat.completion',
    created: Math.floor(Date.now() / 1000),
    model: result.model,
    choices: [{ index: 0, message: { role: 'assistant', content: result.text }, finish_reason: result.finishReason ?? 'stop', logprobs: null }],
    usage: { prompt_tokens: promptTokens, completion_tokens: completionTokens, total_tokens: promptTokens + completionTokens },
  };
}

/** A failed request as an OpenAI error: the client's mistakes as 400s, a timeout as 504, anything else as 500 (and logged). */
function sendFailure(req: IncomingMessage, res: ServerResponse, error: unknown, log: (line: string) => void): void {
  if (error instanceof HttpError) {
    sendError(res, error.status, error.type, error.message, error.code, error.param);
    return;
  }
  if (error instanceof UnsupportedSchemaError) {
    sendError(res, 400, 'invalid_request_error', `response_format.json_schema: ${error.message}`, 'invalid_value', 'response_format');
    return;
  }
  if (error instanceof PromptTooLongError) {
    sendError(res, 400, 'invalid_request_error', error.message, 'context_length_exceeded');
    return;
  }
  if (res.destroyed) return;
  const message = error instanceof Error ? error.message : String(error);
  log(`serve-llm: ${req.method ?? '?'} ${req.url ?? ''} failed: ${message}`);
  if (error instanceof LlmTimeoutError) sendError(res, 504, 'timeout', message);
  else sendError(res, 500, 'server_error', message);
}

/** Listens on the asked port and host (default: any free port on 127.0.0.1); `close` also ends open connections. */
function listen(server: Server, options: Pick<ServerOptions, 'port' | 'host'>): Promise<RunningServer> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', () => {
      const { address, port } = server.address() as AddressInfo;
      resolve({
        url: `http://${address}:${port}/v1`,
        close: () =>
          new Promise<void>((done, fail) => {
            server.close((error) => (error ? fail(error) : done()));
            server.closeAllConnections();
          }),
      });
    });
  });
}
