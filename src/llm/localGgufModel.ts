import { createLimiter } from './concurrencyLimit.js';
import { LlmTimeoutError, type ChatBackend, type ChatMessage, type ChatRequest, type ChatResult } from './backend.js';

// The part of node-llama-cpp used here. It is an optional dependency loaded at run time, so its
// own types cannot be imported: a checkout where it did not install must still compile.
type HistoryItem = { type: 'system' | 'user'; text: string } | { type: 'model'; response: string[] };
interface Sequence {
  readonly contextTokens: readonly number[];
  readonly tokenMeter: { readonly usedInputTokens: number; readonly usedOutputTokens: number };
}
interface Chat {
  generateResponse(
    history: HistoryItem[],
    options: { temperature: number; seed?: number; maxTokens: number; signal?: AbortSignal },
  ): Promise<{ response: string }>;
}
interface Context {
  getSequence(): Sequence;
  dispose(): Promise<void>;
}
interface Model {
  createContext(options: { contextSize: number; sequences: number; threads: number }): Promise<Context>;
  dispose(): Promise<void>;
}
export interface Runtime {
  getLlama(options: { gpu: false; build: 'never'; logLevel: 'error' }): Promise<{
    loadModel(options: { modelPath: string }): Promise<Model>;
    dispose(): Promise<void>;
  }>;
  LlamaChat: new (options: { contextSequence: Sequence }) => Chat;
}

export const RUNTIME_PACKAGE = 'node-llama-cpp';

/** node-llama-cpp is not installed (it is optional): says how to get it. */
export class RuntimeMissingError extends Error {
  override readonly name = 'RuntimeMissingError';
}

/** The specifier is a parameter so bundlers and the dependency check leave the optional package alone (and a test can name a missing one). */
export async function loadRuntime(specifier: string = RUNTIME_PACKAGE): Promise<Runtime> {
  try {
    return (await import(specifier)) as Runtime;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ERR_MODULE_NOT_FOUND') throw error;
    throw new RuntimeMissingError(
      `${specifier} is not installed. It is an optional dependency of nlu-harness: \`npm install\` (or \`npm ci\`) installs it ` +
        'with its prebuilt CPU binary where the platform has one; npm leaves it out when it fails, and every other command works without it',
    );
  }
}

export interface LocalModelOptions {
  /** The GGUF file. */
  readonly gguf: string;
  /** What answers name as their model (llm/localModel.ts modelLabel). */
  readonly label: string;
  /** Distinct system prompts whose KV cache is kept at once, one context sequence each (default 4). */
  readonly promptSlots?: number;
  /** Tokens each sequence holds: system prompt, input and answer (default 4096). */
  readonly contextTokens?: number;
  /** Longest answer, in tokens; a request's max_tokens can only lower it (default 512). */
  readonly maxTokens?: number;
  /** CPU threads for evaluation (default 1: on a busy 2-core machine two threads wait on each other, ~10× slower). */
  readonly threads?: number;
  /** Told of every request: its endpoint, prompt tokens (how many came from the cache), answer tokens and time; or that it was stopped. */
  readonly log?: (line: string, kind: 'answered' | 'stopped') => void;
}

/** One context sequence, holding the KV cache of one system prompt. */
interface PromptSlot {
  system: string | null;
  lastUsed: number;
  readonly sequence: Sequence;
  readonly chat: Chat;
}

const toHistory = (messages: readonly ChatMessage[]): HistoryItem[] => [
  ...messages.map((m): HistoryItem => (m.role === 'assistant' ? { type: 'model', response: [m.content] } : { type: m.role, text: m.content })),
  { type: 'model', response: [] },
];

/**
 * A GGUF model on this machine's CPU (llama.cpp through node-llama-cpp), answering one request at
 * a time. Each distinct system prompt keeps its own sequence, so its evaluated tokens stay cached:
 * the parse and correction prompts never evict each other, and a request pays only for the tokens
 * after its system prompt. An aborted request stops generating at once.
 */
