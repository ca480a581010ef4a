import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cliAsync, ROOT, tempDir } from '../support/cli.js';
import { FAULTY, readReport, sutFaults } from '../sut/sutSupport.js';
import { isAlive as alive } from '../../src/util/fileSet.js';

// Issue 23: a SUT leaves nothing behind by any path, sees no key, and cannot flood the harness.
const VICTIM = 's001-correction-notifies';
const TRIGGER = '单车那笔';
const FAST = ['--sut-timeout', '1000', '--sut-start-timeout', '4000'];

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
      const harness = spawn(
        process.execPath,
        [
          'bin/nlu-harness.js',
          'run',
          '--no-progress',
          '--no-history',
          '-f',
          VICTIM,
          '--sut-timeout',
          '60000',
          '--sut',
          `${FAULTY('hangWithChild', TRIGGER)} ${file}`,
          '--out',
          join(dir, 'out'),
        ],
        { cwd: ROOT, stdio: 'ignore' },
      );
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
    const result = await cliAsync(
      [
        'run',
        '--no-progress',
        '-f',
        VICTIM,
        ...FAST,
        '--api-key-env',
        'MY_KEY',
        '--sut-env',
        'SUT_SETTING',
        '--sut',
        `${FAULTY('env', 'hello')} ${file}`,
        '--out',
        join(dir, 'out'),
      ],
      { env },
    );
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

describe('the SUT boundary, round four (issue 31)', () => {
  it('a child the SUT started in its own session (setsid) is killed with it, found by walking the process tree', async () => {
    const dir = tempDir();
    const file = join(dir, 'pids');
    const result = await cliAsync([
      'run',
      '--no-progress',
      '--no-history',
      '-f',
      VICTIM,
      ...FAST,
      '--sut',
      `${FAULTY('setsidChild', TRIGGER)} ${file}`,
      '--out',
      join(dir, 'out'),
    ]);
    expect(result.status, result.stderr).toBe(0);
    const [sut, child] = pids(file);
    expect(await eventually(() => !alive(sut!) && !alive(child!))).toBe(true);
  });

  it('a SUT writing 200 MB to stderr is drained, never stalled or broken: its dialogues pass and its writes all succeed', async () => {
    const dir = tempDir();
    const file = join(dir, 'stderr-errors');
    // Writing 200 MB takes about a second on a busy machine, pipe or file: no fault is expected, so a deadline that cannot trip.
    const result = await cliAsync([
      'run',
      '--no-progress',
      '--no-history',
      '-f',
      'seed-001',
      '--sut-timeout',
      '20000',
      '--sut',
      `${FAULTY('noisyStderr', TRIGGER)} ${file}`,
      '--out',
      join(dir, 'out'),
    ]);
    expect(result.status, result.stderr.slice(0, 2000)).toBe(0);
    expect(existsSync(file)).toBe(false);
    expect(readReport(join(dir, 'out')).summary.dialogues.failed).toBe(0);
  }, 60_000);
});

describe('a SUT whose stderr its own Node child made non-blocking, flooded before every answer (issue 41)', () => {
  const NOISY = (args: string) => `python3 test/fixtures/sut/noisyStderr.py ${args}`;
  const runIn = async (dir: string, sut: string, filter: string[]) => {
    const tmp = join(dir, 'tmp');
    mkdirSync(tmp);
    const out = join(dir, 'out');
    const result = await cliAsync(
      ['run', '--no-progress', '--no-history', '--dataset', 'datasets/seed-000-batch.yaml', ...filter, '--sut', sut, '--out', out],
      { env: { TMPDIR: tmp } },
    );
    return { result, out, tmp };
  };

  it('4 MB of log before each answer: every write lands and the seed-000 batch dialogues pass; its stderr file is gone', async () => {
    const { result, out, tmp } = await runIn(tempDir(), NOISY(`4 ${process.execPath}`), []);
    expect(result.status, result.stderr.slice(0, 2000)).toBe(0);
    const report = readReport(out);
    expect(report.summary.dialogues.failed).toBe(0);
    expect(report.summary.dialogues.passed).toBeGreaterThanOrEqual(20);
    expect(readdirSync(tmp)).toEqual([]);
  }, 120_000);

  it('a SUT that dies after 20 MB of log: its fault quotes the last thing it wrote', async () => {
    const { result, out } = await runIn(tempDir(), NOISY(`10 ${process.execPath} 2`), ['-f', 's000-append-announce']);
    expect(result.status).toBe(1);
    const faults = [...sutFaults(readReport(out)).values()].flat();
    expect(faults[0]).toMatch(/the SUT exited with code 3 while answering .*; its stderr ends: "…x+\\ndying now"$/);
  }, 120_000);
});

describe('nlu-harness sut answers what is not a message with an error and goes on (issue 31)', () => {
  it('null, a number, a list, wrong field types: each an error naming why; the hello after them is answered', async () => {
    const lines = [
      'null',
      '42',
      '[]',
      '{"type":"event","seq":3,"now":"soon","event":{"type":"userText","text":5}}',
      '{"type":"hello","seq":"one","protocolVersion":1,"protocol":"batch"}',
      '{"type":"warp","seq":6}',
      '{"type":"hello","seq":7,"protocolVersion":1,"protocol":"batch"}',
    ];
    const child = spawn(process.execPath, ['bin/nlu-harness.js', 'sut'], { cwd: ROOT, stdio: ['pipe', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (out += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (err += chunk));
    child.stdin.end(`${lines.join('\n')}\n`);
    const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
    expect(code, err).toBe(0);
    expect(err).toBe('');
    const replies = out
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { type: string; seq: number; message?: string });
    expect(replies.map((r) => [r.type, r.seq])).toEqual([
      ['error', 0],
      ['error', 0],
      ['error', 0],
      ['error', 3],
      ['error', 0],
      ['error', 6],
      ['ready', 7],
    ]);
    expect(replies[0]!.message).toBe('unknown message type undefined');
    expect(replies[3]!.message).toMatch(/^not a valid event message: /);
    expect(replies[4]!.message).toMatch(/^not a valid hello message: [^\n]*seq/);
    expect(replies[5]!.message).toBe('unknown message type "warp"');
  }, 30_000);
});
