import { LlmCallError, LlmTimeoutError, type ChatBackend, type ChatRequest, type ChatResult, type CallEndpoint } from './backend.js';

/** The seed's typical answer time (seed 002: 200-500 ms), where `--model-latency virtual` puts answers by default. */
export const DEFAULT_VIRTUAL_LATENCY_MS = 300;

/**
 * `--model-latency virtual:MS`: a model's answers, however long they took, arrive on the virtual
 * clock after MS, so the app's 3 s deadline, its fallbacks and the latency metrics follow the
 * dataset's timing and a slow model (a laptop model, a throttled endpoint) is judged on what it
 * says. Nothing aborts the call at the deadline; the real times are kept for the report.
 */
export class VirtualLatency implements ChatBackend {
  readonly name: string;
  readonly model: string;
  readonly clock = 'virtual' as const;
  private readonly wallMs = new Map<CallEndpoint, number[]>();

  constructor(
    private readonly inner: ChatBackend,
    readonly latencyMs: number,
  ) {
    this.name = inner.name;
    this.model = inner.model;
  }

  async complete(req: ChatRequest): Promise<ChatResult> {
    try {
      const result = await this.inner.complete(req);
      this.note(req.endpoint, result.latencyMs);
      return { ...result, latencyMs: this.latencyMs };
    } catch (error) {
      // A transport timeout is an answer that never came: the deadline decides, as on any clock.
      if (error instanceof LlmTimeoutError) throw new LlmTimeoutError(error.message, Number.POSITIVE_INFINITY);
      if (error instanceof LlmCallError) {
        throw new LlmCallError(error.message, { latencyMs: this.latencyMs, ...(error.status !== undefined ? { status: error.status } : {}) });
      }
      throw error;
    }
  }

  private note(endpoint: CallEndpoint, ms: number): void {
    const list = this.wallMs.get(endpoint) ?? [];
    list.push(ms);
    this.wallMs.set(endpoint, list);
  }

  /** Each endpoint's real latencies in call order, for the report (not judged). */
  wallLatencies(): ReadonlyMap<CallEndpoint, readonly number[]> {
    return this.wallMs;
  }
}

/** Reads `real`, `virtual` or `virtual:MS`; null means real. */
export function parseModelLatency(spec: string): number | null {
  if (spec === 'real') return null;
  if (spec === 'virtual') return DEFAULT_VIRTUAL_LATENCY_MS;
  const match = /^virtual:(\d{1,6})$/.exec(spec);
  if (!match) throw new Error(`--model-latency takes real, virtual or virtual:MS (a whole number of milliseconds, e.g. virtual:300), got '${spec}'`);
  return Number(match[1]);
}
