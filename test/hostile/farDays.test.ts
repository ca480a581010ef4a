import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cli, tempDir } from '../support/cli.js';

/** Issue 47, items 1 and 3: days far from today, typed into `try` and given as a today. */
describe('days far from today', () => {
  it('item 1: 12345天前打车30 in try is one item dated 12 345 days back, with no leftover digit as an item', () => {
    const result = cli(['try', '--llm', 'heuristic', '--today', '2026-03-01'], { input: '12345天前打车30\n:quit\n' });
    expect(result.status).toBe(0);
    // 2026-03-01 minus 12 345 days, by Python's datetime: 1992-05-13.
    expect(result.stdout).toContain('第1笔 支出 30元 交通 打车 1992-05-13 [pending]');
    expect(result.stdout).not.toContain('第2笔');
  });

  it('item 1: a count past year 1 is refused cleanly: no day, no item made of its digits', () => {
    const result = cli(['try', '--llm', 'heuristic', '--today', '2026-03-01'], { input: `${'9'.repeat(30)}天前打车30\n:quit\n` });
    expect(result.status).toBe(0);
    expect(result.stdout).toContain('第1笔 支出 30元 交通 打车 [pending]');
    expect(result.stdout).not.toContain('第2笔');
  });

  it('item 3: simulate --today 0001-01-01 is exit 2 naming the flag, before any user runs (it was exit 0 with 3 harness errors)', () => {
    const dir = tempDir();
    const result = cli(['simulate', '--users', '20', '--today', '0001-01-01', '--out', join(dir, 'out'), '--save-dialogues', join(dir, 'failed.yaml')]);
    expect(result.status).toBe(2);
    expect(result.stderr).toContain('--today 0001-01-01: must be a calendar day YYYY-MM-DD (before 1000-01-01, the first day that can be today');
    expect(result.stderr).toContain('give 1000-01-01 or later');
    expect(existsSync(join(dir, 'out'))).toBe(false);
    expect(existsSync(join(dir, 'failed.yaml'))).toBe(false);
  });

  it('item 3: from the first day that can be today, simulate has no harness error and its saved dialogues validate', () => {
    const dir = tempDir();
    const saved = join(dir, 'failed.yaml');
    const result = cli(['simulate', '--users', '40', '--today', '1000-01-01', '--out', join(dir, 'out'), '--save-dialogues', saved]);
    expect(result.status).toBe(0);
    expect(result.stdout).toMatch(/harness error 0\b/);
    expect(cli(['validate', saved]).status).toBe(0);
  });

  it('item 3: a dataset today before 1000-01-01 is exit 2 at file:line, and so is run --today', () => {
    const dir = tempDir();
    const file = join(dir, 'early.yaml');
    writeFileSync(
      file,
      ['today: "0099-12-31"', 'dialogues:', '  - id: early', '    turns:', '      - user: 昨天打车30', '        expect: { state: CONFIRMING }', ''].join('\n'),
    );
    const validated = cli(['validate', file]);
    expect(validated.status).toBe(2);
    expect(validated.stdout + validated.stderr).toContain(`${file}:1:8: today: must be a calendar day YYYY-MM-DD (got "0099-12-31"): before 1000-01-01`);
    const run = cli(['run', '--dataset', 'datasets/seed-000-batch.yaml', '--today', '0999-12-31', '--out', join(dir, 'out')]);
    expect(run.status).toBe(2);
    expect(run.stderr).toContain('--today 0999-12-31: must be a calendar day YYYY-MM-DD (before 1000-01-01');
  });
});
