import { chmodSync, existsSync, lstatSync, mkdirSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { cli } from '../support/cli.js';
import { expectRejected, expectUntouched, oneTurn, workspace } from './workspace.js';

const REPORT_SET = ['junit.xml', 'report.html', 'report.json', 'report.md'];

// Issue 41, items 5–8: every place a run writes is followed or refused before the first call.
describe('where reports and state go (issue 41)', () => {
  it('--out a symbolic link to a folder: the link is kept and its target gets the reports', () => {
    const ws = workspace({ 'd.yaml': oneTurn('l1') });
    mkdirSync(ws.path('target'));
    writeFileSync(ws.path('target/report.json'), '{"old":true}\n');
    symlinkSync(ws.path('target'), ws.path('link'));
    const result = cli(['run', '--no-progress', '--dataset', ws.path('d.yaml'), '--out', ws.path('link')]);
    expect(result.status, result.stderr).toBe(0);
    expect(lstatSync(ws.path('link')).isSymbolicLink()).toBe(true);
    expect(readdirSync(ws.path('target')).sort()).toEqual(REPORT_SET);
    expect(readFileSync(ws.path('target/report.json'), 'utf8')).toContain('"l1"');
    expect(readdirSync(ws.dir).filter((name) => name.startsWith('.'))).toEqual([]);
  });

  it('--out /proc/x is refused before the suite runs (exit 2, the reason), not exit 3 after it', () => {
    const ws = workspace({ 'd.yaml': oneTurn('p1') });
    const result = cli(['run', '--no-progress', '--dataset', ws.path('d.yaml'), '--out', '/proc/x']);
    expectRejected(result, /--out \/proc\/x: cannot write in \/proc \(/);
    expect(result.stdout).not.toMatch(/dialogues:/);
  });

  it('a cassette whose lock path is a directory is refused up front (exit 2): no call, no report', () => {
    const ws = workspace({ 'd.yaml': oneTurn('c1') });
    mkdirSync(ws.path('.c.json.lock'));
    const result = cli([
      'run',
      '--no-progress',
      '--dataset',
      ws.path('d.yaml'),
      '--out',
      ws.out,
      '--db',
      ws.db,
      '--llm',
      'heuristic',
      '--record',
      ws.path('c.json'),
    ]);
    expectRejected(result, /--record \S+c\.json: its lock file \S+\.c\.json\.lock: is a directory, expected a file/);
    expectUntouched(ws);
    expect(existsSync(ws.path('c.json'))).toBe(false);
  });

  it('a cassette whose lock file is not a lock is refused up front (exit 4, named), not after the run', () => {
    const ws = workspace({ 'd.yaml': oneTurn('c2'), '.c.json.lock': 'not sqlite at all' });
    const result = cli([
      'run',
      '--no-progress',
      '--dataset',
      ws.path('d.yaml'),
      '--out',
      ws.out,
      '--db',
      ws.db,
      '--llm',
      'heuristic',
      '--record',
      ws.path('c.json'),
    ]);
    expect(result.status, result.stderr).toBe(4);
    expect(result.stderr).toMatch(/\.c\.json\.lock: not a lock file of nlu-harness/);
    expectUntouched(ws);
  });

  it('--history a dangling symbolic link: the history is made where it leads and the link kept (no ENOENT stack)', () => {
    const ws = workspace({ 'd.yaml': oneTurn('h1') });
    symlinkSync(ws.path('state/h.sqlite'), ws.path('h.link'));
    const result = cli(['run', '--no-progress', '--dataset', ws.path('d.yaml'), '--out', ws.out, '--history', ws.path('h.link')]);
    expect(result.status, result.stderr).toBe(0);
    expect(lstatSync(ws.path('h.link')).isSymbolicLink()).toBe(true);
    expect(existsSync(ws.path('state/h.sqlite'))).toBe(true);
    const listed = cli(['history', '--json', '--history', ws.path('h.link')]);
    expect((JSON.parse(listed.stdout) as unknown[]).length).toBe(1);
  });

  it('--history under /proc is refused before the run (exit 2)', () => {
    const ws = workspace({ 'd.yaml': oneTurn('h2') });
    expectRejected(
      cli(['run', '--no-progress', '--dataset', ws.path('d.yaml'), '--out', ws.out, '--history', '/proc/x/h.sqlite']),
      /--history \/proc\/x\/h\.sqlite: cannot write in \/proc/,
    );
    expectUntouched(ws);
  });

  it('the history listing reads a history it cannot write (read-only folder and file), and leaves it byte for byte', () => {
    const ws = workspace({ 'd.yaml': oneTurn('r1') });
    mkdirSync(ws.path('ro'));
    expect(cli(['run', '--no-progress', '--dataset', ws.path('d.yaml'), '--out', ws.out, '--history', ws.path('ro/h.sqlite')]).status).toBe(0);
    const before = readFileSync(ws.path('ro/h.sqlite'));
    chmodSync(ws.path('ro/h.sqlite'), 0o444);
    chmodSync(ws.path('ro'), 0o555);
    chmodSync(ws.dir, 0o755);
    const asUser = process.getuid?.() === 0 ? { uid: 65534, gid: 65534 } : {};
    const listed = cli(['history', '--json', '--history', ws.path('ro/h.sqlite')], asUser);
    chmodSync(ws.path('ro'), 0o755);
    expect(listed.status, listed.stderr).toBe(0);
    expect((JSON.parse(listed.stdout) as { dialogues: { total: number } }[]).length).toBe(1);
    expect(readFileSync(ws.path('ro/h.sqlite')).equals(before)).toBe(true);
    expect(readdirSync(ws.path('ro'))).toEqual(['h.sqlite']);
  });
});
