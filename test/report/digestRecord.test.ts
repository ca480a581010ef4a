import { getHeapStatistics, setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { jsonChunks } from '../../src/report/json/jsonChunks.js';
import { DigestRecord, digestEntries, digestRecord } from '../../src/report/model/digestRecord.js';

const digestOf = (i: number) => (0x1234_5678_9abc + i * 7919).toString(16).padStart(16, '0');

describe('DigestRecord: run.provenance.dialogues (id → content digest) held outside the JavaScript heap', () => {
  const ids = ['gen-11-00001', '10', 'a-1', '2', '007', '4294967295', '0', '记账-β', 'x'.repeat(300)];

  function filled(): { record: DigestRecord; plain: Record<string, string> } {
    const record = new DigestRecord();
    const plain: Record<string, string> = {};
    ids.forEach((id, i) => {
      record.add(id, digestOf(i));
      plain[id] = digestOf(i);
    });
    return { record, plain };
  }

  it('gives back every entry as added, in the key order a plain object has (array-index ids first, ascending)', () => {
    const { record, plain } = filled();
    expect(record.size).toBe(ids.length);
    expect([...record]).toEqual(Object.entries(plain));
    expect(Object.keys(plain).slice(0, 3)).toEqual(['0', '2', '10']);
    expect(record.toJSON()).toEqual(plain);
    expect(digestRecord(record)).toEqual(plain);
    expect(digestRecord(plain)).toBe(plain);
    expect([...digestEntries(plain)]).toEqual([...digestEntries(record)]);
  });

  it('is written into report.json entry by entry, byte for byte what the plain record gives, pretty or compact', () => {
    const { record, plain } = filled();
    for (const indent of [2, 0] as const) {
      const report = (dialogues: unknown) => ({ run: { provenance: { prompts: { a: 'x' }, dialogues, today: '2026-03-01' } }, dialogues: [{ id: 'a' }] });
      expect([...jsonChunks(report(record), indent)].join('')).toBe(JSON.stringify(report(plain), null, indent));
      expect(JSON.stringify(report(record), null, indent)).toBe(JSON.stringify(report(plain), null, indent));
    }
    expect([...jsonChunks({ dialogues: new DigestRecord() }, 2, 'none')].join('')).toBe(JSON.stringify({ dialogues: {} }, null, 2));
  });

  it('grows past its first blocks and keeps every entry', () => {
    const record = new DigestRecord();
    for (let i = 0; i < 20_000; i++) record.add(`dialogue-${i}-${'长'.repeat(i % 5)}`, digestOf(i));
    const entries = [...record];
    expect(entries).toHaveLength(20_000);
    expect(entries[19_999]).toEqual([`dialogue-19999-${'长'.repeat(4)}`, digestOf(19_999)]);
    expect(entries[12_345]).toEqual([`dialogue-12345-${'长'.repeat(0)}`, digestOf(12_345)]);
  });

  it('refuses what is not a 16-hex-digit digest', () => {
    expect(() => new DigestRecord().add('a', 'abc')).toThrow(/not a content digest/);
    expect(() => new DigestRecord().add('a', 'zz23456789abcdef')).toThrow(/not a content digest/);
  });

  it('200 000 ids with their digests take under 2 MB of JavaScript heap (a Map of the strings: ≈ 34 MB)', () => {
    setFlagsFromString('--expose-gc');
    const gc = runInNewContext('gc') as () => void;
    gc();
    const before = getHeapStatistics().used_heap_size;
    const record = new DigestRecord();
    for (let i = 0; i < 200_000; i++) record.add(`gen-11-${String(i).padStart(6, '0')}`, digestOf(i));
    gc();
    const grew = getHeapStatistics().used_heap_size - before;
    expect(record.size).toBe(200_000);
    expect(grew).toBeLessThan(2 * 1024 * 1024);
  });
});
