import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { abortableSleep } from './abortableSleep.js';
import { LlmTimeoutError, type ChatBackend, type ChatMessage, type Endpoint, type Sampling } from './backend.js';
import { estimateTokens } from './tokenEstimate.js';

export interface ServerOptions {
  backend: ChatBackend;
  /** Which endpoint a request serves, told from its messages (the gateway's prompt markers; the HTTP API carries no endpoint). */
  endpointOf: (messages: readonly ChatMessage[]) => Endpoint | null;
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

function sendError(res: ServerResponse, status: number, type: string, message: string): void {
  sendJson(res, status, { error: { message, type, code: status } });
}

/**
 * A user or assistant message longer than this is refused (413): the app's lines and correction
 * contexts are a few hundred characters, and the reference model's cost grows faster than its
 * input (one 1 MB prompt held the server, and every request queued behind it, for 15 s).
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
      typeof content === 'string' ? content
      : Array.isArray(content) ? content.map((part: { text?: unknown }) => (typeof part?.text === 'string' ? part.text : '')).join('')
      : null;
    if (text === null) throw new HttpError(400, 'invalid_request_error', `messages[${i}].content must be text`);
    if (role !== 'system' && text.length > MAX_MESSAGE_CHARS) {
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
    if (typeof temperature !== 'number' || !(temperature >= 0 && temperature <= 2)) throw new HttpError(400, 'invalid_request_error', 'temperature must be a number from 0 to 2');
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

/**
 * A local OpenAI-compatible endpoint (non-streaming chat completions and a model
 * list) in front of any ChatBackend, for tools that speak the OpenAI API.
 */
export function startServer(options: ServerOptions): Promise<RunningServer> {
  const { backend, endpointOf, extraLatencyMs = 0, errorEvery, failStatus = 500 } = options;
  const log = options.log ?? ((line: string) => process.stderr.write(`${line}\n`));
  let chatRequests = 0;

  async function chatCompletion(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const n = ++chatRequests;
    const abort = new AbortController();
    res.on('close', () => {
      if (!res.writableFinished) abort.abort(new Error('client went away'));
    });
    let body: unknown;
    try {
      body = JSON.parse(await readBody(req));
    } catch (error) {
      if (error instanceof HttpError) throw error;
      throw new HttpError(400, 'invalid_request_error', 'body is not JSON');
    }
    const { messages } = parseMessages(body);
    const sampling = parseSampling(body);
    const endpoint = endpointOf(messages);
    if (!endpoint) {
      throw new HttpError(400, 'invalid_request_error', 'the system prompt does not start with a known TASK: marker');
    }
    if (errorEvery !== undefined && n % errorEvery === 0) {
      const type = failStatus === 429 ? 'rate_limit_exceeded' : 'server_error';
      throw new HttpError(failStatus, type, `injected failure on request ${n}`);
    }
    if (extraLatencyMs > 0) await abortableSleep(extraLatencyMs, abort.signal);
    const result = await backend.complete({ endpoint, messages, signal: abort.signal, sampling });
    const promptTokens = result.usage?.promptTokens ?? estimateTokens(messages.map((m) => m.content).join('\n'));
    const completionTokens = result.usage?.completionTokens ?? estimateTokens(result.text);
    sendJson(res, 200, {
      id: `chatcmpl-${randomUUID()}`,
      object: 'chat.completion',
      created: Math.floor(Date.now() / 1000),
      model: result.model,
      choices: [
        { index: 0, message: { role: 'assistant', content: result.text }, finish_reason: 'stop', logprobs: null },
      ],
      usage: { prompt_tokens: promptTokens, completion_tokens: completionTokens, total_tokens: promptTokens + completionTokens },
    });
  }

  async function route(req: IncomingMessage, res: ServerResponse): Promise<void> {
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
    route(req, res).catch((error: unknown) => {
      if (error instanceof HttpError) {
        sendError(res, error.status, error.type, error.message);
        return;
      }
      if (res.destroyed) return;
      const message = error instanceof Error ? error.message : String(error);
      log(`serve-llm: ${req.method ?? '?'} ${req.url ?? ''} failed: ${message}`);
      if (error instanceof LlmTimeoutError) sendError(res, 504, 'timeout', message);
      else sendError(res, 500, 'server_error', message);
    });
  });

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
