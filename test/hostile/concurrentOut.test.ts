import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cliAsync, tempDir } from '../support/cli.js';

// Issue 23: parallel runs into one --out occasionally exited 3 with ENOTEMPTY (another run's set
// went in between our two renames) and left a staging directory. Now the later writer's whole set
// stays, every run exits as its dialogues say, and nothing else is left.
describe('concurrent writers to one --out', () => {
  it('8 runs at once: all exit 0, one whole set stays, no staging directory', async () => {
    const dir = tempDir();
    const out = join(dir, 'out');
    const results = await Promise.all(
      Array.from({ length: 8 }, () => cliAsync(['run', '--no-progress', '--no-history', '--filter', 'seed-001', '--out', out])),
    );
    for (const result of results) expect(result.status, result.stderr).toBe(0);
    expect(readdirSync(dir)).toEqual(['out']);
    expect(readdirSync(out).sort()).toEqual(['junit.xml', 'report.html', 'report.json', 'report.md']);
  });
});
