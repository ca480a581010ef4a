import { chmodSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { cli } from '../support/cli.js';
import { expectRejected, expectUntouched, oneTurn, workspace, type Workspace } from './workspace.js';

const CASSETTE_ENTRY = {
  key: 'k',
  endpoint: 'parse',
  model: 'm',
  request: { systemFirstLine: '', userMessage: '', messageCount: 2 },
  text: '{}',
  latencyMs: 1,
};

interface Case {
  readonly name: string;
  /** Extra arguments, given the workspace (which holds d.yaml and the files below). */
  readonly args: (ws: Workspace) => string[];
  readonly files?: Record<string, string>;
  readonly where: RegExp;
  readonly asUser?: boolean;
}

// Issue 9's bad paths and corrupt side inputs: exit 2 before the run, nothing written.
const CASES: Case[] = [
  {
    name: '--out at an existing file',
    files: { 'f.txt': 'keep' },
    args: (ws) => ['--out', ws.path('f.txt')],
    where: /--out \S+f\.txt: exists and is not a directory/,
  },
  { name: '--out under a file', files: { 'f.txt': 'keep' }, args: (ws) => ['--out', ws.path('f.txt/sub')], where: /--out \S+f\.txt\/sub: lies under a file/ },
  {
    name: '--out in a directory the user cannot write',
    args: (ws) => ['--out', ws.path('locked/out')],
    where: /--out \S+locked\/out: cannot write in \S+locked \(EACCES\)/,
    asUser: true,
  },
  { name: '--db at a directory', args: (ws) => ['--db', ws.path('dir')], where: /--db \S+dir: is a directory, expected a file/ },
  {
    name: '--db under a file',
    files: { 'f.txt': 'keep' },
    args: (ws) => ['--db', ws.path('f.txt/rows.db')],
    where: /--db \S+f\.txt\/rows\.db: lies under a file/,
  },
  { name: '--out given twice', args: (ws) => ['--out', ws.out, '--out', ws.path('other')], where: /--out given more than once/ },
  { name: '--record at a directory', args: (ws) => ['--record', ws.path('dir')], where: /--record \S+dir: is a directory/ },
  {
    name: '--update-baseline under a file',
    files: { 'f.txt': 'keep' },
    args: (ws) => ['--update-baseline', '--baseline', ws.path('f.txt/b.json')],
    where: /--baseline \S+f\.txt\/b\.json: lies under a file/,
  },
  { name: 'a baseline that is not JSON', files: { 'b.json': '{' }, args: (ws) => ['--baseline', ws.path('b.json')], where: /b\.json: cannot read baseline/ },
  {
    name: 'a baseline of the wrong shape',
    files: { 'b.json': '{"kind":"nlu-harness-baseline","metrics":{"routing":"high"}}' },
    args: (ws) => ['--baseline', ws.path('b.json')],
    where: /b\.json: not a valid baseline/,
  },
  {
    name: 'a report.json baseline of the wrong shape',
    files: { 'b.json': '{"metrics":{},"dialogues":{}}' },
    args: (ws) => ['--baseline', ws.path('b.json')],
    where: /b\.json: not a valid report\.json/,
  },
  {
    name: 'a replay cassette that does not exist',
    args: (ws) => ['--llm', 'replay', '--cassette', ws.path('missing.json')],
    where: /cassette \S+missing\.json: no such file \(record one with --record/,
  },
  {
    name: 'an empty replay cassette',
    files: { 'c.json': '' },
    args: (ws) => ['--llm', 'replay', '--cassette', ws.path('c.json')],
    where: /cassette \S+c\.json: holds no recorded answer/,
  },
  {
    name: 'a replay cassette with no entries',
    files: { 'c.json': '{"version":2,"entries":[]}' },
    args: (ws) => ['--llm', 'replay', '--cassette', ws.path('c.json')],
    where: /cassette \S+c\.json: holds no recorded answer/,
  },
  {
    name: 'a foreign JSON file as the replay cassette',
    files: { 'c.json': '{"kind":"nlu-harness-baseline"}' },
    args: (ws) => ['--llm', 'replay', '--cassette', ws.path('c.json')],
    where: /cassette \S+c\.json: not a nlu-harness cassette/,
  },
  {
    name: '--model-latency that is not real or virtual[:MS]',
    args: () => ['--llm', 'replay', '--model-latency', 'virtual:fast'],
    where: /--model-latency takes real, virtual or virtual:MS/,
  },
  {
    name: '--model-latency virtual on a backend that is virtual already',
    args: () => ['--llm', 'heuristic', '--model-latency', 'virtual'],
    where: /--model-latency virtual applies to --llm openai or replay/,
  },
  {
    name: 'a cassette that is not JSON',
    files: { 'c.json': '{"version":' },
    args: (ws) => ['--llm', 'replay', '--cassette', ws.path('c.json')],
    where: /cassette \S+c\.json: not JSON/,
  },
  {
    name: 'a cassette entry with request: null',
    files: { 'c.json': JSON.stringify({ version: 1, entries: [{ ...CASSETTE_ENTRY, request: null }] }) },
    args: (ws) => ['--llm', 'replay', '--cassette', ws.path('c.json')],
    where: /cassette \S+c\.json: not a nlu-harness cassette \(version 1 or 2\) \(\/entries\/0\/request must be object\)/,
  },
  {
    name: 'a cassette of another version',
    files: { 'c.json': JSON.stringify({ version: 3, entries: [] }) },
    args: (ws) => ['--llm', 'replay', '--cassette', ws.path('c.json')],
    where: /not a nlu-harness cassette \(version 1 or 2\)/,
  },
  { name: 'a cassette that is a directory', args: (ws) => ['--llm', 'replay', '--cassette', ws.path('dir')], where: /cassette \S+dir: cannot read \(EISDIR\)/ },
  {
    name: 'a cassette with two models and no --model',
    files: { 'c.json': JSON.stringify({ version: 1, entries: [CASSETTE_ENTRY, { ...CASSETTE_ENTRY, key: 'k2', model: 'n' }] }) },
    args: (ws) => ['--llm', 'replay', '--cassette', ws.path('c.json')],
    where: /holds several models \(m, n\); name one/,
  },
  {
    name: 'a read-only --history (issue 23: was found only after the run)',
    files: { 'h.sqlite': '' },
    args: (ws) => {
      chmodSync(ws.path('h.sqlite'), 0o444);
      chmodSync(ws.out, 0o777);
      return ['--history', ws.path('h.sqlite')];
    },
    where: /h\.sqlite: cannot write the run history \(EACCES on \S+h\.sqlite\); checked before the run/,
    asUser: true,
  },
  {
    name: 'a --record cassette that is corrupt',
    files: { 'c.json': '[]' },
    args: (ws) => ['--record', ws.path('c.json')],
    where: /cassette \S+c\.json: not a nlu-harness cassette/,
  },
];

describe('hostile paths and side inputs: exit 2 before the run, nothing written', () => {
  for (const c of CASES) {
    it(c.name, () => {
      const ws = workspace({ 'd.yaml': oneTurn('p1'), ...c.files });
      mkdirSync(ws.path('dir'));
      mkdirSync(ws.path('locked'), { mode: 0o755 });
      chmodSync(ws.dir, 0o777);
      const asUser = c.asUser && process.getuid?.() === 0 ? { uid: 65534, gid: 65534 } : {};
      if (c.asUser) chmodSync(ws.path('locked'), 0o555);
      const args = c.args(ws);
      const defaults = [...(args.includes('--out') ? [] : ['--out', ws.out]), ...(args.includes('--db') ? [] : ['--db', ws.db])];
      const result = cli(['run', '--no-progress', '--dataset', ws.path('d.yaml'), ...defaults, ...args], asUser);
      expectRejected(result, c.where);
      expectUntouched(ws);
      for (const [name, content] of Object.entries(c.files ?? {})) expect(readFileSync(ws.path(name), 'utf8')).toBe(content);
    });
  }

  it('simulate and serve-llm refuse a missing or empty replay cassette too (exit 2, nothing served or written)', () => {
    const ws = workspace({ 'empty.json': '' });
    expectRejected(
      cli(['simulate', '--llm', 'replay', '--cassette', ws.path('missing.json'), '--users', '2', '--out', ws.out]),
      /cassette \S+missing\.json: no such file/,
    );
    expectRejected(
      cli(['serve-llm', '--backend', 'replay', '--cassette', ws.path('empty.json'), '--port', '0']),
      /cassette \S+empty\.json: holds no recorded answer/,
    );
    expectUntouched(ws);
  });

  it('merge --out at an existing file is exit 2 before merging', () => {
    const ws = workspace({ 'f.txt': 'keep' });
    expectRejected(cli(['merge', `${ws.out}/report.json`, '--out', ws.path('f.txt')]), /--out \S+f\.txt: exists and is not a directory/);
    expect(readFileSync(ws.path('f.txt'), 'utf8')).toBe('keep');
  });

  it('--db can be reused: a second identical run saves its rows too and reports the same', () => {
    const ws = workspace({
      'd.yaml': oneTurn('r1', undefined, '{state: CONFIRMING}').replace(/\n$/, '\n    - user: 确认\n      expect: {saved: [{amount: 35}]}\n'),
    });
    const run = (out: string) => cli(['run', '--no-progress', '--dataset', ws.path('d.yaml'), '--out', out, '--db', ws.db]);
    const first = run(ws.path('a'));
    const second = run(ws.path('b'));
    expect(first.stderr + second.stderr).toBe('');
    expect([first.status, second.status]).toEqual([0, 0]);
    const stable = (dir: string) => {
      const { run: _run, ...rest } = JSON.parse(readFileSync(`${dir}/report.json`, 'utf8')) as Record<string, unknown>;
      return rest;
    };
    expect(stable(ws.path('b'))).toEqual(stable(ws.path('a')));
  });

  it('the old per-file temporaries a killed writer left are removed by the next run', () => {
    const ws = workspace({ 'd.yaml': oneTurn('t1') });
    writeFileSync(`${ws.out}/.report.json.123.abcd.tmp`, 'half');
    mkdirSync(ws.path('.out.new-999999-dead'));
    const result = cli(['run', '--no-progress', '--dataset', ws.path('d.yaml'), '--out', ws.out]);
    expect(result.status).toBe(0);
    expect(cli(['run', '--no-progress', '--dataset', ws.path('d.yaml'), '--out', ws.out]).status).toBe(0);
    expect(readFileSync(`${ws.out}/report.json`, 'utf8')).toContain('"t1"');
    expect(readdirSync(ws.dir).filter((name) => name.startsWith('.out.'))).toEqual([]);
    expect(readdirSync(ws.out).sort()).toEqual(['junit.xml', 'report.html', 'report.json', 'report.md']);
  });
});
