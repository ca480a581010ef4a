import { spawnSync } from 'node:child_process';
import { chmodSync, chownSync, copyFileSync, existsSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { streamYamlDataset } from '../../src/datasets/loadYamlDataset.js';
import { withParsedCache } from '../../src/datasets/parsedDatasetCache.js';
import { ROOT, tempDir } from '../support/cli.js';

// Issue 23: caches are keyed by content, trusted only where no one else could write them, and a
// bad entry is discarded, never fatal. (V8 matched the code cache by source length alone: after a
// same-length edit the old code kept running; a planted dataset entry decided what a run tested.)

/** bin/ over a dist/ whose bundle prints `text`. */
function fakeTree(text: string) {
  const root = tempDir('nlu-planted-');
  mkdirSync(join(root, 'bin'));
  for (const file of ['nlu-harness.js', 'runBundle.js']) copyFileSync(join(ROOT, 'bin', file), join(root, 'bin', file));
  mkdirSync(join(root, 'dist/cli'), { recursive: true });
  mkdirSync(join(root, 'dist/bundle'), { recursive: true });
  writeFileSync(join(root, 'dist/cli/main.js'), 'process.stdout.write("modules");\n');
  const bundle = join(root, 'dist/bundle/main.cjs');
  const write = (said: string) => writeFileSync(bundle, `process.stdout.write(${JSON.stringify(said)});\n`);
  write(text);
  const run = () => spawnSync(process.execPath, [join(root, 'bin/nlu-harness.js'), 'run'], { encoding: 'utf8' }).stdout;
  return { root, write, run, codeCache: join(root, 'dist/bundle/cache/code') };
}

describe('the V8 code cache', () => {
  it("is keyed by the bundle's bytes: a same-length edit runs the new code", () => {
    const tree = fakeTree('old code');
    expect(tree.run()).toBe('old code');
    expect(tree.run()).toBe('old code');
    expect(readdirSync(tree.codeCache)).toHaveLength(1);
    tree.write('new code');
    expect(tree.run()).toBe('new code');
    expect(readdirSync(tree.codeCache)).toHaveLength(2);
  });

  it('is neither read nor written in a cache directory others can write in', () => {
    const tree = fakeTree('bundle');
    mkdirSync(join(tree.root, 'dist/bundle/cache'), { mode: 0o777 });
    chmodSync(join(tree.root, 'dist/bundle/cache'), 0o777);
    expect(tree.run()).toBe('bundle');
    expect(existsSync(tree.codeCache)).toBe(false);
  });

  it.skipIf(process.getuid?.() !== 0)(
    'is neither read nor written in a cache directory of another user (run as root: the directory is given to nobody)',
    () => {
      const tree = fakeTree('bundle');
      mkdirSync(join(tree.root, 'dist/bundle/cache'), { mode: 0o755 });
      chownSync(join(tree.root, 'dist/bundle/cache'), 65534, 65534);
      expect(tree.run()).toBe('bundle');
      expect(existsSync(tree.codeCache)).toBe(false);
    },
  );
});

describe("the parsed-dataset cache: an entry that is not this file's dialogues is discarded, not fatal", () => {
  const DATASET = '- id: real\n  turns:\n    - user: 确认\n';
  const entries: Array<[string, (key: string) => unknown]> = [
    ['JSON but not dialogues', (key) => ({ format: 2, key, dialogues: [1, 2, 3] })],
    ['dialogues without turns', (key) => ({ format: 2, key, dialogues: [{ id: 'x', title: 'x', tags: [] }] })],
    ['planted under the key without naming it', () => ({ format: 2, dialogues: [{ id: 'planted', title: 'p', tags: [], turns: [] }] })],
    ['an older format', (key) => ({ format: 1, key, dialogues: [] })],
    ['half a file', () => '{"format":2,"key":"'],
  ];
  for (const [name, entry] of entries) {
    it(name, () => {
      const dir = tempDir('nlu-planted-');
      const file = join(dir, 'd.yaml');
      writeFileSync(file, DATASET);
      const key = createHash('sha256').update(DATASET).digest('hex');
      const cache = join(dir, 'cache');
      mkdirSync(cache);
      const value = entry(key);
      writeFileSync(join(cache, `${key}.json`), typeof value === 'string' ? value : JSON.stringify(value));
      const ids = [...withParsedCache(file, 'd.yaml', () => streamYamlDataset(file), cache)].map((d) => d.id);
      expect(ids).toEqual(['real']);
      // Replaced by the parse's own entry, which the next read uses.
      expect(
        [
          ...withParsedCache(
            file,
            'd.yaml',
            () => {
              throw new Error('parsed again');
            },
            cache,
          ),
        ].map((d) => d.id),
      ).toEqual(['real']);
    });
  }
});
