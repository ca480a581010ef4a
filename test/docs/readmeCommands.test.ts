import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { COMMANDS } from '../../src/cli/commandTable.js';
import { cli, ROOT } from '../support/cli.js';

// The README's commands table is what a newcomer reads first: it must name every command, and
// every option it shows must be one the command's --help lists.
const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
const commandsSection = readme.slice(readme.indexOf('## Commands'), readme.indexOf('\n## ', readme.indexOf('## Commands') + 1));
const rows = commandsSection.split('\n').flatMap((line) => {
  const match = /^\| `nlu-harness ([a-z-]+)([^`]*)` \|/.exec(line);
  return match ? [{ command: match[1]!, usage: match[2]! }] : [];
});

/** The long options a command's --help lists in its Options section (not ones its examples mention). */
function helpOptions(command: string): Set<string> {
  const result = cli([command, '--help']);
  expect(result.status, result.stderr).toBe(0);
  const options = result.stdout.split('\n').flatMap((line) => /^\s+(?:-\w, )?--([a-z][a-z-]*)\s/.exec(line)?.slice(1) ?? []);
  return new Set(options);
}

describe('README "Commands": the table and --help agree', () => {
  it('has a row for every command of the CLI, and none for a command it does not have', () => {
    const names = COMMANDS.map(([name]) => name);
    expect(names.filter((name) => !rows.some((row) => row.command === name))).toEqual([]);
    expect(rows.map((row) => row.command).filter((command) => !names.includes(command))).toEqual([]);
  });

  it('shows only options that the command’s --help lists', () => {
    const unknown = [...new Set(rows.map((row) => row.command))].flatMap((command) => {
      const listed = helpOptions(command);
      const shown = rows.filter((row) => row.command === command).flatMap((row) => [...row.usage.matchAll(/--([a-z][a-z-]*)/g)].map((m) => m[1]!));
      return shown.filter((option) => !listed.has(option)).map((option) => `${command} --${option}`);
    });
    expect(rows.length).toBeGreaterThan(10);
    expect(unknown).toEqual([]);
  }, 60_000);
});
