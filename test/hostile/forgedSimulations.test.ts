import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cli, tempDir } from '../support/cli.js';
import { expectRejected } from './workspace.js';

// Issue 47 items 12 and 13: `compare` reads two simulate reports deeply. A hand-edited report
// (0 users, a 150 % task success, null where an object belongs) is exit 2 naming the field, never
// a pass or a crash; two reports of one seed under another --today are not paired as the same users.
let dir = '';
let report = '';
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the edits forge any field
type Json = Record<string, any>;

beforeAll(() => {
  dir = tempDir('nlu-forged-sim-');
  expect(cli(['simulate', '--users', '12', '--seed', '3', '--no-progress', '--no-history', '--out', join(dir, 'a')]).status).toBe(0);
  report = join(dir, 'a', 'report.json');
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function forged(name: string, edit: (r: Json) => void): string {
  const value = JSON.parse(readFileSync(report, 'utf8')) as Json;
  edit(value);
  const file = join(dir, `${name}.json`);
  writeFileSync(file, JSON.stringify(value));
  return file;
}
const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

describe('issue 47 item 12: forged simulate reports are exit 2 naming the field', () => {
  const cases: Array<{ name: string; edit: (r: Json) => void; where: RegExp }> = [
    {
      name: '0 users',
      edit: (r) => {
        r['run'].users = 0;
        r['runs'] = [];
        r['scores'].overall = { ...r['scores'].overall, users: 0, runs: 0, succeeded: 0, successRate: 0, firstTryRate: 0 };
        r['scores'].byGoalSize = [];
      },
      where: /\/run\/users must be >= 1/,
    },
    { name: 'a 150 % task success', edit: (r) => (r['scores'].overall.successRate = 1.5), where: /\/scores\/overall\/successRate must be <= 1/ },
    {
      name: 'a task success its runs do not make',
      edit: (r) => (r['scores'].overall.successRate = r['scores'].overall.successRate > 0.5 ? 0.1 : 0.9),
      where: /whose scores are its runs' \(\/scores\/overall\/successRate is 0\.\d, not \d+\/12\)/,
    },
    {
      name: 'more successes than runs',
      edit: (r) => (r['scores'].overall.succeeded = 40),
      where: /\/scores\/overall\/succeeded is 40, \d+ of the runs succeeded/,
    },
    { name: 'runs: [null]', edit: (r) => (r['runs'] = [null]), where: /\/runs\/0 must be object/ },
    { name: 'byGoalSize: [null]', edit: (r) => (r['scores'].byGoalSize = [null]), where: /\/scores\/byGoalSize\/0 must be object/ },
    { name: 'run.llm: null', edit: (r) => (r['run'].llm = null), where: /\/run\/llm must be object/ },
  ];
  for (const c of cases) {
    it(c.name, () => {
      const file = forged(c.name.replace(/\W+/g, '-'), c.edit);
      for (const [a, b] of [
        [report, file],
        [file, report],
      ] as const) {
        expectRejected(cli(['compare', a, b]), new RegExp(`${escaped(file)}: not a simulate report\\.json[^\\n]*${c.where.source}`));
      }
    });
  }
});

describe('issue 47 item 13: two reports of one seed under another --today', () => {
  it('are not compared user by user as the same people: exit 2 naming both days', () => {
    const moved = join(dir, 'moved');
    expect(cli(['simulate', '--users', '12', '--seed', '3', '--today', '2026-05-20', '--no-progress', '--no-history', '--out', moved]).status).toBe(0);
    const result = cli(['compare', report, join(moved, 'report.json')]);
    expectRejected(
      result,
      /simulate the users of seed 3 on another today \(2026-03-01 and 2026-05-20\): every day their goals name moved, so they are not the same users/,
    );
  });

  it('one --today on both sides still compares (exit 0)', () => {
    const again = join(dir, 'again');
    expect(cli(['simulate', '--users', '12', '--seed', '3', '--no-progress', '--no-history', '--out', again]).status).toBe(0);
    expect(cli(['compare', report, join(again, 'report.json')]).status).toBe(0);
  });
});
