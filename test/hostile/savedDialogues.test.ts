import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT, cli } from '../support/cli.js';
import { expectRejected, workspace } from './workspace.js';

const SCHEMA_LINE = /^# yaml-language-server: \$schema=(\S+)\n/;

/** The file starts with the schema line, whose path (relative to the file) is the package's dataset schema; validate takes it. */
function expectDatasetWithSchema(file: string): void {
  const match = SCHEMA_LINE.exec(readFileSync(file, 'utf8'));
  expect(match, readFileSync(file, 'utf8').slice(0, 200)).not.toBeNull();
  expect(resolve(dirname(file), match![1]!)).toBe(resolve(ROOT, 'schema/dataset.schema.json'));
  const checked = cli(['validate', file]);
  expect(checked.stderr).toBe('');
  expect(checked.status).toBe(0);
}

const simulate = (out: string, extra: string[]) => cli(['simulate', '--users', '40', '--no-progress', '--out', out, ...extra]);

// Issue 41, items 13 and 14.
describe('simulate --save-dialogues (issue 41, item 13)', () => {
  it('a directory is refused before the users run (exit 2), not EISDIR after them', () => {
    const ws = workspace();
    const result = simulate(ws.path('reports'), ['--save-dialogues', ws.out]);
    expectRejected(result, /--save-dialogues \S+out: is a directory, expected a file/);
    expect(existsSync(ws.path('reports'))).toBe(false);
  });

  it('an existing file is refused and left byte for byte; --force replaces it', () => {
    const ws = workspace({ 'failed.yaml': 'mine\n' });
    expectRejected(
      simulate(ws.path('reports'), ['--save-dialogues', ws.path('failed.yaml')]),
      /--save-dialogues \S+failed\.yaml: exists and was left as it was; name a new file, or add --force/,
    );
    expect(readFileSync(ws.path('failed.yaml'), 'utf8')).toBe('mine\n');
    expect(existsSync(ws.path('reports'))).toBe(false);
    const forced = simulate(ws.path('reports'), ['--save-dialogues', ws.path('failed.yaml'), '--force']);
    expect(forced.status, forced.stderr).toBe(0);
    expectDatasetWithSchema(ws.path('failed.yaml'));
  });

  it('a name validate would not read as dialogues (.json) is refused up front', () => {
    const ws = workspace();
    expectRejected(simulate(ws.path('reports'), ['--save-dialogues', ws.path('failed.json')]), /failed\.json: a dataset file ends in \.yaml or \.yml/);
  });

  it('the saved file begins with the schema line, its path relative to the file, and validates', () => {
    const ws = workspace();
    const result = simulate(ws.path('reports'), ['--save-dialogues', ws.path('deep/er/failed.yaml')]);
    expect(result.status, result.stderr).toBe(0);
    expectDatasetWithSchema(ws.path('deep/er/failed.yaml'));
  });
});

describe('try :save (issue 41, item 13)', () => {
  it('a path under a file, an existing file and a .json name each get a message and the session stays to be saved elsewhere', () => {
    const ws = workspace({ 'a.yaml': 'mine\n' });
    const input = [
      '午饭35块',
      `:save ${ws.path('a.yaml/x.yaml')}`,
      `:save ${ws.path('a.yaml')}`,
      `:save ${ws.path('c.json')}`,
      `:save ${ws.path('kept.yaml')}`,
      ':quit',
      '',
    ].join('\n');
    const result = cli(['try', '--llm', 'heuristic'], { input });
    expect(result.status, result.stderr).toBe(0);
    expect(result.stderr).toBe('');
    expect(result.stdout).toMatch(/没有保存：:save \S+a\.yaml\/x\.yaml: lies under a file/);
    expect(result.stdout).toContain(`没有保存：${ws.path('a.yaml')} 已存在。换一个文件名，或用 :save! ${ws.path('a.yaml')} 覆盖它`);
    expect(result.stdout).toMatch(/没有保存：:save \S+c\.json: a dataset file ends in \.yaml or \.yml/);
    expect(result.stdout).toMatch(/已保存 1 轮（id try-[^）]+）→ \S+kept\.yaml/);
    expect(readFileSync(ws.path('a.yaml'), 'utf8')).toBe('mine\n');
    expect(readdirSync(ws.dir).sort()).toEqual(['a.yaml', 'kept.yaml', 'out']);
    expectDatasetWithSchema(ws.path('kept.yaml'));
  });
});

describe('try: a line longer than a dataset turn (issue 47, item 16)', () => {
  it('a 5 000-character line is refused with a message before it is parsed; the session saves what validate reads', () => {
    const ws = workspace();
    const long = `午饭${'3'.repeat(4_998)}`;
    const input = ['午饭35块', long, `:save ${ws.path('s.yaml')}`, ':quit', ''].join('\n');
    const result = cli(['try', '--llm', 'heuristic'], { input });
    expect(result.status, result.stderr).toBe(0);
    expect(result.stdout).toContain('没有处理：这一行有 5000 个字符，一句话最多 4096 个（数据集一轮的上限）');
    expect(result.stdout).toMatch(/已保存 1 轮/);
    expect(readFileSync(ws.path('s.yaml'), 'utf8')).not.toContain('3'.repeat(100));
    expectDatasetWithSchema(ws.path('s.yaml'));
  });
});

describe('flags (issue 41, item 14)', () => {
  it('simulate accepts --no-progress and --progress, as run does (a log that is no terminal gets no bar unasked)', () => {
    const ws = workspace();
    const quiet = cli(['simulate', '--users', '5', '--no-progress', '--out', ws.path('a')]);
    expect(quiet.status, quiet.stderr).toBe(0);
    expect(quiet.stderr).toBe('');
    expect(cli(['simulate', '--users', '5', '--out', ws.path('c')]).stderr).toBe('');
    const shown = cli(['simulate', '--users', '5', '--progress', '--out', ws.path('b')]);
    expect(shown.status, shown.stderr).toBe(0);
    expect(shown.stderr).toMatch(/progress 5\/5 user runs \(100%\)/);
  });

  it('try --help does not mention --repeat, which try does not have', () => {
    const help = cli(['try', '--help']);
    expect(help.status).toBe(0);
    expect(help.stdout).toContain('--cassette');
    expect(help.stdout).not.toContain('--repeat');
  });
});
