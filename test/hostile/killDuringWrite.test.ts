import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../support/cli.js';
import { OLD_SET, workspace, type Workspace } from './workspace.js';

const FILES = Object.keys(OLD_SET).sort();

function resetOldSet(ws: Workspace): void {
  rmSync(ws.out, { recursive: true, force: true });
  mkdirSync(ws.out);
  for (const [name, content] of Object.entries(OLD_SET)) writeFileSync(join(ws.out, name), content);
}

/** Runs the bundled suite into ws.out, killed with SIGKILL after `killAfterMs` (or left to finish). */
function runKilled(ws: Workspace, killAfterMs: number | null): Promise<number> {
  return new Promise((resolve) => {
    const started = performance.now();
    const child = spawn(process.execPath, [join(ROOT, 'bin/nlu-harness.js'), 'run', '--no-progress', '--no-history', '--out', ws.out], {
      cwd: ROOT,
      stdio: 'ignore',
    });
    const timer = killAfterMs === null ? undefined : setTimeout(() => child.kill('SIGKILL'), killAfterMs);
    child.on('exit', () => {
      clearTimeout(timer);
      resolve(performance.now() - started);
    });
  });
}

/** 'old', 'new', or a description of what is wrong (a mix, a missing file). */
function setIn(dir: string): string {
  const names = readdirSync(dir).sort();
  if (JSON.stringify(names) !== JSON.stringify(FILES)) return `files ${names.join(',')}`;
  const old = FILES.filter((name) => readFileSync(join(dir, name), 'utf8') === OLD_SET[name as keyof typeof OLD_SET]);
  if (old.length === FILES.length) return 'old';
  return old.length === 0 ? 'new' : `mixed (old: ${old.join(',')})`;
}

describe('killed while writing reports: the old set or the new one, never a mix', () => {
  it('SIGKILL at moments spread over the run, the write included', async () => {
    const ws = workspace();
    const fullMs = await runKilled(ws, null);
    expect(setIn(ws.out)).toBe('new');
    const seen: string[] = [];
    const killAt = async (delayMs: number): Promise<string> => {
      resetOldSet(ws);
      await runKilled(ws, delayMs);
      const staged = readdirSync(ws.dir).filter((name) => name.startsWith('.out.old-'));
      // Killed between the two renames: no set in place, the old one beside it; the next run puts it back.
      const state = existsSync(ws.out) ? setIn(ws.out) : staged.length === 1 ? `between:${setIn(join(ws.dir, staged[0]!))}` : 'nothing';
      seen.push(state);
      expect(['old', 'new', 'between:old']).toContain(state);
      return state;
    };
    // A coarse sweep finds when the set changes; a fine one then lands kills around the write.
    let lastOld = fullMs * 0.5;
    let firstNew = fullMs * 1.2;
    for (let i = 0; i < 6; i++) {
      const delay = fullMs * (0.6 + 0.1 * i);
      const state = await killAt(delay);
      if (state === 'old') lastOld = Math.max(lastOld, delay);
      else firstNew = Math.min(firstNew, delay);
    }
    for (let i = 1; i <= 6; i++) await killAt(lastOld + ((firstNew - lastOld) * i) / 7);
    if (process.env['SHOW_KILL_STATES']) process.stdout.write(`kill states: ${seen.join(' ')}\n`);
    await runKilled(ws, null);
    expect(setIn(ws.out)).toBe('new');
    expect(readdirSync(ws.dir).filter((name) => name.startsWith('.out.'))).toEqual([]);
  }, 300_000);

  it('a set left beside --out by a kill between the renames is restored, then replaced whole', async () => {
    const ws = workspace();
    const aside = join(ws.dir, '.out.old-999999-dead');
    writeFileSync(join(ws.dir, 'marker'), '');
    rmSync(aside, { recursive: true, force: true });
    mkdirSync(aside);
    for (const [name, content] of Object.entries(OLD_SET)) writeFileSync(join(aside, name), content);
    rmSync(ws.out, { recursive: true });
    await runKilled(ws, null);
    expect(setIn(ws.out)).toBe('new');
    expect(readdirSync(ws.dir).filter((name) => name.startsWith('.out.'))).toEqual([]);
  });
});
