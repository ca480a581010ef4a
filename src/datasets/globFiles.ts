import { readdirSync, statSync, type Dirent } from 'node:fs';
import path from 'node:path';

const MAGIC = /[*?[{]/;

export function hasGlobMagic(pattern: string): boolean {
  return MAGIC.test(pattern);
}

/**
 * Files matching a simple glob: `*`, `?`, `[abc]`, `[!abc]`, `{a,b}` within a path segment, `**` for
 * any number of directories. Like shells, wildcards skip dot-files, and `**` skips dot-directories,
 * node_modules and symlinked directories. Sorted by code units, so the order never depends on locale.
 * Hand-written on purpose: tinyglobby with `followSymbolicLinks: false` drops linked files and folders
 * named outright, with `true` its `**` walks into linked folders (test/datasets/loadDatasets.test.ts holds this).
 */
export function globFiles(pattern: string): string[] {
  const found = new Set<string>();
  for (const expanded of expandBraces(pattern.split(path.sep).join('/'))) {
    const segments = expanded.split('/');
    const firstMagic = segments.findIndex((segment) => MAGIC.test(segment));
    if (firstMagic < 0) {
      if (kindOfPath(expanded) === 'file') found.add(expanded);
      continue;
    }
    const base = segments.slice(0, firstMagic).join('/');
    walk(firstMagic === 0 ? '' : base === '' ? '/' : base, segments.slice(firstMagic), found);
  }
  return [...found].sort(byCodeUnits);
}

/** All files under `dir` (recursively, same skipping rules as `**`), sorted. */
export function filesUnder(dir: string): string[] {
  const found = new Set<string>();
  walk(dir.replace(/\/+$/, '') || '/', ['**', '*'], found);
  return [...found].sort(byCodeUnits);
}

export function byCodeUnits(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** `dir` is '' for the current directory, so that results keep the pattern's relative form. */
function walk(dir: string, segments: readonly string[], found: Set<string>): void {
  const [segment, ...rest] = segments;
  if (segment === undefined) return;
  const entries = readEntries(dir);
  if (segment === '**') {
    walk(dir, rest, found);
    for (const entry of entries) {
      if (entry.isDirectory() && !entry.name.startsWith('.') && entry.name !== 'node_modules') {
        walk(join(dir, entry.name), segments, found);
      }
    }
    return;
  }
  const matcher = segmentMatcher(segment);
  for (const entry of entries) {
    if (!matcher.test(entry.name)) continue;
    const full = join(dir, entry.name);
    const kind = kindOf(full, entry);
    if (rest.length === 0 && kind === 'file') found.add(full);
    else if (rest.length > 0 && kind === 'dir') walk(full, rest, found);
  }
}

function readEntries(dir: string): Dirent[] {
  try {
    return readdirSync(dir === '' ? '.' : dir, { withFileTypes: true });
  } catch {
    return [];
  }
}

function kindOf(full: string, entry: Dirent): 'file' | 'dir' | 'other' {
  if (entry.isFile()) return 'file';
  if (entry.isDirectory()) return 'dir';
  return entry.isSymbolicLink() ? kindOfPath(full) : 'other';
}

export function kindOfPath(full: string): 'file' | 'dir' | 'other' {
  try {
    const stat = statSync(full);
    return stat.isFile() ? 'file' : stat.isDirectory() ? 'dir' : 'other';
  } catch {
    return 'other';
  }
}

function join(dir: string, name: string): string {
  return dir === '' ? name : dir.endsWith('/') ? dir + name : `${dir}/${name}`;
}

function segmentMatcher(segment: string): RegExp {
  let source = segment.startsWith('.') ? '' : '(?!\\.)';
  for (let i = 0; i < segment.length; i++) {
    const char = segment[i] ?? '';
    const classEnd = char === '[' ? segment.indexOf(']', i + 2) : -1;
    if (char === '*') source += '[^/]*';
    else if (char === '?') source += '[^/]';
    else if (classEnd > 0) {
      const body = segment.slice(i + 1, classEnd).replace(/\\/g, '\\\\');
      source += body.startsWith('!') ? `[^${body.slice(1)}]` : `[${body}]`;
      i = classEnd;
    } else source += char.replace(/[.+^${}()|[\]\\]/g, '\\$&');
  }
  return new RegExp(`^${source}$`);
}

/** `a.{yaml,yml}` → `a.yaml`, `a.yml`; innermost group first, so groups may nest. */
function expandBraces(pattern: string): string[] {
  const group = /\{([^{}]*)\}/.exec(pattern);
  if (group === null) return [pattern];
  const before = pattern.slice(0, group.index);
  const after = pattern.slice(group.index + group[0].length);
  return (group[1] ?? '').split(',').flatMap((choice) => expandBraces(before + choice + after));
}
