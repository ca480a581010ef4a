import { execFileSync } from 'node:child_process';
import { lstatSync, readdirSync, statSync, symlinkSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { cli } from '../support/cli.js';
import { writeFileAtomically } from '../../src/util/atomicFile.js';
import { OutputPathError } from '../../src/util/outputPaths.js';
import { expectRejected, oneTurn, workspace, type Workspace } from './workspace.js';

// Issue 47 item 14: an output never replaces something that is not a regular file. A character
// device needs root to make (mknod, a private copy of the null device, 1:3); CI jobs often run as
// root, where `--baseline /dev/null --update-baseline` replaced the machine's /dev/null.
const isRoot = process.getuid?.() === 0;

function nullDevice(ws: Workspace, name: string): string {
  const path = ws.path(name);
  execFileSync('mknod', [path, 'c', '1', '3']);
  return path;
}
function fifo(ws: Workspace, name: string): string {
  const path = ws.path(name);
  execFileSync('mkfifo', [path]);
  return path;
}
const runTo = (ws: Workspace, extra: string[]) => cli(['run', '--no-progress', '--dataset', ws.path('d.yaml'), '--out', ws.out, ...extra]);

describe('issue 47 item 14: outputs never replace what is not a regular file', () => {
  it('--baseline FIFO --update-baseline is exit 2 before the run, the FIFO left a FIFO', () => {
    const ws = workspace({ 'd.yaml': oneTurn('a') });
    const pipe = fifo(ws, 'pipe.json');
    expectRejected(
      runTo(ws, ['--baseline', pipe, '--update-baseline']),
      /--baseline \S+pipe\.json: is a FIFO \(named pipe\), not a regular file; an output never replaces one/,
    );
    expect(lstatSync(pipe).isFIFO()).toBe(true);
  });

  it.skipIf(!isRoot)('(as root) --baseline DEV --update-baseline and --record DEV are exit 2, the device left a device', () => {
    const ws = workspace({ 'd.yaml': oneTurn('a') });
    const device = nullDevice(ws, 'null');
    expectRejected(runTo(ws, ['--baseline', device, '--update-baseline']), /--baseline \S+null: is a character device, not a regular file/);
    const link = ws.path('record.json');
    symlinkSync(device, link);
    expectRejected(runTo(ws, ['--llm', 'heuristic', '--record', link]), /--record \S+record\.json: is a character device, not a regular file/);
    expect(statSync(device).isCharacterDevice()).toBe(true);
    expect(lstatSync(link).isSymbolicLink()).toBe(true);
  });

  it("try's :save! through a link to a FIFO (or, as root, a device) is refused with a message; the session goes on", () => {
    const ws = workspace();
    const targets = [fifo(ws, 'pipe'), ...(isRoot ? [nullDevice(ws, 'null')] : [])];
    for (const target of targets) {
      const link = ws.path(`saved-${targets.indexOf(target)}.yaml`);
      symlinkSync(target, link);
      const result = cli(['try', '--llm', 'heuristic'], { input: `午饭35块\n:save! ${link}\n:quit\n` });
      expect(result.status, result.stderr).toBe(0);
      expect(result.stdout).toMatch(/没有保存：:save \S+saved-\d\.yaml: is a (FIFO|character device)[^\n]*not a regular file/);
      const stats = statSync(target);
      expect(stats.isFIFO() || stats.isCharacterDevice()).toBe(true);
    }
  });

  it('the one atomic writer refuses it too (bench, generate, saved dialogues write through it), also through a link', () => {
    const ws = workspace();
    const pipe = fifo(ws, 'pipe.json');
    const link = ws.path('link.json');
    symlinkSync(pipe, link);
    for (const target of [pipe, link])
      expect(() => writeFileAtomically(target, 'x')).toThrow(
        new OutputPathError(`${pipe}: is a FIFO (named pipe), not a regular file; an output never replaces one (name a file)`),
      );
    expect(lstatSync(pipe).isFIFO()).toBe(true);
    expect(readdirSync(ws.dir).filter((name) => name.endsWith('.tmp'))).toEqual([]);
  });
});
