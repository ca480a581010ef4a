import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { ROOT, cli, tempDir } from '../support/cli.js';

/** Runs `nlu-harness try` on a pseudo-terminal (util-linux `script`), typing the given lines. */
function tryOnTerminal(lines: readonly string[], options: readonly string[] = []): string {
  const command = [process.execPath, join(ROOT, 'bin/nlu-harness.js'), 'try', '--llm', 'heuristic', ...options].map((word) => JSON.stringify(word)).join(' ');
  const result = spawnSync('script', ['-qec', command, '/dev/null'], {
    cwd: ROOT,
    encoding: 'utf8',
    input: lines.map((line) => `${line}\n`).join(''),
    env: { ...process.env, FORCE_COLOR: '0' },
    timeout: 60_000,
  });
  expect(result.status).toBe(0);
  return result.stdout.replace(/\r/g, '');
}

const hasScript = spawnSync('script', ['--version']).status === 0;

describe.skipIf(!hasScript)('nlu-harness try (issue 15 item 6: a person plays the user)', () => {
  it('shows the spoken lines and the card, takes taps, and :save writes a dialogue that replays green', () => {
    const file = join(tempDir(), 'session.yaml');
    const screen = tryOnTerminal(['吃饭60，打车30', '第二笔改成35', ':confirm', `:save ${file}`, ':quit']);
    expect(screen).toContain('App: 识别到2笔交易：第1笔，支出60元，餐饮；第2笔，支出30元，交通。请确认或修改。');
    expect(screen).toContain('第2笔 支出 35元 交通 打车 [pending]');
    expect(screen).toContain('App: 已保存2笔交易。');
    expect(screen).toMatch(new RegExp(`已保存 3 轮（id try-\\d{8}-\\d{6}-[0-9a-f]{6}）→ ${file}`));

    const text = readFileSync(file, 'utf8');
    // Block style a person can read and edit: one turn key a line, each expectation on its own line.
    expect(text).toMatch(/^    - user: 吃饭60，打车30$/m);
    expect(text).toMatch(/^        route: llm$/m);
    const [dialogue] = parse(text) as {
      turns: { user?: string; tap?: string; expect: { state: string; route: string; intent?: string; saved?: unknown } }[];
    }[];
    expect(dialogue!.turns.map((turn) => turn.user ?? `tap:${turn.tap}`)).toEqual(['吃饭60，打车30', '第二笔改成35', 'tap:confirm']);
    expect(dialogue!.turns.map((turn) => [turn.expect.route, turn.expect.intent])).toEqual([
      ['llm', undefined],
      ['llm', 'correction'],
      ['none', undefined],
    ]);
    expect(dialogue!.turns[2]!.expect).toMatchObject({ state: 'LISTENING', saved: [{ amount: 60 }, { amount: 35 }] });
    expect(cli(['validate', file]).status).toBe(0);
    // Its script is what the model answered, so the scripted backend replays it exactly.
    expect(cli(['run', '-d', file, '--out', join(tempDir(), 'r'), '--no-progress']).status).toBe(0);
  });

  it(':save refuses an existing file (:save! replaces it), :reset starts a new session with a new id', () => {
    const dir = tempDir();
    const file = join(dir, 'kept.yaml');
    writeFileSync(file, 'mine\n');
    const before = join(dir, 'before.yaml');
    const screen = tryOnTerminal(['午饭35', `:save ${file}`, `:save ${before}`, ':reset', '打车20', `:save! ${file}`, ':quit']);
    expect(screen).toContain(`没有保存：${file} 已存在。换一个文件名，或用 :save! ${file} 覆盖它`);
    expect(screen).toContain('已重新开始');
    const saved = parse(readFileSync(file, 'utf8')) as { id: string; turns: { user: string }[] }[];
    // After :reset the session holds only what was said since, under a new id.
    expect(saved[0]!.turns.map((turn) => turn.user)).toEqual(['打车20']);
    const ids = [...screen.matchAll(/id (try-[\w-]+)）/g)].map((m) => m[1]!);
    expect(ids).toHaveLength(2);
    expect(ids[0]).not.toBe(ids[1]);
    // Another console never reuses an id, so the files run together without `duplicate id`.
    const otherFile = join(dir, 'other.yaml');
    const other = tryOnTerminal(['打车20', `:save ${otherFile}`, ':quit']);
    expect(ids.some((id) => other.includes(id))).toBe(false);
    const together = cli(['validate', file, before, otherFile]);
    expect(together.status, together.stderr).toBe(0);
  });

  it(":save writes the days and the session's today (try --today), and the file validates and replays green (issue 39)", () => {
    const file = join(tempDir(), 'dated.yaml');
    const screen = tryOnTerminal(['昨天打车30，午饭25', '午饭那笔是前天的', ':confirm', `:save ${file}`, ':quit'], ['--today', '2024-03-01']);
    expect(screen).toContain('第1笔 支出 30元 交通 打车 2024-02-29 [pending]');
    expect(screen).toContain('第2笔 支出 25元 餐饮 午饭 2024-02-28 [pending]');
    const [dialogue] = parse(readFileSync(file, 'utf8')) as {
      today: string;
      turns: { expect: { batch: { date: string | null }[] | null; saved?: { date: string }[] } }[];
    }[];
    expect(dialogue!.today).toBe('2024-03-01');
    expect(dialogue!.turns[0]!.expect.batch!.map((item) => item.date)).toEqual(['2024-02-29', '2024-02-29']);
    expect(dialogue!.turns[1]!.expect.batch!.map((item) => item.date)).toEqual(['2024-02-29', '2024-02-28']);
    expect(dialogue!.turns[2]!.expect.saved!.map((row) => row.date)).toEqual(['2024-02-29', '2024-02-28']);
    expect(cli(['validate', file]).status).toBe(0);
    expect(cli(['run', '-d', file, '--out', join(tempDir(), 'r'), '--no-progress', '--no-history']).status).toBe(0);
  });

  it('try --today refuses a day that does not exist (exit 2)', () => {
    const result = cli(['try', '--today', '2026-02-30'], { input: ':quit\n' });
    expect(result.status).toBe(2);
    expect(result.stderr).toContain('--today 2026-02-30: must be a calendar day YYYY-MM-DD (2026-02 has 28 days)');
  });
});
