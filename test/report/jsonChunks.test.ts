import { describe, expect, it } from 'vitest';
import { jsonChunks } from '../../src/report/jsonChunks.js';
import { makeReport } from './fixtures.js';

const sample = {
  schemaVersion: 3,
  run: { seed: 1, note: 'line\nbreak "quoted" 中文', nothing: undefined, list: [] },
  summary: { dialogues: { total: 2 } },
  skipped: undefined,
  dialogues: [{ id: 'a', turns: [{ checks: [{ passed: true, actual: null }] }] }, { id: 'b', turns: [] }],
  gate: null,
};

describe('report.json written in pieces is exactly JSON.stringify of the report', () => {
  it('pretty (report.json) and compact (the HTML data block), with undefined members left out', () => {
    expect([...jsonChunks(sample, 2)].join('')).toBe(JSON.stringify(sample, null, 2));
    expect([...jsonChunks(sample, 0)].join('')).toBe(JSON.stringify(sample));
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
});
