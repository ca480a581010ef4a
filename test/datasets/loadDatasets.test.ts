import { symlinkSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DatasetError } from '../../src/datasets/datasetTypes.js';
import { globFiles } from '../../src/datasets/globFiles.js';
import { loadDatasets } from '../../src/datasets/loadDatasets.js';
import { tempDir } from './tempFiles.js';

function dialogue(id: string): string {
  return `- id: ${id}\n  turns:\n    - tap: confirm\n`;
}

const CSV = 'id,text,amounts,types,categories\nc1,吃饭60,60,EXPENSE,餐饮\n';

function printed(patterns: string[]): string[] {
  try {
    loadDatasets(patterns);
  } catch (error) {
    if (error instanceof DatasetError) return error.message.split('\n');
    throw error;
  }
  throw new Error('expected a DatasetError');
}

describe('loadDatasets', () => {
  it('expands a directory recursively into its dataset files, sorted', () => {
    const dir = tempDir({
      'b.yaml': dialogue('b'),
      'a.yml': dialogue('a'),
      'sub/c.csv': CSV,
      'README.md': '# not a dataset',
      '.hidden.yaml': dialogue('hidden'),
    });
    const { files, dialogues } = loadDatasets([dir]);
    expect(files).toEqual([`${dir}/a.yml`, `${dir}/b.yaml`, `${dir}/sub/c.csv`]);
    expect(dialogues.map((d) => [d.id, d.file])).toEqual([
      ['a', `${dir}/a.yml`],
      ['b', `${dir}/b.yaml`],
      ['c1', `${dir}/sub/c.csv`],
    ]);
  });

  it('expands globs with *, ** and braces, keeps pattern order and loads a file once', () => {
    const dir = tempDir({
      'x/one.yaml': dialogue('one'),
      'x/deep/two.yaml': dialogue('two'),
      'x/deep/three.yml': dialogue('three'),
      'x/deep/notes.txt': 'no',
      'y/four.csv': CSV,
    });
    expect(loadDatasets([`${dir}/x/*.yaml`]).files).toEqual([`${dir}/x/one.yaml`]);
    expect(loadDatasets([`${dir}/**/*.yaml`]).files).toEqual([`${dir}/x/deep/two.yaml`, `${dir}/x/one.yaml`]);
    expect(loadDatasets([`${dir}/x/**/t[!x]?*.{yaml,yml}`]).files).toEqual([
      `${dir}/x/deep/three.yml`,
      `${dir}/x/deep/two.yaml`,
    ]);
    const both = loadDatasets([`${dir}/y`, `${dir}/x/one.yaml`, `${dir}/x/*.yaml`]);
    expect(both.files).toEqual([`${dir}/y/four.csv`, `${dir}/x/one.yaml`]);
    expect(both.dialogues.map((d) => d.id)).toEqual(['c1', 'one']);
  });

  it('globs take linked files and folders named outright, while ** skips linked folders, dot-folders and node_modules (what tinyglobby with followSymbolicLinks: false would not keep)', () => {
    const dir = tempDir({
      'kept/real.yaml': dialogue('real'),
      'elsewhere/linked.yaml': dialogue('linked'),
      'kept/node_modules/dep.yaml': dialogue('dep'),
      'kept/.cache/hidden.yaml': dialogue('hidden'),
    });
    symlinkSync(`${dir}/elsewhere/linked.yaml`, `${dir}/kept/link.yaml`);
    symlinkSync(`${dir}/elsewhere`, `${dir}/kept/folder`);
    symlinkSync(dir, `${dir}/kept/loop`);
    expect(globFiles(`${dir}/kept/*.yaml`)).toEqual([`${dir}/kept/link.yaml`, `${dir}/kept/real.yaml`]);
    expect(globFiles(`${dir}/kept/folder/*.yaml`)).toEqual([`${dir}/kept/folder/linked.yaml`]);
    expect(globFiles(`${dir}/kept/**/*.yaml`)).toEqual([`${dir}/kept/link.yaml`, `${dir}/kept/real.yaml`]);
  });

  it('matches relative globs against the working directory', () => {
    const found = globFiles('src/datasets/load*.ts');
    expect(found).toContain('src/datasets/loadDatasets.ts');
    expect(found).toEqual([...found].sort());
    expect(found.every((f) => !path.isAbsolute(f))).toBe(true);
  });

  it('reports a pattern that matches nothing and an unsupported file', () => {
    const dir = tempDir({ 'notes.txt': 'x', 'ok.yaml': dialogue('ok') });
    expect(printed([`${dir}/*.json`, `${dir}/missing.yaml`, `${dir}/notes.txt`, `${dir}/ok.yaml`])).toEqual([
      `${dir}/*.json: no dataset file matches this pattern`,
      `${dir}/missing.yaml: no such file or directory`,
      `${dir}/notes.txt: unsupported file type (expected .yaml, .yml or .csv)`,
    ]);
  });

  it('rejects the same id in two files, naming both places', () => {
    const dir = tempDir({
      'a.yaml': dialogue('first') + dialogue('shared'),
      'b.yaml': `# comment\n${dialogue('shared')}`,
      'c.csv': 'text,amounts,types,categories,id\n吃饭60,60,EXPENSE,餐饮,first\n',
    });
    expect(printed([dir])).toEqual([
      `${dir}/b.yaml:2:7: duplicate id "shared" (also defined at ${dir}/a.yaml:4:7)`,
      `${dir}/c.csv:2:5: duplicate id "first" (also defined at ${dir}/a.yaml:1:7)`,
    ]);
  });

  it('aggregates the issues of every file', () => {
    const dir = tempDir({
      'a.yaml': '- id: a\n  turns: []\n',
      'b.csv': 'text,amounts,types,categories\n吃饭,abc,EXPENSE,餐饮\n',
      'c.yaml': dialogue('fine'),
    });
    expect(printed([dir])).toEqual([
      `${dir}/a.yaml:2:10: turns: must not be empty`,
      `${dir}/b.csv:2:2: column "amounts": "abc" is not a number`,
    ]);
  });
});
