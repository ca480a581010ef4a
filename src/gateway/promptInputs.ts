import type { BatchItemDto, CorrectionRequest } from '../domain/correctionProtocol.js';
import type { CurrentTransaction } from './dto.js';

type WireValue = string | number;

/** Fixed key order, null fields left out: the prompt says a missing field is unknown. */
function compact(fields: readonly (readonly [string, WireValue | null])[]): Record<string, WireValue> {
  const out: Record<string, WireValue> = {};
  for (const [key, value] of fields) if (value !== null) out[key] = value;
  return out;
}

export function batchItemWire(item: BatchItemDto): Record<string, WireValue> {
  return compact([
    ['index', item.index],
    ['amount', item.amount],
    ['type', item.type],
    ['category', item.category],
    ['description', item.description],
    ['date', item.date],
  ]);
}

/** The batch context part of the correction input: the currentBatch array as sent. */
export function batchContextJson(batch: readonly BatchItemDto[]): string {
  return JSON.stringify(batch.map(batchItemWire));
}

/** The last user message of a correction call: {"currentBatch":[...],"correctionText":"..."}. */
export function correctionInputJson(request: CorrectionRequest): string {
  return JSON.stringify({ currentBatch: request.currentBatch.map(batchItemWire), correctionText: request.correctionText });
}

/** The last user message of a conversation call: {"currentTransaction":{...},"text":"..."}. */
export function conversationInputJson(current: CurrentTransaction | null, text: string): string {
  const currentTransaction = current
    ? compact([
        ['amount', current.amount],
        ['type', current.type],
        ['category', current.category],
        ['description', current.description],
        ['date', current.date],
      ])
    : null;
  return JSON.stringify({ currentTransaction, text });
}
