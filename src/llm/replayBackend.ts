import { HarnessSetupError, lastUserMessage, type ChatBackend, type ChatRequest, type ChatResult } from './backend.js';
import { CassetteError, requestKey, summarizeRequest, type Cassette, type CassetteEntry, type CassetteSample } from './cassette.js';

export class CassetteMissError extends HarnessSetupError {
  override readonly name = 'CassetteMissError';
}

function resultOf(entry: CassetteEntry, sample: CassetteSample): ChatResult {
  const result: ChatResult = { text: sample.text, latencyMs: sample.latencyMs, model: sample.served?.model ?? entry.model, replayed: true };
  if (sample.usage) result.usage = { ...sample.usage };
  if (sample.served?.fingerprint !== undefined) result.fingerprint = sample.served.fingerprint;
  return result;
}

/**
 * Answers only from the cassette, with the recorded latency (virtual clock): run i of `--repeat`
 * gets the i-th recorded sample. The model name is part of the key: by default the cassette's only model.
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
    const run = req.sample ?? 0;
    const sample = entry?.samples[run];
    if (!entry || !sample) {
      const why = entry
        ? `run ${run + 1} of the recording (${entry.runs} run${entry.runs === 1 ? '' : 's'}) never sent this request: the replay went another way than the recording`
        : this.explainMiss(req);
      return Promise.reject(
        new CassetteMissError(
          `cassette ${this.cassette.path} has no '${req.endpoint}' answer from ${this.model} ` +
            `for user message: ${lastUserMessage(req.messages)} (key ${key.slice(0, 12)}): ${why}`,
        ),
      );
    }
    return Promise.resolve(resultOf(entry, sample));
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
 * Wraps a backend and records every answer in the cassette (saved after each one), one sample per
 * run of `--repeat`. Every request goes to the model: a cassette never stands in for it, so a
 * model changed under the same name is measured, not hidden. Within the run, a request sent again
 * by the same run number (two dialogues saying the same thing) gets that run's answer, so a replay
 * of the cassette reproduces the run.
 */
export class RecordingBackend implements ChatBackend {
  readonly name: string;
  readonly model: string;
  readonly clock: 'virtual' | 'real';
  private readonly sampled = new Map<string, Promise<ChatResult>>();

  constructor(
    private readonly inner: ChatBackend,
    private readonly cassette: Cassette,
    /** The run's `--repeat`: how many samples each request gets. */
    private readonly runs = 1,
  ) {
    this.name = `record(${inner.name})`;
    this.model = inner.model;
    this.clock = inner.clock;
  }

  complete(req: ChatRequest): Promise<ChatResult> {
    const key = requestKey(req.endpoint, this.model, req.messages);
    const run = req.sample ?? 0;
    const sampleKey = `${key}#${run}`;
    const earlier = this.sampled.get(sampleKey);
    if (earlier) return earlier;
    const call = this.record(key, run, req);
    this.sampled.set(sampleKey, call);
    // A failed call is not an answer: the next asker tries the model again.
    call.catch(() => this.sampled.delete(sampleKey));
    return call;
  }

  private async record(key: string, run: number, req: ChatRequest): Promise<ChatResult> {
    const result = await this.inner.complete(req);
    const sample: CassetteSample = { text: result.text, latencyMs: Math.round(result.latencyMs) };
    if (result.usage) sample.usage = result.usage;
    sample.served = { model: result.model, ...(result.fingerprint !== undefined ? { fingerprint: result.fingerprint } : {}) };
    this.cassette.record({ key, endpoint: req.endpoint, model: this.model, request: summarizeRequest(req.messages) }, this.runs, run, sample);
    await this.cassette.save();
    return result;
  }
}
