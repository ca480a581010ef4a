import { spawn } from 'node:child_process';
import { mkdirSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cli, ROOT, tempDir } from '../support/cli.js';
import { expectRejected } from './workspace.js';

// Issue 23: `generate --out <existing dir>` or `--out ''` was exit 1 with EBADF (a double close
// masked EISDIR) and left a temp file; SIGTERM during generate left up to 564 MB of temp file.
describe('generate leaves nothing behind', () => {
  it('--out at an existing directory is exit 2 before writing', () => {
    const dir = tempDir();
    mkdirSync(join(dir, 'out'));
    expectRejected(cli(['generate', '--count', '5', '--out', join(dir, 'out')]), /--out \S+out: is a directory, expected a file/);
    expect(readdirSync(dir)).toEqual(['out']);
    expect(readdirSync(join(dir, 'out'))).toEqual([]);
  });

  it("--out '' is exit 2", () => {
    expectRejected(cli(['generate', '--count', '5', '--out', '']), /--out needs a file path/);
  });

  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    it(`${signal} while writing: the process ends by it and no temporary file is left`, async () => {
      const dir = tempDir();
      const child = spawn(process.execPath, ['bin/nlu-harness.js', 'generate', '--count', '5000000', '--out', join(dir, 'big.yaml')], {
        cwd: ROOT,
        stdio: 'ignore',
      });
      const exited = new Promise<NodeJS.Signals | null>((resolve) => child.on('exit', (_code, sig) => resolve(sig)));
      // Wait until the temporary file has grown, so the signal lands mid-write.
      const until = Date.now() + 30_000;
      while (Date.now() < until && !readdirSync(dir).some((name) => name.endsWith('.tmp') && statSync(join(dir, name)).size > 1_000_000)) {
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      child.kill(signal);
      expect(await exited).toBe(signal);
      expect(readdirSync(dir)).toEqual([]);
    });
  }
});
