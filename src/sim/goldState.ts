import type { ExpectedItem } from '../datasets/datasetTypes.js';
import type { DraftBatch, DraftTransaction } from '../domain/draftBatch.js';
import type { ParseResult } from '../domain/parseResult.js';

const BLANK: ParseResult = {
  amount: null,
  category: null,
  type: 'EXPENSE',
  description: null,
  date: null,
  account: null,
  confidence: 1,
  source: 'llm',
};

/**
 * The batch a turn's expectation describes, for gold mode: the expected fields laid over
 * the actual item at the same position (so fields the dataset leaves out keep their actual values).
 */
export function expectedBatch(expected: readonly ExpectedItem[] | null, actual: DraftBatch | null): DraftBatch | null {
  if (expected === null) return null;
  const items: DraftTransaction[] = expected.map((want, position) => {
    const base = actual?.items[position];
    const result: ParseResult = { ...(base?.result ?? BLANK) };
    const fields = { ...result } as Record<string, unknown>;
    for (const key of ['amount', 'type', 'category', 'description'] as const) {
      if (want[key] !== undefined) fields[key] = want[key];
    }
    return {
      index: want.index ?? base?.index ?? position,
      result: fields as unknown as ParseResult,
      status: want.status ?? base?.status ?? 'pending',
    };
  });
  return { items, createdAt: actual?.createdAt ?? 0 };
}
