import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import type { SimulationReport } from '../../src/report/model/simulationReport.js';
import { cli, tempDir } from '../support/cli.js';

const readJson = (dir: string) => JSON.parse(readFileSync(join(dir, 'report.json'), 'utf8')) as SimulationReport;

/** Drops the run's timing fields: startedAt, finishedAt, timing. */
function withoutTiming(dir: string): string {
  const { run, ...rest } = readJson(dir);
  const { startedAt: _s, finishedAt: _f, timing: _t, ...stable } = run;
  return JSON.stringify({ ...rest, run: stable }, null, 2);
}

describe('nlu-harness simulate (issue 15)', () => {
  it("--today is the users' today (issue 39): recorded in report.json, default 2026-03-01; a day that is not one is exit 2 before anything is written", () => {
    const dir = tempDir();
    const run = (today: string, out: string) =>
      cli(['simulate', '--users', '30', '--seed', '3', '--llm', 'oracle', '--today', today, '--out', join(dir, out), '--no-history']);
    expect(run('2024-03-01', 'leap').status).toBe(0);
    expect(readJson(join(dir, 'leap')).run.today).toBe('2024-03-01');
    expect(cli(['simulate', '--users', '5', '--llm', 'oracle', '--out', join(dir, 'default'), '--no-history']).status).toBe(0);
    expect(readJson(join(dir, 'default')).run.today).toBe('2026-03-01');
    const refused = run('2026-02-30', 'bad');
    expect(refused.status).toBe(2);
    expect(refused.stderr).toContain('--today 2026-02-30: must be a calendar day YYYY-MM-DD (2026-02 has 28 days)');
    expect(existsSync(join(dir, 'bad'))).toBe(false);
  });

  it('two runs with the same seed give the same report, apart from timing; another seed another one', () => {
    const dir = tempDir();
    const args = (seed: string, out: string) => [
      'simulate',
      '--users',
      '60',
      '--seed',
      seed,
      '--repeat',
      '2',
      '--perturb',
      'drop=0.05,amount=0.05',
      '--out',
      join(dir, out),
      '--no-history',
    ];
    const first = cli(args('5', 'a'));
    expect(first.stderr).toBe('');
    expect(first.status).toBe(0);
    expect(first.stdout).toContain('simulated users: 60 × 2, model perturb(heuristic)');
    expect(cli(args('5', 'b')).status).toBe(0);
    expect(withoutTiming(join(dir, 'b'))).toBe(withoutTiming(join(dir, 'a')));
    for (const file of ['report.md', 'report.html']) {
      expect(readFileSync(join(dir, 'b', file), 'utf8').replace(/\d{4}-\d\d-\d\dT[\d:.]+Z/g, 'T')).toBe(
        readFileSync(join(dir, 'a', file), 'utf8').replace(/\d{4}-\d\d-\d\dT[\d:.]+Z/g, 'T'),
      );
    }
    expect(cli(args('6', 'c')).status).toBe(0);
    expect(withoutTiming(join(dir, 'c'))).not.toBe(withoutTiming(join(dir, 'a')));
    const report = readJson(join(dir, 'a'));
    expect(report.run.llm).toEqual({
      backend: 'perturb(heuristic)',
      model: 'heuristic-rules-v1',
      perturb: { rates: { drop: 0.05, offByOne: 0, amount: 0.05, intent: 0, lowConfidence: 0 }, seed: 1 },
    });
    expect(report.runs).toHaveLength(120);
    expect(report.scores.overall.users).toBe(60);
  });

  it('--save-dialogues writes the failed users as curated model-facing dialogues: failing path, near-duplicates collapsed, generated expectations marked', () => {
    const dir = tempDir();
    const file = join(dir, 'failed.yaml');
    const result = cli([
      'simulate',
      '--users',
      '300',
      '--seed',
      '7',
      '--llm',
      'heuristic',
      '--out',
      join(dir, 'out'),
      '--save-dialogues',
      file,
      '--no-history',
    ]);
    expect(result.status).toBe(0);
    const report = readJson(join(dir, 'out'));
    const failedUsers = new Set(report.failures.map((failure) => failure.userId));
    const saved = /Failed users as dialogues: (\d+) users → (\d+) dialogues/.exec(result.stdout);
    expect(Number(saved?.[1])).toBe(failedUsers.size);
    // Users whose first wrong turn had the same action and broke the same things are one dialogue.
    expect(Number(saved?.[2])).toBeLessThan(failedUsers.size / 4);

    const text = readFileSync(file, 'utf8');
    expect(text).toContain('The expectations were GENERATED');
    expect(text).not.toMatch(/^\s+llm:/m);
    const dialogues = parse(text) as {
      id: string;
      title: string;
      tags: string[];
      today: string;
      turns: { user: string; expect: { batch?: { category?: string; date?: string }[]; saved?: { date?: string }[] } }[];
    }[];
    expect(dialogues).toHaveLength(Number(saved?.[2]));
    expect(new Set(dialogues.map((d) => d.tags.find((tag) => tag.startsWith('first-failure:')))).size).toBe(dialogues.length);
    for (const dialogue of dialogues) {
      expect(dialogue.tags).toContain('generated-expectations');
      const failure = report.failures.find((f) => dialogue.id === `sim-s7-u${f.userId}`)!;
      // The user's own words on the failing path, not a replay against a perfect model.
      expect(failure.transcript.map((turn) => turn.user).slice(0, dialogue.turns.length)).toEqual(dialogue.turns.map((turn) => turn.user));
    }
    // The users' today goes with them, and the day of an item whose day the user named is expected (issue 39).
    expect(new Set(dialogues.map((d) => d.today))).toEqual(new Set(['2026-03-01']));
    expect(dialogues.some((d) => d.tags.some((tag) => tag.startsWith('first-failure:') && tag.includes('date')))).toBe(true);
    expect(
      dialogues
        .flatMap((d) => d.turns)
        .flatMap((turn) => turn.expect.batch ?? [])
        .some((item) => item.date !== undefined),
    ).toBe(true);
    // 「花费493」 names no category: the goal's 通讯 is not expected of the model.
    const spent = dialogues.flatMap((d) => d.turns).find((turn) => turn.user.startsWith('花费493'));
    expect(spent?.expect.batch?.[0]?.category).toBeUndefined();

    expect(cli(['validate', file]).status).toBe(0);
    // No scripted answers: they gate a model. The one that failed these users fails them again.
    const heuristic = cli(['run', '-d', file, '--llm', 'heuristic', '--out', join(dir, 'heuristic'), '--no-progress']);
    expect(heuristic.status).toBe(1);
    expect(heuristic.stdout).toMatch(new RegExp(`FAILED {2}0/${dialogues.length} dialogues`));
  });

  it.each([
    [['--users', '0'], '--users takes a whole number from 1 to 1000000, got 0'],
    [['--repeat', '1.5'], '--repeat takes a whole number from 1 to 1000, got 1.5'],
    [['--speech', 'fillers,accent'], "--speech: unknown feature 'accent'"],
    [['--perturb', 'drop=0.1,drop=0.2'], "--perturb: 'drop' is given twice"],
    [['--llm', 'scripted'], 'Invalid values'],
  ])('bad input %j is exit 2 with the reason, and writes nothing', (flags, message) => {
    const out = join(tempDir(), 'out');
    const result = cli(['simulate', ...flags, '--out', out]);
    expect(result.status).toBe(2);
    expect(result.stderr).toContain(message);
    expect(existsSync(out)).toBe(false);
  });
});
