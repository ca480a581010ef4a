import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ParseResult } from '../../src/domain/parseResult.js';
import { seededUuids } from '../../src/sim/seededUuids.js';
import { SqliteStore } from '../../src/sim/sqliteStore.js';

const LUNCH: ParseResult = { amount: 60, category: '餐饮', type: 'EXPENSE', description: '吃饭', date: null, account: null, confidence: 0.9, source: 'llm' };

describe('the in-memory store of a long run keeps only the rows of dialogues still in flight (real SQLite)', () => {
  it("drops the finished dialogues' rows and keeps the named owners' (a pool that is never idle)", () => {
    const store = new SqliteStore(':memory:', seededUuids(1), () => 0);
    for (const owner of ['done-1', 'live', 'live#2', 'done-2#1', 'live#probe']) store.saveBatch([LUNCH, LUNCH], owner);
    store.forgetRowsExcept(['live', 'live#1', 'live#2', 'live#probe']);
    expect([store.count(), store.count('live'), store.count('live#2'), store.count('live#probe'), store.count('done-1'), store.count('done-2#1')]).toEqual([
      6, 2, 2, 2, 0, 0,
    ]);
    store.forgetRowsExcept([]);
    expect(store.count()).toBe(0);
    store.close();
  });

  it("leaves another run's rows in the same file alone (--db keeps every row; this guards the run id)", () => {
    const file = join(mkdtempSync(join(tmpdir(), 'nlu-store-')), 'rows.sqlite');
    const earlier = new SqliteStore(file, seededUuids(1), () => 0);
    earlier.saveBatch([LUNCH], 'a');
    const later = new SqliteStore(file, seededUuids(2), () => 0);
    later.saveBatch([LUNCH], 'a');
    later.forgetRowsExcept([]);
    expect([later.count('a'), earlier.count('a')]).toEqual([0, 1]);
    later.close();
    earlier.close();
  });
});
