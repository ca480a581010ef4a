import { appendFileSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DatasetError } from '../../src/datasets/datasetTypes.js';
import { dialogueDigest } from '../../src/datasets/dialogueDigest.js';
import { streamDatasets } from '../../src/datasets/loadDatasets.js';
import { planRun } from '../../src/eval/evaluateRun.js';
import { cli, tempDir } from '../support/cli.js';

/** Past the 5 000 a plan keeps from its check: the run reads the file a second time. */
const LARGE = 5100;

function generated(count: number): string {
  const file = join(tempDir(), 'suite.yaml');
  const result = cli(['generate', '--count', String(count), '--seed', '5', '--out', file]);
  expect(result.status).toBe(0);
  return file;
}

const plan = (file: string, shard: { index: number; count: number } | null = null) =>
  planRun({ datasets: [file], filter: [], exclude: ['cancel-then-correct'], shard, protocol: 'batch' });

describe('planRun: one checked read (issue 48)', () => {
  const file = generated(LARGE);

  it('knows the selection and every content digest once it returns, before any dialogue is read for the run', () => {
    const planned = plan(file, { index: 2, count: 3 });
    const expected = [...streamDatasets([file])].filter((d) => !d.tags.includes('cancel-then-correct'));
    const inShard = expected.filter((_, i) => i % 3 === 1);
    expect(planned.selection()?.dialogues).toBe(expected.length);
    expect(planned.selection()?.shard.dialogues).toBe(inShard.length);
    expect([...planned.contents()]).toEqual(inShard.map((d) => [d.id, dialogueDigest(d)]));
  });

  it("the run's second read of a large suite gives the same dialogues as the checked read, without the checks", () => {
    const planned = plan(file);
    const checked = [...streamDatasets([file])].filter((d) => !d.tags.includes('cancel-then-correct'));
    const run = [...planned.dialogues()];
    expect(run.length).toBeGreaterThan(4000);
    expect(run).toEqual(checked);
    // Each protocol arm reads afresh, the same again.
    expect([...planned.dialogues()]).toEqual(checked);
  });

  it('a file changed after the check is refused before its dialogues are read again', () => {
    const copy = join(tempDir(), 'copy.yaml');
    appendFileSync(copy, readFileSync(file));
    const planned = plan(copy);
    // A valid dialogue more, which no check has seen.
    appendFileSync(
      copy,
      readFileSync(file, 'utf8')
        .split('\n')
        .find((line) => line.startsWith('- {'))!
        .replace(/"id":"gen-5-\d+"/, '"id":"added-later"') + '\n',
    );
    const read = () => [...planned.dialogues()];
    expect(read).toThrow(DatasetError);
    try {
      read();
    } catch (error) {
      expect((error as DatasetError).issues[0]?.message).toContain('changed since it was checked');
    }
  });
});
