import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync, lstatSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, sep } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

/**
 * A mount point cannot be made in a test, so its two refusals are injected where the kernel gives
 * them: renaming the mount point itself is EBUSY, and a rename between it and the rest is EXDEV.
 */
const mount = vi.hoisted(() => ({ dir: null as string | null }));
vi.mock('node:fs/promises', async (importOriginal) => {
  const real = await importOriginal<typeof import('node:fs/promises')>();
  const inside = (path: string) => mount.dir !== null && (path === mount.dir || path.startsWith(`${mount.dir}/`));
  const refused = (code: string, from: string, to: string) => Object.assign(new Error(`${code}: rename '${from}' -> '${to}'`), { code, path: from });
  return {
    ...real,
    rename: async (from: string, to: string) => {
      if (from === mount.dir || to === mount.dir) throw refused('EBUSY', from, to);
      if (inside(from) !== inside(to)) throw refused('EXDEV', from, to);
      return real.rename(from, to);
    },
  };
});

const { writeFileSet } = await import('../../src/util/fileSet.js');

const SET = [
  ['a.json', () => ['{"new":', 'true}\n']],
  ['b.md', () => ['new\n']],
] as const;

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'file-set-'));
});
afterEach(() => {
  mount.dir = null;
  rmSync(dir, { recursive: true, force: true });
});

const contents = (folder: string) =>
  Object.fromEntries(
    readdirSync(folder)
      .sort()
      .map((name) => [name, readFileSync(join(folder, name), 'utf8')]),
  );

describe('writeFileSet into a folder that cannot be renamed (issue 41, item 4)', () => {
  it('--out at an empty mount point (EBUSY on rename): the set is written into it, nothing left beside or inside it', async () => {
    const out = join(dir, 'volume');
    mkdirSync(out);
    mount.dir = out;
    await writeFileSet(out, SET);
    expect(contents(out)).toEqual({ 'a.json': '{"new":true}\n', 'b.md': 'new\n' });
    expect(readdirSync(dir)).toEqual(['volume']);
  });

  it('a mount point holding an old set: the set replaces it, nothing left', async () => {
    const out = join(dir, 'volume');
    mkdirSync(out);
    writeFileSync(join(out, 'a.json'), 'old');
    writeFileSync(join(out, 'b.md'), 'old');
    mount.dir = out;
    await writeFileSet(out, SET);
    expect(contents(out)).toEqual({ 'a.json': '{"new":true}\n', 'b.md': 'new\n' });
    expect(readdirSync(dir)).toEqual(['volume']);
  });

  it('a mount point holding another file (EXDEV from beside it): the set goes in, the other file stays, no staging folder left', async () => {
    const out = join(dir, 'volume');
    mkdirSync(out);
    writeFileSync(join(out, 'keep.txt'), 'mine');
    mount.dir = out;
    await writeFileSet(out, SET);
    expect(contents(out)).toEqual({ 'a.json': '{"new":true}\n', 'b.md': 'new\n', 'keep.txt': 'mine' });
    expect(readdirSync(dir)).toEqual(['volume']);
  });

  it('a renderer that throws inside a mount point leaves the old set whole and nothing else', async () => {
    const out = join(dir, 'volume');
    mkdirSync(out);
    writeFileSync(join(out, 'a.json'), 'old');
    writeFileSync(join(out, 'keep.txt'), 'mine');
    mount.dir = out;
    const broken = [
      SET[0],
      [
        'b.md',
        () => {
          throw new Error('render failed');
        },
      ],
    ] as const;
    await expect(writeFileSet(out, broken)).rejects.toThrow('render failed');
    expect(contents(out)).toEqual({ 'a.json': 'old', 'keep.txt': 'mine' });
    expect(readdirSync(dir)).toEqual(['volume']);
  });

  it('a staging folder a killed writer left inside the folder is removed by the next write', async () => {
    const out = join(dir, 'volume');
    mkdirSync(join(out, '.nlu-set.new-999999999-dead'), { recursive: true });
    mount.dir = out;
    await writeFileSet(out, SET);
    expect(readdirSync(out).sort()).toEqual(['a.json', 'b.md']);
  });
});

describe('writeFileSet through a symbolic link (issue 41, item 5)', () => {
  it('--out a link to a folder: the link stays a link and its target gets the set', async () => {
    const target = join(dir, 'target');
    mkdirSync(target);
    writeFileSync(join(target, 'a.json'), 'old');
    symlinkSync(target, join(dir, 'link'));
    const paths = await writeFileSet(join(dir, 'link'), SET);
    expect(lstatSync(join(dir, 'link')).isSymbolicLink()).toBe(true);
    expect(contents(target)).toEqual({ 'a.json': '{"new":true}\n', 'b.md': 'new\n' });
    expect(paths[0]!.startsWith(`${target}${sep}`)).toBe(true);
    expect(readdirSync(dir).sort()).toEqual(['link', 'target']);
  });

  it('a dangling link: its target folder is made and the link kept', async () => {
    symlinkSync(join(dir, 'later', 'reports'), join(dir, 'link'));
    await writeFileSet(join(dir, 'link'), SET);
    expect(lstatSync(join(dir, 'link')).isSymbolicLink()).toBe(true);
    expect(contents(join(dir, 'later', 'reports'))).toEqual({ 'a.json': '{"new":true}\n', 'b.md': 'new\n' });
  });
});
