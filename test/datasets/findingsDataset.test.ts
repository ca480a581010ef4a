import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cli, tempDir } from '../support/cli.js';

describe('datasets/findings: the open app findings of docs/decisions.md, one tag each', () => {
  it.each(['finding:ordinal-after-cancel', 'finding:no-cancel-one-item'])('%s pins what the app does today and passes', (tag) => {
    const run = cli(['run', '--dataset', 'datasets/findings', '--filter', tag, '--out', join(tempDir(), 'out'), '--no-progress']);
    expect(run.status, run.stdout + run.stderr).toBe(0);
    expect(run.stdout).toContain('PASSED  1/1 dialogues');
  });
});
