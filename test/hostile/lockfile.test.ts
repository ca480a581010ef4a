import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../support/cli.js';

interface LockEntry {
  readonly optionalDependencies?: Record<string, string>;
  readonly dependencies?: Record<string, string>;
}

const lock = JSON.parse(readFileSync(join(ROOT, 'package-lock.json'), 'utf8')) as { packages: Record<string, LockEntry> };

/** Where npm would find `name` for the package installed at `from`: its own node_modules, then each ancestor's. */
function resolves(from: string, name: string): boolean {
  let base = from;
  for (;;) {
    if (`${base === '' ? '' : `${base}/`}node_modules/${name}` in lock.packages) return true;
    if (base === '') return false;
    const cut = base.lastIndexOf('/node_modules/');
    base = cut === -1 ? '' : base.slice(0, cut);
  }
}

describe('package-lock.json', () => {
  it('lists every optional dependency of every package, for every platform (npm 11 `npm ci` refuses a lock without them)', () => {
    const missing: string[] = [];
    for (const [path, entry] of Object.entries(lock.packages)) {
      for (const name of Object.keys(entry.optionalDependencies ?? {})) {
        if (!resolves(path, name)) missing.push(`${path || '(root)'} → ${name}`);
      }
    }
    expect(missing).toEqual([]);
  });
});
