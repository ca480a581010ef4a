import { abortableSleep } from './abortableSleep.js';
import { LlmCallError, LlmTimeoutError, type ChatBackend, type ChatRequest, type ChatResult } from './backend.js';
import { seededRandom } from './seededRandom.js';

export interface FaultOptions {
  /** Seed of the PRNG behind the *Rate options (default 1). */
  seed?: number;
  /** Added to every answer: waited for on a real clock, added to latencyMs on a virtual one. */
  extraLatencyMs?: number;
  errorRate?: number;
  /** Every Nth call (1-based) fails with LlmCallError. */
  errorEvery?: number;
  timeoutRate?: number;
  malformedRate?: number;
  /** Every Nth call answers with text that holds no complete JSON object. */
  malformedEvery?: number;
}

/** Cuts the answer in half: never a complete JSON object, and stable for a given text. */
export function malformedText(text: string): string {
  return text.slice(0, Math.floor(text.length / 2));
}

/** Wraps a backend and injects latency, errors, timeouts and malformed text, deterministically. */
export class FaultInjectingBackend implements ChatBackend {
  readonly name: string;
  readonly model: string;
  readonly clock: 'virtual' | 'real';
  private readonly random: () => number;
  private calls = 0;

  constructor(
    private readonly inner: ChatBackend,
    private readonly options: FaultOptions,
  ) {
    this.name = `faults(${inner.name})`;
    this.model = inner.model;
    this.clock = inner.clock;
    this.random = seededRandom(options.seed ?? 1);
  }

  async complete(req: ChatRequest): Promise<ChatResult> {
    const n = ++this.calls;
    // Three draws on every call, so one option's setting never shifts another's sequence.
    const errorDraw = this.random();
    const timeoutDraw = this.random();
    const malformedDraw = this.random();
    const { errorEvery, malformedEvery, errorRate = 0, timeoutRate = 0, malformedRate = 0 } = this.options;
    const extra = this.options.extraLatencyMs ?? 0;

    if ((errorEvery !== undefined && n % errorEvery === 0) || errorDraw < errorRate) {
      throw new LlmCallError(`injected error on call ${n}`, { latencyMs: extra });
    }
    if (timeoutDraw < timeoutRate) {
      throw new LlmTimeoutError(`injected timeout on call ${n}`, Number.POSITIVE_INFINITY);
    }
    if (this.clock === 'real' && extra > 0) await abortableSleep(extra, req.signal);
    const result = await this.inner.complete(req);
    const malformed = (malformedEvery !== undefined && n % malformedEvery === 0) || malformedDraw < malformedRate;
    return {
      ...result,
      text: malformed ? malformedText(result.text) : result.text,
      latencyMs: result.latencyMs + extra,
    };
  }
}