export class LocalGgufModel implements ChatBackend {
  readonly name = 'local-gguf';
  readonly clock = 'real' as const;
  readonly model: string;
  private readonly oneAtATime = createLimiter(1);
  private readonly log: NonNullable<LocalModelOptions['log']>;
  private uses = 0;

  private constructor(
    options: LocalModelOptions,
    private readonly slots: PromptSlot[],
    private readonly maxTokens: number,
    private readonly release: () => Promise<void>,
  ) {
    this.model = options.label;
    this.log = options.log ?? (() => {});
  }

  static async load(runtime: Runtime, options: LocalModelOptions): Promise<LocalGgufModel> {
    const llama = await runtime.getLlama({ gpu: false, build: 'never', logLevel: 'error' });
    const model = await llama.loadModel({ modelPath: options.gguf });
    const count = options.promptSlots ?? 4;
    const context = await model.createContext({ contextSize: options.contextTokens ?? 4096, sequences: count, threads: options.threads ?? 1 });
    const slots = Array.from({ length: count }, (): PromptSlot => {
      const sequence = context.getSequence();
      return { system: null, lastUsed: 0, sequence, chat: new runtime.LlamaChat({ contextSequence: sequence }) };
    });
    const release = async (): Promise<void> => {
      await context.dispose();
      await model.dispose();
      await llama.dispose();
    };
    return new LocalGgufModel(options, slots, options.maxTokens ?? 512, release);
  }

  complete(req: ChatRequest): Promise<ChatResult> {
    return this.oneAtATime(() => this.generate(req));
  }

  private async generate(req: ChatRequest): Promise<ChatResult> {
    const started = performance.now();
    const elapsed = (): number => Math.round(performance.now() - started);
    // A client that left while its request waited its turn costs no generation.
    if (req.signal?.aborted) throw new LlmTimeoutError(`${this.model}: request given up before its turn`, elapsed());
    const slot = this.slotFor(req.messages.find((m) => m.role === 'system')?.content ?? '');
    const meter = slot.sequence.tokenMeter;
    const [inputBefore, outputBefore] = [meter.usedInputTokens, meter.usedOutputTokens];
    const { temperature = 1, seed, maxTokens } = req.sampling ?? {};
    try {
      const answer = await slot.chat.generateResponse(toHistory(req.messages), {
        temperature,
        ...(seed === undefined ? {} : { seed }),
        maxTokens: Math.min(maxTokens ?? this.maxTokens, this.maxTokens),
        ...(req.signal ? { signal: req.signal } : {}),
      });
      const completionTokens = meter.usedOutputTokens - outputBefore;
      const promptTokens = Math.max(0, slot.sequence.contextTokens.length - completionTokens);
      // The meter counts prompt tokens evaluated now: the rest came from the sequence's cache.
      const cached = Math.max(0, promptTokens - (meter.usedInputTokens - inputBefore));
      this.log(`${req.endpoint}: ${promptTokens} prompt tokens (${cached} cached), ${completionTokens} answer tokens, ${elapsed()} ms`, 'answered');
      return { text: answer.response, latencyMs: elapsed(), model: this.model, usage: { promptTokens, completionTokens } };
    } catch (error) {
      if (!req.signal?.aborted) throw error;
      this.log(`${req.endpoint}: stopped after ${meter.usedOutputTokens - outputBefore} answer tokens, ${elapsed()} ms (${String((req.signal.reason as Error)?.message ?? 'aborted')})`, 'stopped');
      throw new LlmTimeoutError(`${this.model}: generation stopped after ${elapsed()} ms (the request was aborted)`, elapsed());
    }
  }

  /** The sequence that already holds this system prompt, else the one unused longest. */
  private slotFor(system: string): PromptSlot {
    const slot = this.slots.find((s) => s.system === system) ?? this.slots.reduce((oldest, s) => (s.lastUsed < oldest.lastUsed ? s : oldest));
    slot.system = system;
    slot.lastUsed = ++this.uses;
    return slot;
  }

  close(): Promise<void> {
    return this.release();
  }
}
