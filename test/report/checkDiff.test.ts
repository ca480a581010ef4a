import { describe, expect, it } from 'vitest';
import { callDetails, checkDifferences } from '../../src/report/model/checkDiff.js';

describe('checkDifferences: what differs in a failed check, not its first 100 characters', () => {
  it('names the items of a list that differ and their fields, and a missing or extra item', () => {
    const expected = [
      { amount: 0.5, category: '零食', status: 'pending' },
      { amount: 10, category: '交通' },
    ];
    const actual = [{ index: 0, amount: 10, category: '交通', status: 'pending', description: '停车' }];
    expect(checkDifferences(expected, actual)).toEqual([
      'expected 2 items, got 1',
      'item 1: amount expected 0.5, got 10; category expected "零食", got "交通"',
      'item 2 missing: {"amount":10,"category":"交通"}',
    ]);
    expect(
      checkDifferences(
        [{ sentIndex: 0, originalIndex: 1 }],
        [
          { sentIndex: 0, originalIndex: 1 },
          { sentIndex: 1, originalIndex: 2 },
        ],
      ),
    ).toEqual(['expected 1 item, got 2', 'item 2 not expected: {"sentIndex":1,"originalIndex":2}']);
  });

  it('in a long batch, the tenth item that differs shows (both halves were identical when cut at 100 characters)', () => {
    const item = (amount: number) => ({ amount, type: 'EXPENSE', category: '餐饮', status: 'pending' });
    const expected = Array.from({ length: 10 }, (_, i) => item(i + 1));
    const actual = expected.map((x, i) => (i === 9 ? { ...x, amount: 100 } : x));
    expect(checkDifferences(expected, actual)).toEqual(['item 10: amount expected 10, got 100']);
  });

  it('shows where two long spoken lines part, with a little agreeing context', () => {
    const expected = ['好的，正在修改...', '已将第1笔修改为支出17元，餐饮；第2笔修改为支出35元，餐饮。还需要修改吗？'];
    const actual = ['好的，正在修改...', '已将第1笔修改为支出17元，餐饮；第2笔修改为支出30元，餐饮。还需要修改吗？'];
    expect(checkDifferences(expected, actual)).toEqual([
      'item 2: expected "…；第2笔修改为支出35元，餐饮。还需要修改…", got "…；第2笔修改为支出30元，餐饮。还需要修改…"',
    ]);
  });

  it('compares the expected fields of an object only, and plain values as they are', () => {
    expect(
      checkDifferences(
        { correctionText: '第一笔改成50', currentBatch: [{ index: 0, amount: 60 }] },
        { correctionText: '第一笔改成50', currentBatch: [{ index: 0, amount: 61, category: '餐饮' }], context: {} },
      ),
    ).toEqual(['currentBatch item 1: amount expected 60, got 61']);
    expect(checkDifferences('append', 'unclear')).toEqual(['expected "append", got "unclear"']);
    expect(checkDifferences(null, [])).toEqual(['expected null, got []']);
  });

  it('counts what it does not show', () => {
    const lines = checkDifferences([1, 2, 3, 4, 5, 6, 7, 8], [0, 0, 0, 0, 0, 0, 0, 0]);
    expect(lines).toHaveLength(6);
    expect(lines[5]).toBe('…and 3 more differences');
  });
});

describe('callDetails: why a model call gave nothing usable', () => {
  it('names the endpoint, the outcome and the reason, for refused calls only', () => {
    const call = { endpoint: 'correct' as const, request: {}, responseText: '{}', latencyMs: 350 };
    expect(
      callDetails([
        { ...call, outcome: 'invalid', detail: 'append uses index -1, got 9' },
        { ...call, outcome: 'ok' },
      ]),
    ).toEqual(['correct call invalid: append uses index -1, got 9']);
  });
});
