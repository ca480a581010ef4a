import { isCalendarDay } from '../domain/relativeDates.js';
import type { PromptMessage } from './completion.js';

// The bundled prompts write "today is 2026-03-01" or "from today, 2026-03-01": the day right after the word.
const TODAY_IN_PROMPT = /today(?:\s+is)?[\s,:：]+(\d{4}-\d{2}-\d{2})/i;

/**
 * The day the system prompt names as today, or null. A server that only sees the chat messages
 * (the OpenAI-compatible one) hands it to a backend that reads no prompt (the heuristic
 * reference), which then resolves 昨天 against the very day a model is told.
 */
export function todayFromMessages(messages: readonly PromptMessage[]): string | null {
  const system = messages.find((message) => message.role === 'system');
  const day = system ? TODAY_IN_PROMPT.exec(system.content)?.[1] : undefined;
  return day !== undefined && isCalendarDay(day) ? day : null;
}
