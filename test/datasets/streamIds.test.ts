import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkedDialogues } from '../../src/eval/checkDatasets.js';
import { DatasetError } from '../../src/datasets/datasetTypes.js';
import { IdHashSet } from '../../src/datasets/idHashSet.js';
import { streamDatasets } from '../../src/datasets/loadDatasets.js';
import { scanDatasetFile } from '../../src/datasets/scanDataset.js';
import { tempDir } from './tempFiles.js';

function dialogue(id: string): string {
  return `- id: ${id}\n  turns:\n    - tap: confirm\n`;
}

function issuesOf(run: () => unknown): string[] {
  try {
    run();
  } catch (error) {
    if (error instanceof DatasetError) return error.issues.map((i) => `${i.file}:${i.line}:${i.col}: ${i.message}`);
    throw error;
  }
  throw new Error('expected a DatasetError');
}

describe('duplicate ids in a streamed suite, held as 64-bit hashes (datasets/idHashSet.ts)', () => {
  it('distinct ids pass; a repeated one, in another file, is named with both places', () => {
    const dir = tempDir({ 'a.yaml': dialogue('a1') + dialogue('a2'), 'b.yaml': dialogue('b1') + dialogue('a2') });
    const files = [join(dir, 'a.yaml'), join(dir, 'b.yaml')];
    expect(issuesOf(() => [...streamDatasets(files)])).toEqual([`${files[1]}:4:7: duplicate id "a2" (also defined at ${files[0]}:4:7)`]);
    expect([...streamDatasets([files[0]!])].map((d) => d.id)).toEqual(['a1', 'a2']);
  });

  it('a hash seen before is only a "maybe": the exact re-check lets distinct ids with one hash through', () => {
    const dir = tempDir({ 'a.yaml': dialogue('x') + dialogue('y') + dialogue('z') });
    const file = join(dir, 'a.yaml');
    const everyIdCollides = () => new IdHashSet(() => [7, 7]);
    expect([...streamDatasets([file], everyIdCollides())].map((d) => d.id)).toEqual(['x', 'y', 'z']);
    const repeated = tempDir({ 'r.yaml': dialogue('x') + dialogue('y') + dialogue('x') });
    const again = join(repeated, 'r.yaml');
    expect(issuesOf(() => [...streamDatasets([again], everyIdCollides())])).toEqual([`${again}:7:7: duplicate id "x" (also defined at ${again}:1:7)`]);
  });

  it('checked in one pass: nothing is yielded after the first problem, and every file\'s issues are reported', () => {
    const dir = tempDir({ 'a.yaml': dialogue('a1') + '- id: 5\n', 'b.yaml': dialogue('b1') + '- turns: []\n' });
    const files = [join(dir, 'a.yaml'), join(dir, 'b.yaml')];
    const yielded: string[] = [];
    const issues = issuesOf(() => {
      for (const d of checkedDialogues(files)) yielded.push(d.id);
    });
    expect(yielded).toEqual(['a1']);
    expect(issues.some((line) => line.startsWith(files[0]!))).toBe(true);
    expect(issues.some((line) => line.startsWith(files[1]!))).toBe(true);
  });
});

describe('a dataset file scanned as bytes (provenance hash and a count for progress)', () => {
  it('counts top-level items of a YAML file and rows of a CSV file', () => {
    const dir = tempDir({ 'a.yaml': `# comment\n${dialogue('a')}${dialogue('b')}-\n  id: c\n  turns: [{tap: confirm}]\n`, 'c.csv': 'id,text\n1,x\n2,y\n' });
    expect(scanDatasetFile(join(dir, 'a.yaml'))?.dialogues).toBe(3);
    expect(scanDatasetFile(join(dir, 'c.csv'))?.dialogues).toBe(2);
    expect(scanDatasetFile(join(dir, 'a.yaml'))?.sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(scanDatasetFile(join(dir, 'missing.yaml'))).toBeNull();
  });
});
