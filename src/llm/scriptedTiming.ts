import { appEndpoint, LlmCallError, LlmTimeoutError, type ChatBackend, type ChatRequest, type ChatResult, type Endpoint } from './backend.js';

/** When and how a scripted turn's answer arrives, without its content. */
export interface ScriptedArrival {
  readonly latencyMs?: number;
  readonly fault?: 'timeout' | 'error';
}

export type TurnTiming = Partial<Record<Endpoint | 'any', ScriptedArrival>>;

/**
 * Applies a dataset's timing faults around any backend: the content comes from the backend, the
 * arrival from the script (a latency on the virtual clock, a timeout, an error). This is what lets
 * the deadline and fault dialogues judge a real model too. `any` is the turn-level fault: it
 * applies to the first call of the turn that has no timing of its own, once.
 */
export class ScriptedTiming implements ChatBackend {
  readonly name: string;
  readonly model: string;
  readonly clock: 'virtual' | 'real';
  private timing: TurnTiming = {};
  private anyUsed = false;

  constructor(private readonly inner: ChatBackend) {
    this.name = inner.name;
    this.model = inner.model;
    this.clock = inner.clock;
  }

  setTurn(timing: TurnTiming | undefined): void {
    this.timing = timing ?? {};
    this.anyUsed = false;
  }

  async complete(req: ChatRequest): Promise<ChatResult> {
    const arrival = this.arrivalFor(appEndpoint(req));
    if (arrival?.fault === 'timeout') throw new LlmTimeoutError('scripted timeout', Number.POSITIVE_INFINITY);
    if (arrival?.fault === 'error') throw new LlmCallError('scripted error', { latencyMs: arrival.latencyMs ?? 0 });
    const result = await this.inner.complete(req);
    return arrival?.latencyMs === undefined ? result : { ...result, latencyMs: arrival.latencyMs };
  }

  private arrivalFor(endpoint: Endpoint): ScriptedArrival | undefined {
    const own = this.timing[endpoint];
    if (own) return own;
    if (this.timing.any && !this.anyUsed) {
      this.anyUsed = true;
      return this.timing.any;
    }
    return undefined;
  }
}
