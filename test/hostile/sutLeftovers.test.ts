import { spawn } from 'node:child_process';
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cliAsync, ROOT, tempDir } from '../support/cli.js';
import { FAULTY, readReport, sutFaults } from '../sut/sutSupport.js';

// Issue 23: a SUT leaves nothing behind by any path, sees no key, and cannot flood the harness.
const VICTIM = 's001-correction-notifies';
const TRIGGER = '单车那笔';
const FAST = ['--sut-timeout', '1000', '--sut-start-timeout', '4000'];

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Polls until `check` holds or `ms` pass. */
async function eventually(check: () => boolean, ms = 10_000): Promise<boolean> {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if (check()) return true;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return check();
}

const pids = (file: string) => readFileSync(file, 'utf8').split(' ').map(Number);

describe('SUT processes are gone when the harness ends, by any path', () => {
  it('a SUT that starts a background child and exits mid-dialogue: the child is killed with it', async () => {
    const dir = tempDir();
    const file = join(dir, 'pids');
    const result = await cliAsync(['run', '--no-progress', '-f', VICTIM, ...FAST, '--sut', `${FAULTY('orphan', TRIGGER)} ${file}`, '--out', join(dir, 'out')]);
    expect(result.status, result.stderr).toBe(1);
    const [sut, child] = pids(file);
    expect(await eventually(() => !alive(sut!) && !alive(child!))).toBe(true);
  });

  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    it(`${signal} to the harness while the SUT hangs: the SUT and its child are killed`, async () => {
      const dir = tempDir();
      const file = join(dir, 'pids');
      const harness = spawn(process.execPath, ['bin/nlu-harness.js', 'run', '--no-progress', '--no-history', '-f', VICTIM, '--sut-timeout', '60000', '--sut', `${FAULTY('hangWithChild', TRIGGER)} ${file}`, '--out', join(dir, 'out')], { cwd: ROOT, stdio: 'ignore' });
      const exited = new Promise<NodeJS.Signals | null>((resolve) => harness.on('exit', (_code, sig) => resolve(sig)));
      expect(await eventually(() => existsSync(file) && statSync(file).size > 0, 30_000)).toBe(true);
      const [sut, child] = pids(file);
      harness.kill(signal);
      expect(await exited).toBe(signal);
      expect(await eventually(() => !alive(sut!) && !alive(child!))).toBe(true);
      // Killed before writing: no report set, no staging directory.
      expect(readdirSync(dir).sort()).toEqual(['pids']);
    });
  }
});

describe('a SUT gets only the environment it needs', () => {
  it('no OPENAI_API_KEY (nor the --api-key-env variable), unless named with --sut-env', async () => {
    const dir = tempDir();
    const file = join(dir, 'env.json');
    const env = { OPENAI_API_KEY: 'sk-hostile-secret', MY_KEY: 'sk-other', SUT_SETTING: 'kept' };
    const result = await cliAsync(['run', '--no-progress', '-f', VICTIM, ...FAST, '--api-key-env', 'MY_KEY', '--sut-env', 'SUT_SETTING', '--sut', `${FAULTY('env', 'hello')} ${file}`, '--out', join(dir, 'out')], { env });
    expect(result.status, result.stderr).toBe(0);
    const seen = JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>;
    expect(seen['OPENAI_API_KEY']).toBeUndefined();
    expect(seen['MY_KEY']).toBeUndefined();
    expect(seen['SUT_SETTING']).toBe('kept');
    expect(seen['PATH']).toBe(process.env['PATH']);
  });
});

describe('a SUT cannot flood the harness or its reports', () => {
  it.each([
    ['bigSpeak', /too large: \/effects\/0\/text is a string of 100000 characters \(at most 4096\)/],
    ['longLine', /wrote a line longer than 1048576 characters while answering event userText/],
  ])('%s: that dialogue fails, named; the report stays small', async (mode, fault) => {
    const out = tempDir();
    const result = await cliAsync(['run', '--no-progress', '-f', 'seed-001', ...FAST, '--sut', FAULTY(mode, TRIGGER), '--out', out]);
    expect(result.status, result.stderr).toBe(1);
    const faults = sutFaults(readReport(out));
    expect([...faults.keys()]).toEqual([VICTIM]);
    expect(faults.get(VICTIM)![0]).toMatch(fault);
    expect(statSync(join(out, 'report.json')).size).toBeLessThan(2_000_000);
  });
});
