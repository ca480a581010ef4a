import { describe, expect, it } from 'vitest';
import { jsonChunks } from '../../src/report/json/jsonChunks.js';
import { makeReport } from './fixtures.js';
import { DialogueLog } from '../../src/report/model/dialogueLog.js';
import type { DialogueReport } from '../../src/report/model/reportTypes.js';
import { CountedList } from '../../src/scoring/countedList.js';

const sample = {
  schemaVersion: 3,
  run: { seed: 1, note: 'line\nbreak "quoted" 中文', nothing: undefined, list: [] },
  summary: { dialogues: { total: 2 } },
  skipped: undefined,
  dialogues: [
    { id: 'a', turns: [{ checks: [{ passed: true, actual: null }] }] },
    { id: 'b', turns: [] },
  ],
  gate: null,
};

describe('report.json written in pieces is exactly JSON.stringify of the report', () => {
  it('pretty (report.json) and compact (the HTML data block), with undefined members left out', () => {
    expect([...jsonChunks(sample, 2)].join('')).toBe(JSON.stringify(sample, null, 2));
    expect([...jsonChunks(sample, 0)].join('')).toBe(JSON.stringify(sample));
  });

  it('nested values JSON.stringify treats specially come out as it writes them, at any depth', () => {
    const odd = {
      when: new Date(0),
      gone: { toJSON: () => undefined },
      text: 'line\nbreak\t"q"',
      empties: [[], {}, [{}]],
      deep: { a: { b: [1, { c: null }] } },
    };
    const report = { dialogues: [odd, [odd], 'x', 3, null, { toJSON: () => 'as text' }, { toJSON: () => undefined }], run: { nested: [odd] } };
    expect([...jsonChunks(report, 2)].join('')).toBe(JSON.stringify(report, null, 2));
    expect([...jsonChunks(report, 0)].join('')).toBe(JSON.stringify(report));
  });

  it('an empty dialogue list and an empty object', () => {
    const empty = { dialogues: [], tallies: {} };
    expect([...jsonChunks(empty, 2)].join('')).toBe(JSON.stringify(empty, null, 2));
    expect([...jsonChunks({}, 2)].join('')).toBe(JSON.stringify({}, null, 2));
  });

  it('a whole report (transcripts, gate, arms) round-trips byte for byte', () => {
    const report = makeReport();
    expect([...jsonChunks(report, 2)].join('')).toBe(JSON.stringify(report, null, 2));
    expect([...jsonChunks(report, 0)].join('')).toBe(JSON.stringify(report));
  });

  it('no piece holds more than one dialogue', () => {
    const many = { dialogues: Array.from({ length: 1000 }, (_, i) => ({ id: `d${i}`, turns: [] })) };
    const longest = Math.max(...[...jsonChunks(many, 2)].map((piece) => piece.length));
    expect(longest).toBeLessThan(100);
  });

  it('dialogues streamed from a spilled log and counted latency lists nested in tallies and slices', () => {
    const dialogues = Array.from({ length: 30 }, (_, i) => ({ id: `d${i}`, turns: [] }) as unknown as DialogueReport);
    const log = new DialogueLog(undefined, 5);
    for (const d of dialogues) log.push(d);
    const ms = Array.from({ length: 9000 }, (_, i) => (i * 37) % 500);
    const withLists = (list: unknown) => ({
      dialogues: log,
      tallies: { latency: { judged: 2, firstTtsMs: list, llmMs: [] }, empty: {} },
      slices: [{ kind: 'tag', tallies: { latency: { firstTtsMs: list } } }],
    });
    const expected = withLists([...ms].sort((a, b) => a - b));
    const streamed = withLists(CountedList.of(ms));
    const plain = { ...expected, dialogues };
    expect([...jsonChunks(streamed, 2)].join('')).toBe(JSON.stringify(plain, null, 2));
    expect([...jsonChunks(streamed, 0)].join('')).toBe(JSON.stringify(plain));
    expect(Math.max(...[...jsonChunks(streamed, 2)].map((piece) => piece.length))).toBeLessThan(4096 * 20);
    log.close();
  });
});
