import type { LlmEndpoint } from '../domain/vocabulary.js';
import type { PromptMessage } from './completion.js';

/**
 * Each prompt template starts with one of these lines. A server that only sees the
 * chat messages (the OpenAI-compatible one) tells the endpoint from it.
 */
export const ENDPOINT_MARKERS: Readonly<Record<LlmEndpoint, string>> = {
  parse: 'TASK: transaction-parse',
  correct: 'TASK: correction-dialogue',
  conversation: 'TASK: conversation',
};

export function endpointFromMessages(messages: readonly PromptMessage[]): LlmEndpoint | null {
  const system = messages.find((message) => message.role === 'system');
  if (!system) return null;
  const firstLine = system.content.split('\n', 1)[0]?.trim() ?? '';
  for (const [endpoint, marker] of Object.entries(ENDPOINT_MARKERS) as [LlmEndpoint, string][]) {
    if (firstLine === marker) return endpoint;
  }
  return null;
}
