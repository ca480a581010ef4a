import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { resolveDatasetFiles } from '../../src/datasets/loadDatasets.js';
import { tempDir } from '../support/cli.js';
import { oneTurn } from './workspace.js';

// Issue 31, finding 8: a dataset whose name holds glob characters could not be named literally.
describe('a path that exists is itself, though it holds glob characters', () => {
  const dir = tempDir('nlu-glob-names-');
  for (const name of ['d[1].yaml', 'd1.yaml', 'star*.yaml', 'starry.yaml', 'what?.yaml', 'what!.yaml']) writeFileSync(join(dir, name), oneTurn('a'));
  mkdirSync(join(dir, 'set[2]'));
  writeFileSync(join(dir, 'set[2]', 'x.yaml'), oneTurn('x'));

  it.each([
    ['d[1].yaml', ['d[1].yaml']],
    ['star*.yaml', ['star*.yaml']],
    ['what?.yaml', ['what?.yaml']],
  ])('%s names that one file, not what it matches as a pattern', (name, files) => {
    expect(resolveDatasetFiles([join(dir, name)])).toEqual(files.map((file) => join(dir, file)));
  });

  it('a directory with glob characters is that directory', () => {
    expect(resolveDatasetFiles([join(dir, 'set[2]')])).toEqual([join(dir, 'set[2]', 'x.yaml')]);
  });

  it('a pattern that is no path is still a pattern', () => {
    expect(resolveDatasetFiles([join(dir, 'd[0-9].yaml')])).toEqual([join(dir, 'd1.yaml')]);
    expect(resolveDatasetFiles([join(dir, 'star?y.yaml')])).toEqual([join(dir, 'starry.yaml')]);
  });
});
