import type { ExpectedItem } from '../datasets/datasetTypes.js';
import type { DraftBatch, DraftTransaction } from '../domain/draftBatch.js';
import { applyPatch, parseResult } from '../domain/parseResult.js';

/**
 * The batch a turn's expectation describes, for gold mode: the expected fields laid over
 * the actual item at the same position (so fields the dataset leaves out keep their actual values).
 */
export function expectedBatch(expected: readonly ExpectedItem[] | null, actual: DraftBatch | null): DraftBatch | null {
  if (expected === null) return null;
  const items: DraftTransaction[] = expected.map((want, position) => {
    const base = actual?.items[position];
    const { index: _index, status: _status, ...fields } = want;
    return {
      index: want.index ?? base?.index ?? position,
      result: applyPatch(base?.result ?? parseResult({ amount: null }), fields),
      status: want.status ?? base?.status ?? 'pending',
    };
  });
  return { items, createdAt: actual?.createdAt ?? 0 };
}
