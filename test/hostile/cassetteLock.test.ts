import { spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ROOT, tempDir } from '../support/cli.js';

// Issue 31, finding 1: the lock file was empty between its exclusive create and the owner's pid;
// a waiter reading it then saw pid 0, called it abandoned and deleted it, and two writers merged at once.
const lockModule = pathToFileURL(join(ROOT, 'dist/llm/fileLock.js')).href;
const cassetteModule = pathToFileURL(join(ROOT, 'dist/llm/cassette.js')).href;

// Each critical section makes a marker directory: one that is already there is another holder inside at once.
const SECTIONS = `
const { withFileLock } = await import(process.argv[1]);
const { mkdirSync, rmdirSync } = await import('node:fs');
const [lock, marker, count] = process.argv.slice(2);
let overlaps = 0;
for (let i = 0; i < Number(count); i++) {
  await withFileLock(lock, async () => {
    try { mkdirSync(marker); } catch { overlaps++; return; }
    await new Promise((resolve) => setImmediate(resolve));
    rmdirSync(marker);
  });
}
process.stdout.write(String(overlaps));`;

// Takes the lock, says so, and holds it until killed.
const HOLDER = `
const { withFileLock } = await import(process.argv[1]);
await withFileLock(process.argv[2], async () => {
  process.stdout.write('held\\n');
  await new Promise(() => setInterval(() => undefined, 1000));
});`;

function node(script: string, args: readonly string[]): { done: Promise<{ code: number | null; out: string }>; pid: number; firstLine: Promise<string> } {
  const child = spawn(process.execPath, ['--input-type=module', '-e', script, ...args], { stdio: ['ignore', 'pipe', 'inherit'] });
  let out = '';
  let sawLine: (line: string) => void = () => undefined;
  const firstLine = new Promise<string>((resolve) => (sawLine = resolve));
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
    out += chunk;
    if (out.includes('\n')) sawLine(out.split('\n')[0]!);
  });
  return { done: new Promise((resolve) => child.once('exit', (code) => resolve({ code, out }))), pid: child.pid!, firstLine };
}

describe('the cassette lock (issue 31)', () => {
  it('never lets two processes into the critical section at once: 4 processes × 150 sections, 0 overlaps', async () => {
    const dir = tempDir('lock-sections-');
    const runs = [0, 1, 2, 3].map(() => node(SECTIONS, [lockModule, join(dir, 'c.lock'), join(dir, 'inside'), '150']).done);
    const results = await Promise.all(runs);
    expect(results.map((r) => r.code)).toEqual([0, 0, 0, 0]);
    expect(results.map((r) => Number(r.out))).toEqual([0, 0, 0, 0]);
  }, 120_000);

  it('waits a bounded time for a live holder, then names its pid, host and age', async () => {
    const dir = tempDir('lock-held-');
    const lock = join(dir, 'c.lock');
    const holder = node(HOLDER, [lockModule, lock]);
    expect(await holder.firstLine).toBe('held');
    const { withFileLock, LockError } = (await import(lockModule)) as typeof import('../../src/llm/fileLock.js');
    const started = Date.now();
    const waited = withFileLock(lock, () => Promise.resolve('got it'), { waitMs: 400 });
    await expect(waited).rejects.toBeInstanceOf(LockError);
    await expect(waited).rejects.toThrow(new RegExp(`still locked after 0 s by pid ${holder.pid} on ${hostname()}, held for \\d+ s`));
    expect(Date.now() - started).toBeLessThan(5_000);
    // Killed without a chance to clean up, the holder's lock goes with it.
    process.kill(holder.pid, 'SIGKILL');
    await holder.done;
    await expect(withFileLock(lock, () => Promise.resolve('got it'), { waitMs: 2_000 })).resolves.toBe('got it');
  }, 30_000);

  it('is not held by a lock file of an older version with a live pid and a time in the future', async () => {
    const dir = tempDir('lock-future-');
    const path = join(dir, 'c.json');
    writeFileSync(`${path}.lock`, `${process.pid} ${Date.now() + 365 * 24 * 3600_000}`);
    const { Cassette } = (await import(cassetteModule)) as typeof import('../../src/llm/cassette.js');
    const cassette = Cassette.load(path);
    cassette.record({ key: 'k', endpoint: 'parse', model: 'm', request: { systemFirstLine: '', userMessage: 'u', messageCount: 2 } }, 1, 0, {
      text: 't',
      latencyMs: 1,
    });
    const started = Date.now();
    await cassette.save();
    expect(Date.now() - started).toBeLessThan(2_000);
  }, 10_000);
});
