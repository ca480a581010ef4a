import type { BatchItemDto, CorrectionRequest } from '../domain/correctionProtocol.js';
import type { CurrentTransaction } from './dto.js';

type WireValue = string | number;

/** Fixed key order (the order of the calls), null fields left out: the prompt says a missing field is unknown. */
function put(out: Record<string, WireValue>, key: string, value: WireValue | null): void {
  if (value !== null) out[key] = value;
}

export function batchItemWire(item: BatchItemDto): Record<string, WireValue> {
  const out: Record<string, WireValue> = {};
  put(out, 'index', item.index);
  put(out, 'amount', item.amount);
  put(out, 'type', item.type);
  put(out, 'category', item.category);
  put(out, 'description', item.description);
  put(out, 'date', item.date);
  return out;
}

/** The batch context part of the correction input: the currentBatch array as sent. */
export function batchContextJson(batch: readonly BatchItemDto[]): string {
  return JSON.stringify(batch.map(batchItemWire));
}

/**
 * The last user message of a correction call: {"currentBatch":[...],"correctionText":"..."}, and
 * the request's context (seed 002 decision 4) when it names categories the system prompt does not
 * offer (`isNew`): {"context":{"recentCategories":[...],"customCategories":[...]}}, each list only
 * with such categories and left out when empty.
 */
export function correctionInputJson(request: CorrectionRequest, isNew: (category: string) => boolean = () => false): string {
  const input: Record<string, unknown> = { currentBatch: request.currentBatch.map(batchItemWire), correctionText: request.correctionText };
  const context: Record<string, string[]> = {};
  for (const key of ['recentCategories', 'customCategories'] as const) {
    const fresh = [...new Set(request.context?.[key] ?? [])].filter(isNew);
    if (fresh.length > 0) context[key] = fresh;
  }
  if (Object.keys(context).length > 0) input.context = context;
  return JSON.stringify(input);
}

/** The last user message of a conversation call: {"currentTransaction":{...},"text":"..."}. */
export function conversationInputJson(current: CurrentTransaction | null, text: string): string {
  if (!current) return JSON.stringify({ currentTransaction: null, text });
  const currentTransaction: Record<string, WireValue> = {};
  put(currentTransaction, 'amount', current.amount);
  put(currentTransaction, 'type', current.type);
  put(currentTransaction, 'category', current.category);
  put(currentTransaction, 'description', current.description);
  put(currentTransaction, 'date', current.date);
  return JSON.stringify({ currentTransaction, text });
}
