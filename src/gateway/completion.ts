import type { LlmEndpoint } from '../domain/vocabulary.js';

export interface PromptMessage {
  role: 'system' | 'user' | 'assistant';
  content: string;
}

export interface CompletionRequest {
  endpoint: LlmEndpoint;
  messages: PromptMessage[];
  signal?: AbortSignal;
  /** The longest answer worth waiting for (gateway/answerFormat.ts): sent as max_tokens. */
  maxTokens?: number;
  /** The JSON Schema of a valid answer to this request, for a backend asked to hold the model to it. */
  answerSchema?: object;
  /** The day the prompt names as today (YYYY-MM-DD), for a backend that reads no prompt (the heuristic reference). */
  today?: string;
}

export interface CompletionUsage {
  promptTokens: number;
  completionTokens: number;
}

export interface Completion {
  text: string;
  latencyMs: number;
  model: string;
  usage?: CompletionUsage;
}

/**
 * What the gateway is handed to reach a model (an llm/ chat backend is one as it stands):
 * the completion function, the model's name, and whether its latencies are modelled
 * ('virtual': the call returns at once and latencyMs is judged against the deadline) or real.
 */
export interface Completer {
  readonly model: string;
  readonly clock: 'virtual' | 'real';
  complete(request: CompletionRequest): Promise<Completion>;
}

/**
 * How the gateway reads a rejected completion: `failure` says the model timed out (with the
 * latency it reached) or failed; `setupError` marks a mistake of the harness, which is rethrown
 * rather than counted as a model failure. Anything else is an error of the call.
 */
export interface CompletionRejection {
  readonly failure?: 'timeout' | 'error';
  readonly setupError?: boolean;
  readonly latencyMs?: number;
}

export function rejectionOf(error: unknown): CompletionRejection {
  return typeof error === 'object' && error !== null ? error : {};
}
