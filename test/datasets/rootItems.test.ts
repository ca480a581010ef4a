import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DatasetError } from '../../src/datasets/datasetTypes.js';
import { fileLines, rootItems } from '../../src/datasets/rootItems.js';
import { ROOT, tempDir } from '../support/cli.js';

function write(text: string | Buffer): string {
  const file = join(tempDir('nlu-root-items-'), 'data.yaml');
  writeFileSync(file, text);
  return file;
}

/** The items as the whole-text cut gives them: a column-0 `- ` starts one, up to the next. */
function cutWhole(text: string): { text: string; line: number }[] {
  const lines = text.split(/(?<=\n)/);
  const items: { text: string; line: number }[] = [];
  lines.forEach((line, i) => {
    if (/^-( |\r?\n|\r?$)/.test(line)) items.push({ text: line, line: i + 1 });
    else if (items.length > 0) items.at(-1)!.text += line;
  });
  return items;
}

describe('rootItems: a dataset file cut at its top-level items, read in blocks (flat memory at any size)', () => {
  for (const name of ['seed-000-batch.yaml', 'faults.yaml', 'adversarial.yaml']) {
    it(`datasets/${name}: the same items and lines as cutting the whole text`, () => {
      const file = join(ROOT, 'datasets', name);
      expect([...rootItems(file, name)!]).toEqual(cutWhole(readFileSync(file, 'utf8')));
    });
  }

  it('keeps CRLF line breaks, leading comments and a last line without a break', () => {
    const text = '# head\r\n\r\n- id: a\r\n  turns: []\r\n# between\r\n-\r\n  id: b\r\n- id: c';
    expect([...rootItems(write(text), 'data.yaml')!]).toEqual([
      { text: '- id: a\r\n  turns: []\r\n# between\r\n', line: 3 },
      { text: '-\r\n  id: b\r\n', line: 6 },
      { text: '- id: c', line: 8 },
    ]);
  });

  it('is null for a file not laid out as a top-level list (the caller parses it whole)', () => {
    expect(rootItems(write('dialogues:\n  - id: a\n'), 'data.yaml')).toBeNull();
    expect(rootItems(write('  # indented comment\n- id: a\n'), 'data.yaml')).toBeNull();
    expect(rootItems(write('# only a comment\n'), 'data.yaml')).toBeNull();
  });

  it('reads lines across block boundaries, multi-byte characters split between blocks included', () => {
    const line = `- {"id": "x", "title": "${'记账'.repeat(200)}"}\n`;
    const text = line.repeat(3000); // several MiB: many 1 MiB blocks, characters cut at their edges
    const lines = [...fileLines(write(text), 'data.yaml')];
    expect(lines).toHaveLength(3000);
    expect(lines.every((l) => l === line)).toBe(true);
  });

  it('drops a byte-order mark, and locates invalid UTF-8 and NUL as a DatasetError', () => {
    expect([...fileLines(write('\uFEFF- id: a\n'), 'data.yaml')]).toEqual(['- id: a\n']);
    expect(() => [...fileLines(write(Buffer.from([0x2d, 0x20, 0xff, 0x0a])), 'data.yaml')]).toThrow(DatasetError);
    expect(() => [...fileLines(write('- id: a\0\n'), 'data.yaml')]).toThrow(DatasetError);
    expect(() => [...fileLines('/nonexistent/data.yaml', 'data.yaml')]).toThrow(DatasetError);
  });
});
