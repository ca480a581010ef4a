import { availableParallelism } from 'node:os';
import { createLimiter } from './concurrencyLimit.js';
import { grammarSchemaOf, UnsupportedSchemaError, type GrammarSchema } from './grammarSchema.js';
import { LlmTimeoutError, PromptTooLongError, type ChatBackend, type ChatMessage, type ChatRequest, type ChatResult, type ResponseFormat } from './backend.js';

// The part of node-llama-cpp used here. It is an optional dependency loaded at run time, so its
// own types cannot be imported: a checkout where it did not install must still compile.
type HistoryItem = { type: 'system' | 'user'; text: string } | { type: 'model'; response: string[] };
interface Sequence {
  readonly contextTokens: readonly number[];
  readonly tokenMeter: { readonly usedInputTokens: number; readonly usedOutputTokens: number };
}
/** A compiled grammar (llama.cpp GBNF); opaque here. */
type Grammar = object;
interface Chat {
  generateResponse(
    history: HistoryItem[],
    options: { temperature: number; seed?: number; maxTokens: number; signal?: AbortSignal; grammar?: Grammar },
  ): Promise<{ response: string; metadata: { stopReason: string } }>;
}
interface Context {
  getSequence(): Sequence;
  dispose(): Promise<void>;
}
interface Model {
  createContext(options: { contextSize: number; sequences: number; threads: number }): Promise<Context>;
  tokenize(text: string): readonly number[];
  dispose(): Promise<void>;
}
interface Llama {
  loadModel(options: { modelPath: string }): Promise<Model>;
  getGrammarFor(type: 'json'): Promise<Grammar>;
  createGrammarForJsonSchema(schema: GrammarSchema): Promise<Grammar>;
  dispose(): Promise<void>;
}
export interface Runtime {
  getLlama(options: { gpu: false; build: 'never'; logLevel: 'error' }): Promise<Llama>;
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
  /** Longest answer, in tokens; a request's max_tokens can only lower it (default 640: the gateway's largest, gateway/answerFormat.ts). */
  readonly maxTokens?: number;
  /** CPU threads for evaluation (default: the machine's cores; on a busy machine 1, as two threads that wait on each other are ~10× slower). */
  readonly threads?: number;
  /** Told of every request: its endpoint, prompt tokens (how many came from the cache), answer tokens and time; or that it was stopped. */
  readonly log?: (line: string, kind: 'answered' | 'stopped') => void;
  /** The same figures as numbers, for every answered request (bench --model). */
  readonly observe?: (served: ServedRequest) => void;
}

/** What one answered request cost. */
export interface ServedRequest {
  readonly endpoint: string;
  readonly promptTokens: number;
  readonly cachedTokens: number;
  readonly completionTokens: number;
  readonly ms: number;
  readonly finishReason: 'stop' | 'length';
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
  private readonly observe: NonNullable<LocalModelOptions['observe']>;
  private uses = 0;
  /** Compiled grammars by their schema's JSON: a run asks for a few shapes again and again. */
  private readonly grammars = new Map<string, Promise<Grammar>>();

  private constructor(
    options: LocalModelOptions,
    private readonly slots: PromptSlot[],
    private readonly maxTokens: number,
    private readonly contextTokens: number,
    private readonly llama: Llama,
    private readonly tokenModel: Model,
    private readonly release: () => Promise<void>,
  ) {
    this.model = options.label;
    this.log = options.log ?? (() => {});
    this.observe = options.observe ?? (() => {});
  }

  static async load(runtime: Runtime, options: LocalModelOptions): Promise<LocalGgufModel> {
    const llama = await runtime.getLlama({ gpu: false, build: 'never', logLevel: 'error' });
    const model = await llama.loadModel({ modelPath: options.gguf });
    const count = options.promptSlots ?? 4;
    const contextTokens = options.contextTokens ?? 4096;
    const context = await model.createContext({ contextSize: contextTokens, sequences: count, threads: options.threads ?? availableParallelism() });
    const slots = Array.from({ length: count }, (): PromptSlot => {
      const sequence = context.getSequence();
      return { system: null, lastUsed: 0, sequence, chat: new runtime.LlamaChat({ contextSequence: sequence }) };
    });
    const release = async (): Promise<void> => {
      await context.dispose();
      await model.dispose();
      await llama.dispose();
    };
    return new LocalGgufModel(options, slots, options.maxTokens ?? 640, contextTokens, llama, model, release);
  }

  complete(req: ChatRequest): Promise<ChatResult> {
    return this.oneAtATime(() => this.generate(req));
  }

