import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../support/cli.js';

/** The user's guide and every page it leads to. */
function pages(): string[] {
  const docs = readdirSync(join(ROOT, 'docs'))
    .filter((name) => name.endsWith('.md'))
    .map((name) => join(ROOT, 'docs', name));
  return [join(ROOT, 'README.md'), ...docs];
}

describe('README and docs/ link to files that exist', () => {
  it('every relative link of the README and docs/*.md names a file or folder in the repository', () => {
    const broken: string[] = [];
    for (const page of pages()) {
      for (const match of readFileSync(page, 'utf8').matchAll(/\]\(([^)#\s]+)(?:#[^)]*)?\)/g)) {
        const target = match[1]!;
        if (/^[a-z]+:/.test(target)) continue;
        if (!existsSync(join(dirname(page), target))) broken.push(`${relative(ROOT, page)} → ${target}`);
      }
    }
    expect(broken).toEqual([]);
  });

  it("the README stays a user's guide: under 25 kB", () => {
    expect(readFileSync(join(ROOT, 'README.md')).length).toBeLessThan(25_000);
  });
});
