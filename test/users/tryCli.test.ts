import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT, cli, tempDir } from '../support/cli.js';

/** Runs `nlu-harness try` on a pseudo-terminal (util-linux `script`), typing the given lines. */
function tryOnTerminal(lines: readonly string[]): string {
  const command = `${JSON.stringify(process.execPath)} ${JSON.stringify(join(ROOT, 'bin/nlu-harness.js'))} try --llm heuristic`;
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
    expect(screen).toContain(`已保存 3 轮 → ${file}`);

    const dialogue = JSON.parse(readFileSync(file, 'utf8').split('\n').find((line) => line.startsWith('- '))!.slice(2)) as {
      turns: { user?: string; tap?: string; expect: { state: string; saved?: unknown } }[];
    };
    expect(dialogue.turns.map((turn) => turn.user ?? `tap:${turn.tap}`)).toEqual(['吃饭60，打车30', '第二笔改成35', 'tap:confirm']);
    expect(dialogue.turns[2]!.expect).toMatchObject({ state: 'LISTENING', saved: [{ amount: 60 }, { amount: 35 }] });
    expect(cli(['validate', file]).status).toBe(0);
    // Its script is what the model answered, so the scripted backend replays it exactly.
    expect(cli(['run', '-d', file, '--out', join(tempDir(), 'r'), '--no-progress']).status).toBe(0);
  });
});
