import {
  HarnessSetupError,
  lastUserMessage,
  type ChatBackend,
  type ChatRequest,
  type ChatResult,
} from './backend.js';
import { CassetteError, requestKey, summarizeRequest, type Cassette, type CassetteEntry } from './cassette.js';

export class CassetteMissError extends HarnessSetupError {
  override readonly name = 'CassetteMissError';
}

function resultOf(entry: CassetteEntry): ChatResult {
  const result: ChatResult = { text: entry.text, latencyMs: entry.latencyMs, model: entry.model };
  if (entry.usage) result.usage = { ...entry.usage };
  return result;
}

/**
 * Answers only from the cassette, with the recorded latency (virtual clock).
 * The model name is part of the key: by default the cassette's only model.
 */
export class ReplayBackend implements ChatBackend {
  readonly name = 'replay';
  readonly clock = 'virtual' as const;
  readonly model: string;

  constructor(
    private readonly cassette: Cassette,
    options: { model?: string } = {},
  ) {
    const models = cassette.models();
    if (options.model !== undefined) this.model = options.model;
    else if (models.length <= 1) this.model = models[0] ?? 'replay';
    else throw new CassetteError(`${cassette.path} holds several models (${models.join(', ')}); name one`);
  }

  complete(req: ChatRequest): Promise<ChatResult> {
    const key = requestKey(req.endpoint, this.model, req.messages);
    const entry = this.cassette.get(key);
    if (!entry) {
      return Promise.reject(
        new CassetteMissError(
          `cassette ${this.cassette.path} has no '${req.endpoint}' answer from ${this.model} ` +
            `for user message: ${lastUserMessage(req.messages)} (key ${key.slice(0, 12)}): ${this.explainMiss(req)}`,
        ),
      );
    }
    return Promise.resolve(resultOf(entry));
  }

  /** What differs from the nearest recorded request: the system prompt, the history, or the input itself. */
  private explainMiss(req: ChatRequest): string {
    const wanted = summarizeRequest(req.messages);
    const same = this.cassette.entries().filter((e) => e.endpoint === req.endpoint && e.model === this.model);
    const sameInput = same.filter((e) => e.request.userMessage === wanted.userMessage);
    if (sameInput.length === 0) {
      return same.length === 0
        ? `nothing was recorded for '${req.endpoint}' from ${this.model}`
        : 'this user input was never recorded (a dataset change?); record again with --record';
    }
    if (sameInput.some((e) => e.request.systemSha256 !== undefined && e.request.systemSha256 !== wanted.systemSha256)) {
      return 'the same user input was recorded with another system prompt: prompts/ changed since the recording; record again with --record';
    }
    if (sameInput.every((e) => e.request.messageCount !== wanted.messageCount)) {
      return 'the same user input was recorded with another conversation history';
    }
    return 'the same user input was recorded, but the request differs elsewhere (batch context or model)';
  }
}

/**
 * Wraps a backend and records every new answer in the cassette (saved after each
 * one). Doubles as a cache: a request already recorded is answered from the
 * cassette and not sent again.
 */
export class RecordingBackend implements ChatBackend {
  readonly name: string;
  readonly model: string;
  readonly clock: 'virtual' | 'real';
  private readonly inFlight = new Map<string, Promise<ChatResult>>();

  constructor(
    private readonly inner: ChatBackend,
    private readonly cassette: Cassette,
  ) {
    this.name = `record(${inner.name})`;
    this.model = inner.model;
    this.clock = inner.clock;
  }

  complete(req: ChatRequest): Promise<ChatResult> {
    const key = requestKey(req.endpoint, this.model, req.messages);
    const recorded = this.cassette.get(key);
    if (recorded) return Promise.resolve(resultOf(recorded));
    const pending = this.inFlight.get(key);
    if (pending) return pending;
    const call = this.record(key, req).finally(() => this.inFlight.delete(key));
    this.inFlight.set(key, call);
    return call;
  }

  private async record(key: string, req: ChatRequest): Promise<ChatResult> {
    const result = await this.inner.complete(req);
    const entry: CassetteEntry = {
      key,
      endpoint: req.endpoint,
      model: this.model,
      request: summarizeRequest(req.messages),
      text: result.text,
      latencyMs: Math.round(result.latencyMs),
    };
    if (result.usage) entry.usage = result.usage;
    this.cassette.put(entry);
    await this.cassette.save();
    return result;
  }
}
