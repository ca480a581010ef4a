import { describe, expect, it } from 'vitest';
import { DatasetError } from '../../src/datasets/datasetTypes.js';
import { loadYamlDataset } from '../../src/datasets/loadYamlDataset.js';
import { tempFile } from './tempFiles.js';

const LINE = '- {"id":"a","turns":[{"user":"USER","expect":{"route":"local","intent":"exit"}}]}\n';

function issues(user: string): string[] {
  try {
    loadYamlDataset(tempFile('one-line.yaml', LINE.replace('USER', user)));
    return [];
  } catch (error) {
    if (!(error instanceof DatasetError)) throw error;
    return error.issues.map((issue) => `${issue.line}:${issue.col}: ${issue.message}`);
  }
}

// Issue 48: a one-line JSON dialogue skips the unpaired-surrogate walk when its text has no \u escape (strict
// UTF-8 holds none); an escape that writes half a character is still refused, located.
describe('one-line JSON dialogues and unpaired surrogates', () => {
  it('an escaped lone surrogate is refused at its field', () => {
    expect(issues('\\uD800退出')).toEqual([expect.stringMatching(/^1:\d+: turns\[0\]\.user: holds an unpaired surrogate \(\\uD800 at character 1\)/)]);
  });

  it('an escaped whole character and plain text load', () => {
    expect(issues('\\uD83D\\uDE00退出')).toEqual([]);
    expect(issues('退出')).toEqual([]);
  });
});
