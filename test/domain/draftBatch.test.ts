import { describe, expect, it } from 'vitest';
import {
  appendItem,
  cancelAll,
  cancelItem,
  confirmAll,
  confirmItem,
  counts,
  createBatch,
  pendingItems,
  updateItem,
  allResolved,
} from '../../src/domain/draftBatch.js';
import { tx } from '../support/driver.js';

const batch = () => createBatch([tx(60, '餐饮'), tx(30, '交通'), tx(15, '饮品')], 0);

describe('DraftBatch (seed 002 Core Concepts)', () => {
  it('SHALL be immutable: every operation returns a new instance and leaves its input unchanged', () => {
    const original = batch();
    const snapshot = JSON.stringify(original);
    const results = [
      updateItem(original, 0, { amount: 1 }, 'local'),
      confirmItem(original, 1),
      cancelItem(original, 2),
      confirmAll(original),
      cancelAll(original),
      appendItem(original, tx(5, '零食')),
    ];
    for (const result of results) expect(result).not.toBe(original);
    expect(JSON.stringify(original)).toBe(snapshot);
    expect(Object.isFrozen(original)).toBe(true);
    expect(Object.isFrozen(original.items[0])).toBe(true);
  });

  it('confirmAll marks only pending items confirmed; cancelled ones stay cancelled', () => {
    const result = confirmAll(cancelItem(batch(), 1));
    expect(result.items.map((i) => i.status)).toEqual(['confirmed', 'cancelled', 'confirmed']);
    expect(allResolved(result)).toBe(true);
  });

  it('confirming or cancelling an item that is no longer pending leaves it as it is', () => {
    const b = confirmItem(batch(), 0);
    expect(cancelItem(b, 0).items[0]!.status).toBe('confirmed');
  });

  it('append uses index = last index + 1 and refuses past 10 items', () => {
    let b = batch();
    for (let i = 0; i < 7; i++) b = appendItem(b, tx(i, '餐饮'))!;
    expect(b.items.map((i) => i.index)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(appendItem(b, tx(1, '餐饮'))).toBeNull();
  });

  it('counts and pendingItems agree with the statuses', () => {
    const b = cancelItem(confirmItem(batch(), 0), 1);
    expect(counts(b)).toEqual({ total: 3, pending: 1, confirmed: 1, cancelled: 1 });
    expect(pendingItems(b).map((i) => i.index)).toEqual([2]);
  });

  it('rejects an empty batch, more than 10 items and unknown indices', () => {
    expect(() => createBatch([], 0)).toThrow(RangeError);
    expect(() =>
      createBatch(
        Array.from({ length: 11 }, () => tx(1, '餐饮')),
        0,
      ),
    ).toThrow(RangeError);
    expect(() => confirmItem(batch(), 7)).toThrow(RangeError);
  });
});
