import { describe, expect, it } from 'vitest';
import { CountedList } from '../../src/scoring/countedList.js';
import { nearestRank as percentile } from '../../src/util/nearestRank.js';
import { canonicalTally, mergeTally, type Tally } from '../../src/scoring/tally.js';

const values = [3000, 0, 120, 120, 3001, 0, 0, 57.5, 120, 9000, 1];

describe('latency lists kept as value counts (scoring/countedList.ts)', () => {
  it('reads like the sorted list: order, JSON, percentiles, max, count above a limit', () => {
    const list = CountedList.of(values);
    const sorted = [...values].sort((a, b) => a - b);
    expect([...list]).toEqual(sorted);
    expect(JSON.stringify(list)).toBe(JSON.stringify(sorted));
    for (const p of [1, 50, 95, 99, 100]) expect(list.percentile(p)).toBe(percentile(sorted, p));
    expect(list.max()).toBe(9000);
    expect(list.countAbove(3000)).toBe(2);
    expect(new CountedList().percentile(50)).toBeNull();
    expect(new CountedList().max()).toBeNull();
  });

  it('merges with plain lists from a report.json (merge) and stays sorted in a canonical tally', () => {
    const into: Tally = { n: 1, ms: CountedList.of([5, 1]) };
    mergeTally(into, { n: 2, ms: [3, 1] });
    expect(JSON.stringify(canonicalTally(into))).toBe(JSON.stringify({ n: 3, ms: [1, 1, 3, 5] }));
    const plain: Tally = { ms: [9] };
    mergeTally(plain, { ms: CountedList.of([2]) });
    expect(JSON.stringify(plain)).toBe(JSON.stringify({ ms: [2, 9] }));
  });
});
