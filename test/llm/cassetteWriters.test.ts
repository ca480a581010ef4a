import { spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ROOT, tempDir } from '../support/cli.js';

// Two runs recording into one cassette at once (issue 23): each save merges what the other saved.
const WRITER = `
const { Cassette } = await import(process.argv[1]);
const [path, name, count] = process.argv.slice(2);
const cassette = Cassette.load(path);
for (let i = 0; i < Number(count); i++) {
  const key = name + '-' + i;
  cassette.record({ key, endpoint: 'parse', model: 'm', request: { systemFirstLine: '', userMessage: key, messageCount: 2 } }, 1, 0, { text: key, latencyMs: 1 });
  await cassette.save();
}`;

function writer(path: string, name: string, count: number): Promise<number | null> {
  const module = pathToFileURL(join(ROOT, 'dist/llm/cassette.js')).href;
  const child = spawn(process.execPath, ['--input-type=module', '-e', WRITER, module, path, name, String(count)], { stdio: 'inherit' });
  return new Promise((resolve) => child.once('exit', resolve));
}

describe('concurrent writers to one cassette', () => {
  it("lose nothing: both runs' entries are in the file, and no temporary or owner file is left (the lock file stays, hidden)", async () => {
    const dir = tempDir('cassette-writers-');
    const path = join(dir, 'shared.json');
    expect(await Promise.all([writer(path, 'a', 40), writer(path, 'b', 40)])).toEqual([0, 0]);
    const keys = (JSON.parse(readFileSync(path, 'utf8')) as { entries: { key: string }[] }).entries.map((e) => e.key);
    expect(keys).toHaveLength(80);
    expect(new Set(keys).size).toBe(80);
    expect(readdirSync(dir).sort()).toEqual(['.shared.json.lock', 'shared.json']);
  }, 60_000);
});