  private async generate(req: ChatRequest): Promise<ChatResult> {
    const started = performance.now();
    const elapsed = (): number => Math.round(performance.now() - started);
    // A client that left while its request waited its turn costs no generation.
    if (req.signal?.aborted) throw new LlmTimeoutError(`${this.model}: request given up before its turn`, elapsed());
    const { temperature = 1, seed, maxTokens: asked } = req.sampling ?? {};
    const maxTokens = Math.min(asked ?? this.maxTokens, this.maxTokens);
    this.refuseWhatDoesNotFit(req.messages, maxTokens);
    const grammar = req.responseFormat ? await this.grammarFor(req.responseFormat) : undefined;
    const slot = this.slotFor(req.messages.find((m) => m.role === 'system')?.content ?? '');
    const meter = slot.sequence.tokenMeter;
    const [inputBefore, outputBefore] = [meter.usedInputTokens, meter.usedOutputTokens];
    try {
      const answer = await slot.chat.generateResponse(toHistory(req.messages), {
        temperature,
        ...(seed === undefined ? {} : { seed }),
        maxTokens,
        ...(req.signal ? { signal: req.signal } : {}),
        ...(grammar ? { grammar } : {}),
      });
      const completionTokens = meter.usedOutputTokens - outputBefore;
      const promptTokens = Math.max(0, slot.sequence.contextTokens.length - completionTokens);
      // The meter counts prompt tokens evaluated now: the rest came from the sequence's cache.
      const cached = Math.max(0, promptTokens - (meter.usedInputTokens - inputBefore));
      const finishReason = answer.metadata.stopReason === 'maxTokens' ? 'length' : 'stop';
      const ms = elapsed();
      this.log(
        `${req.endpoint}: ${promptTokens} prompt tokens (${cached} cached), ${completionTokens} answer tokens${finishReason === 'length' ? ' (cut at max_tokens)' : ''}, ${ms} ms`,
        'answered',
      );
      this.observe({ endpoint: req.endpoint, promptTokens, cachedTokens: cached, completionTokens, ms, finishReason });
      return { text: answer.response, latencyMs: elapsed(), model: this.model, usage: { promptTokens, completionTokens }, finishReason };
    } catch (error) {
      if (!req.signal?.aborted) throw error;
      this.log(
        `${req.endpoint}: stopped after ${meter.usedOutputTokens - outputBefore} answer tokens, ${elapsed()} ms (${String((req.signal.reason as Error)?.message ?? 'aborted')})`,
        'stopped',
      );
      throw new LlmTimeoutError(`${this.model}: generation stopped after ${elapsed()} ms (the request was aborted)`, elapsed());
    }
  }

  /**
   * A prompt that, with room for its answer, does not fit a sequence's context is refused whole:
   * the chat runtime would otherwise shift the context and drop messages without a word. Each
   * message is counted with a margin for the chat template's role and separator tokens.
   */
  private refuseWhatDoesNotFit(messages: readonly ChatMessage[], maxTokens: number): void {
    const TEMPLATE_TOKENS_PER_MESSAGE = 8;
    let promptTokens = TEMPLATE_TOKENS_PER_MESSAGE;
    for (const message of messages) promptTokens += this.tokenModel.tokenize(message.content).length + TEMPLATE_TOKENS_PER_MESSAGE;
    if (promptTokens + maxTokens > this.contextTokens) throw new PromptTooLongError(promptTokens, maxTokens, this.contextTokens);
  }

  private grammarFor(format: ResponseFormat): Promise<Grammar> {
    const key = format.type === 'json_object' ? 'json_object' : JSON.stringify(format.schema);
    let grammar = this.grammars.get(key);
    if (grammar === undefined) {
      grammar = format.type === 'json_object' ? this.llama.getGrammarFor('json') : this.grammarForSchema(format.schema);
      // A corrections index enum per batch size and endpoint: a few dozen shapes in a run; bounded all the same.
      if (this.grammars.size >= 256) this.grammars.clear();
      this.grammars.set(key, grammar);
      grammar.catch(() => this.grammars.delete(key));
    }
    return grammar;
  }

  /** A schema llama.cpp still cannot turn into a grammar (past a limit of its own) is the client's to change. */
  private async grammarForSchema(schema: object): Promise<Grammar> {
    const accepted = grammarSchemaOf(schema);
    try {
      return await this.llama.createGrammarForJsonSchema(accepted);
    } catch (error) {
      throw new UnsupportedSchemaError(
        `llama.cpp could not turn this schema into a grammar (${(error as Error).message}); simplify it or send it without response_format`,
      );
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
