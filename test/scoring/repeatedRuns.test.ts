import { describe, expect, it } from 'vitest';
import { jsonChunks } from '../../src/report/json/jsonChunks.js';
import type { RepeatedDialogue } from '../../src/scoring/pairedGate.js';
import { RepeatedRuns, repeatedRecord } from '../../src/scoring/repeatedRuns.js';

function entry(runsPassed: number, judged: number): RepeatedDialogue {
  return { runsPassed, runs: 3, tallies: { routing: { judged, right: judged - 1, confusion: { local: { local: judged } } } } } as unknown as RepeatedDialogue;
}

describe("RepeatedRuns: each dialogue's --repeat results, held as JSON text", () => {
  const ids = ['b', '10', 'a-1', '2', '007', '4294967295', '0', 'b'];

  function filled(): { runs: RepeatedRuns; plain: Record<string, RepeatedDialogue> } {
    const runs = new RepeatedRuns();
    const plain: Record<string, RepeatedDialogue> = {};
    ids.forEach((id, i) => {
      runs.set(id, entry(i % 4, i + 2));
      plain[id] = entry(i % 4, i + 2);
    });
    return { runs, plain };
  }

  it('gives back every entry as set, in the key order a plain object has (array-index ids first, ascending)', () => {
    const { runs, plain } = filled();
    expect(runs.size).toBe(7);
    expect([...runs].map(([id]) => id)).toEqual(Object.keys(plain));
    expect(Object.keys(plain)).toEqual(['0', '2', '10', 'b', 'a-1', '007', '4294967295']);
    expect(repeatedRecord(runs)).toEqual(plain);
    expect(repeatedRecord(plain)).toBe(plain);
  });

  it('is written into report.json entry by entry, byte for byte what the plain record gives, pretty or compact', () => {
    const { runs, plain } = filled();
    for (const indent of [2, 0] as const) {
      expect([...jsonChunks({ summary: 1, repeated: runs, after: [1] }, indent)].join('')).toBe(
        JSON.stringify({ summary: 1, repeated: plain, after: [1] }, null, indent),
      );
      expect(JSON.stringify({ repeated: runs }, null, indent)).toBe(JSON.stringify({ repeated: plain }, null, indent));
    }
    expect([...jsonChunks({ repeated: new RepeatedRuns() }, 2)].join('')).toBe(JSON.stringify({ repeated: {} }, null, 2));
  });
});
