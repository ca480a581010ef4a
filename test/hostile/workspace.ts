import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, expect } from 'vitest';
import type { CliResult } from '../support/cli.js';

const made: string[] = [];
afterEach(() => {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
});

export const OLD_SET = { 'report.json': '{"old":true}\n', 'report.md': 'old\n', 'junit.xml': '<old/>\n', 'report.html': '<p>old</p>\n' };

export interface Workspace {
  readonly dir: string;
  /** An --out directory holding an earlier report set. */
  readonly out: string;
  /** A --db path that does not exist yet. */
  readonly db: string;
  path(name: string): string;
}

/** A temp directory with `files` (relative path → text or bytes), an old report set in out/, no db yet. */
export function workspace(files: Record<string, string | Buffer> = {}): Workspace {
  const dir = mkdtempSync(join(tmpdir(), 'nlu-hostile-'));
  made.push(dir);
  for (const [name, content] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, name)), { recursive: true });
    writeFileSync(join(dir, name), content);
  }
  const out = join(dir, 'out');
  mkdirSync(out);
  for (const [name, content] of Object.entries(OLD_SET)) writeFileSync(join(out, name), content);
  return { dir, out, db: join(dir, 'rows.db'), path: (name) => join(dir, name) };
}

/** The --out directory still holds exactly the old set and the --db file was never made. */
export function expectUntouched(ws: Workspace): void {
  expect(readdirSync(ws.out).sort()).toEqual(Object.keys(OLD_SET).sort());
  for (const [name, content] of Object.entries(OLD_SET)) expect(readFileSync(join(ws.out, name), 'utf8')).toBe(content);
  expect(existsSync(ws.db)).toBe(false);
  expect(readdirSync(ws.dir).filter((name) => name.startsWith('.out.'))).toEqual([]);
}

/** Exit 2, the message names `where` (a file:line:col or a flag), and no stack trace. */
export function expectRejected(result: CliResult, where: RegExp): void {
  expect(result.status, result.stderr).toBe(2);
  expect(result.stderr).toMatch(where);
  expect(result.stderr).not.toMatch(/\n\s+at /);
}

/** A one-turn dialogue whose scripted parse answer is `parse` (YAML flow text). */
export function oneTurn(
  id: string,
  parse = '{transactions: [{amount: 35, type: EXPENSE, category: 餐饮, description: 午饭}]}',
  expectText = '{state: CONFIRMING, route: llm}',
): string {
  return `- id: ${id}
  turns:
    - user: 午饭35块
      llm:
        parse: ${parse}
      expect: ${expectText}
`;
}
