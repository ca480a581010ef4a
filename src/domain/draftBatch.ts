import { applyPatch, type FieldPatch, type ParseResult } from './parseResult.js';

export const MAX_BATCH_SIZE = 10;

export type DraftStatus = 'pending' | 'confirmed' | 'cancelled';

export interface DraftTransaction {
  /** 0-based and stable: never renumbered, whatever happens to other items. */
  readonly index: number;
  readonly result: ParseResult;
  readonly status: DraftStatus;
}

/** Immutable: every operation returns a new batch and leaves its input as it was. */
export interface DraftBatch {
  readonly items: readonly DraftTransaction[];
  readonly createdAt: number;
}

export interface BatchCounts {
  readonly total: number;
  readonly pending: number;
  readonly confirmed: number;
  readonly cancelled: number;
}

export function createBatch(results: readonly ParseResult[], createdAt: number): DraftBatch {
  if (results.length === 0) throw new RangeError('a DraftBatch needs at least one transaction');
  if (results.length > MAX_BATCH_SIZE) throw new RangeError(`a DraftBatch holds at most ${MAX_BATCH_SIZE} transactions`);
  return freeze({
    items: results.map((result, index) => freeze({ index, result, status: 'pending' as const })),
    createdAt,
  });
}

export function findItem(batch: DraftBatch, index: number): DraftTransaction | undefined {
  return batch.items.find((item) => item.index === index);
}

function mapItem(batch: DraftBatch, index: number, change: (item: DraftTransaction) => DraftTransaction): DraftBatch {
  if (!findItem(batch, index)) throw new RangeError(`no item with index ${index} in the batch`);
  return freeze({
    ...batch,
    items: batch.items.map((item) => (item.index === index ? freeze(change(item)) : item)),
  });
}

/** Changes an item's fields; its `source` becomes the layer that changed it last. */
export function updateItem(batch: DraftBatch, index: number, patch: FieldPatch, source: ParseResult['source']): DraftBatch {
  return mapItem(batch, index, (item) => ({ ...item, result: freeze({ ...applyPatch(item.result, patch), source }) }));
}

export function confirmItem(batch: DraftBatch, index: number): DraftBatch {
  return mapItem(batch, index, (item) => (item.status === 'pending' ? { ...item, status: 'confirmed' } : item));
}

export function cancelItem(batch: DraftBatch, index: number): DraftBatch {
  return mapItem(batch, index, (item) => (item.status === 'pending' ? { ...item, status: 'cancelled' } : item));
}

export function confirmAll(batch: DraftBatch): DraftBatch {
  return setPending(batch, 'confirmed');
}

/** Marks every item cancelled, confirmed ones included: 「取消」 drops the whole batch. */
export function cancelAll(batch: DraftBatch): DraftBatch {
  return freeze({ ...batch, items: batch.items.map((item) => freeze({ ...item, status: 'cancelled' as const })) });
}

function setPending(batch: DraftBatch, status: DraftStatus): DraftBatch {
  return freeze({
    ...batch,
    items: batch.items.map((item) => (item.status === 'pending' ? freeze({ ...item, status }) : item)),
  });
}

/** Appends a pending item with index = last index + 1, or returns null when the batch is full. */
export function appendItem(batch: DraftBatch, result: ParseResult): DraftBatch | null {
  if (batch.items.length >= MAX_BATCH_SIZE) return null;
  const last = batch.items[batch.items.length - 1];
  const index = last ? last.index + 1 : 0;
  return freeze({ ...batch, items: [...batch.items, freeze({ index, result, status: 'pending' as const })] });
}

export function pendingItems(batch: DraftBatch): DraftTransaction[] {
  return batch.items.filter((item) => item.status === 'pending');
}

export function confirmedItems(batch: DraftBatch): DraftTransaction[] {
  return batch.items.filter((item) => item.status === 'confirmed');
}

export function allResolved(batch: DraftBatch): boolean {
  return batch.items.every((item) => item.status !== 'pending');
}

export function counts(batch: DraftBatch): BatchCounts {
  let pending = 0;
  let confirmed = 0;
  let cancelled = 0;
  for (const item of batch.items) {
    if (item.status === 'pending') pending++;
    else if (item.status === 'confirmed') confirmed++;
    else cancelled++;
  }
  return { total: batch.items.length, pending, confirmed, cancelled };
}

function freeze<T extends object>(value: T): T {
  return Object.freeze(value);
}
