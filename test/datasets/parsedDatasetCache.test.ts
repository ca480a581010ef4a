import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { DatasetError, type Dialogue } from '../../src/datasets/datasetTypes.js';
import { idPositions } from '../../src/datasets/idPositions.js';
import { streamYamlDataset } from '../../src/datasets/loadYamlDataset.js';
import { bundledCacheDirectory, withParsedCache } from '../../src/datasets/parsedDatasetCache.js';
import { tempDir } from './tempFiles.js';

const TWO_DIALOGUES = `# two dialogues
- id: first
  title: 吃饭和打车
  tags: [batch]
  turns:
    - user: 吃饭花了60，打车30
      expect: { state: CONFIRMING }
    - tap: confirm

- id: second
  turns:
    - user: 确认
`;

/** What a loaded dialogue carries, its id's position included. */
function shape(dialogues: readonly Dialogue[]) {
  return dialogues.map((d) => ({ ...d, idAt: idPositions.get(d) }));
}

function parseMustNotRun(): never {
  throw new Error('parsed although the cache holds this file');
}

describe('parsed-dataset cache (datasets/parsedDatasetCache.ts)', () => {
  it('a second read of the same bytes comes from the cache, equal to the parse in every field and position', () => {
    const dir = tempDir({ 'a.yaml': TWO_DIALOGUES });
    const file = join(dir, 'a.yaml');
    const cache = join(dir, 'cache');
    const parsed = [...withParsedCache(file, file, () => streamYamlDataset(file), cache)];
    expect(readdirSync(cache)).toHaveLength(1);
    const cached = [...withParsedCache(file, file, parseMustNotRun, cache)];
    expect(shape(cached)).toEqual(shape(parsed));
    expect(cached.map((d) => [d.id, d.line, idPositions.get(d)])).toEqual([
      ['first', 2, { line: 2, col: 7 }],
      ['second', 10, { line: 10, col: 7 }],
    ]);
  });

  it('the same bytes at another path are shown under that path', () => {
    const dir = tempDir({ 'a.yaml': TWO_DIALOGUES, 'b.yaml': TWO_DIALOGUES });
    const cache = join(dir, 'cache');
    [...withParsedCache(join(dir, 'a.yaml'), 'a.yaml', () => streamYamlDataset(join(dir, 'a.yaml')), cache)];
    const other = [...withParsedCache(join(dir, 'b.yaml'), 'b.yaml', parseMustNotRun, cache)];
    expect(other.map((d) => d.file)).toEqual(['b.yaml', 'b.yaml']);
  });

  it('changed bytes are parsed again', () => {
    const dir = tempDir({ 'a.yaml': TWO_DIALOGUES });
    const file = join(dir, 'a.yaml');
    const cache = join(dir, 'cache');
    [...withParsedCache(file, 'a.yaml', () => streamYamlDataset(file), cache)];
    writeFileSync(file, TWO_DIALOGUES.replace('id: second', 'id: third'));
    expect([...withParsedCache(file, 'a.yaml', () => streamYamlDataset(file), cache)].map((d) => d.id)).toEqual(['first', 'third']);
  });

  it('a file rewritten while it was parsed is not cached under the bytes read before', () => {
    const dir = tempDir({ 'a.yaml': TWO_DIALOGUES });
    const file = join(dir, 'a.yaml');
    const cache = join(dir, 'cache');
    const parseThenRewrite = function* () {
      yield* streamYamlDataset(file);
      writeFileSync(file, TWO_DIALOGUES.replace('id: second', 'id: rewritten'));
    };
    expect([...withParsedCache(file, 'a.yaml', parseThenRewrite, cache)].map((d) => d.id)).toEqual(['first', 'second']);
    expect(() => readdirSync(cache)).toThrow();
    expect([...withParsedCache(file, 'a.yaml', () => streamYamlDataset(file), cache)].map((d) => d.id)).toEqual(['first', 'rewritten']);
  });

  it('a file with issues is never cached: its issues are found again on every read', () => {
    const dir = tempDir({ 'bad.yaml': '- id: x\n  turns:\n    - user: 确认\n      expect: { state: NOPE }\n' });
    const file = join(dir, 'bad.yaml');
    const cache = join(dir, 'cache');
    for (let i = 0; i < 2; i++) expect(() => [...withParsedCache(file, 'bad.yaml', () => streamYamlDataset(file), cache)]).toThrow(DatasetError);
    expect(() => readdirSync(cache)).toThrow();
  });

  it('a damaged entry is ignored and written anew; a read stopped early caches nothing', () => {
    const dir = tempDir({ 'a.yaml': TWO_DIALOGUES });
    const file = join(dir, 'a.yaml');
    const cache = join(dir, 'cache');
    const stopped = withParsedCache(file, 'a.yaml', () => streamYamlDataset(file), cache);
    stopped.next();
    stopped.return(undefined);
    expect(() => readdirSync(cache)).toThrow();
    [...withParsedCache(file, 'a.yaml', () => streamYamlDataset(file), cache)];
    const [entry] = readdirSync(cache);
    writeFileSync(join(cache, entry!), '{"format": 1, "dialogues": [');
    expect([...withParsedCache(file, 'a.yaml', () => streamYamlDataset(file), cache)].map((d) => d.id)).toEqual(['first', 'second']);
    expect(JSON.parse(readFileSync(join(cache, entry!), 'utf8')).dialogues).toHaveLength(2);
  });

  it('a value JSON would change (an infinite number) keeps the file out of the cache', () => {
    const dir = tempDir({ 'a.yaml': TWO_DIALOGUES });
    const file = join(dir, 'a.yaml');
    const cache = join(dir, 'cache');
    const withInfinity = () => [...streamYamlDataset(file)].map((d, i) => (i === 0 ? { ...d, line: Number.POSITIVE_INFINITY } : d));
    [...withParsedCache(file, 'a.yaml', withInfinity, cache)];
    expect(() => readdirSync(cache)).toThrow();
  });

  it('keeps at most the given number of entries, the oldest written going first', () => {
    const files = Object.fromEntries(['a', 'b', 'c'].map((name) => [`${name}.yaml`, TWO_DIALOGUES.replace('id: first', `id: ${name}`)]));
    const dir = tempDir(files);
    const cache = join(dir, 'cache');
    for (const name of Object.keys(files)) [...withParsedCache(join(dir, name), name, () => streamYamlDataset(join(dir, name)), cache, 2)];
    expect(readdirSync(cache)).toHaveLength(2);
    expect([...withParsedCache(join(dir, 'c.yaml'), 'c.yaml', parseMustNotRun, cache, 2)].map((d) => d.id)).toEqual(['c', 'second']);
  });

  it('only the bundle caches (a main.cjs, whose cache folder every build empties), when its launcher found that folder private; the compiled modules do not', () => {
    expect(bundledCacheDirectory(pathToFileURL('/x/dist/bundle/main.cjs').href, '/x/dist/bundle/cache')).toBe('/x/dist/bundle/cache/datasets');
    expect(bundledCacheDirectory(pathToFileURL('/x/dist/bundle/main.cjs').href, null)).toBeNull();
    expect(bundledCacheDirectory(pathToFileURL('/x/dist/datasets/parsedDatasetCache.js').href)).toBeNull();
  });
});
