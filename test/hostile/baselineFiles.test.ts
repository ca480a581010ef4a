import { execFileSync } from 'node:child_process';
import { readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cli, tempDir } from '../support/cli.js';
import { expectRejected, oneTurn } from './workspace.js';

// Issue 47 items 8-11: a baseline (or a report.json used as one) that is not what it claims is
// exit 2 naming the field, the version or the kind of file, before anything runs; and one whose
// prompt text is huge is diffed in bounded memory.
let dir = '';
let baseline = '';
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the edits forge any field
type Json = Record<string, any>;

beforeAll(() => {
  dir = tempDir('nlu-baseline-files-');
  writeFileSync(join(dir, 'd.yaml'), ['a', 'b'].map((id) => oneTurn(id)).join(''));
  baseline = join(dir, 'baseline.json');
  expect(cli(['run', '--no-progress', '--dataset', join(dir, 'd.yaml'), '--out', join(dir, 'first'), '--baseline', baseline, '--update-baseline']).status).toBe(
    0,
  );
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function edited(name: string, edit: (value: Json) => void, from = baseline): string {
  const value = JSON.parse(readFileSync(from, 'utf8')) as Json;
  edit(value);
  const file = join(dir, name);
  writeFileSync(file, JSON.stringify(value));
  return file;
}
const everyValue = (record: Json, value: unknown) => Object.keys(record).forEach((key) => (record[key] = value));
const run = (base: string, extra: string[] = []) =>
  cli(['run', '--no-progress', '--dataset', join(dir, 'd.yaml'), '--out', join(dir, 'out'), '--baseline', base, ...extra]);

describe('issue 47 item 8: a hand-edited provenance is exit 2 naming the field', () => {
  const cases: Array<{ name: string; edit: (b: Json) => void; where: RegExp }> = [
    { name: 'promptText a number', edit: (b) => everyValue(b['provenance'].promptText, 5), where: /\/provenance\/promptText\/\S+ must be string/ },
    { name: 'promptLines a number', edit: (b) => everyValue(b['provenance'].promptLines, 5), where: /\/provenance\/promptLines\/\S+ must be array/ },
    {
      name: 'only dialogues left',
      edit: (b) => (b['provenance'] = { dialogues: b['provenance'].dialogues }),
      where: /\/provenance must have required property 'prompts'/,
    },
  ];
  for (const c of cases) {
    it(`${c.name}: run (with prompts that differ, so the diff reads it) and compare`, () => {
      const file = edited(`${c.name.replace(/\W+/g, '-')}.json`, (b) => {
        c.edit(b);
        // The prompts differ from the run's, so the headline reads the prompt text and lines.
        if (b['provenance'].prompts) everyValue(b['provenance'].prompts, '0'.repeat(64));
      });
      expectRejected(run(file, ['--llm', 'heuristic']), c.where);
      expectRejected(cli(['compare', file, join(dir, 'first', 'report.json')]), c.where);
    });
  }
});

describe('issue 47 item 9: a schemaVersion this harness does not write is exit 2 saying which it reads', () => {
  for (const version of [99, 0, -1, 1.5]) {
    it(`schemaVersion ${version}, in a baseline and in a report.json used as one`, () => {
      const said = new RegExp(
        `/schemaVersion is ${String(version).replace('.', '\\.')}; this nlu-harness reads baselines and report.json files of schema version 1 only`,
      );
      expectRejected(run(edited(`v${version}.json`, (b) => (b['schemaVersion'] = version))), said);
      const report = edited(`report-v${version}.json`, (r) => (r['schemaVersion'] = version), join(dir, 'first', 'report.json'));
      expectRejected(run(report), said);
      expectRejected(cli(['compare', report, baseline]), said);
    });
  }
});

describe('issue 47 item 10: only a regular file of bounded size is read as a baseline', () => {
  it('a link to /dev/zero and a FIFO are exit 2 in run and compare, at once', () => {
    const zero = join(dir, 'zero.json');
    symlinkSync('/dev/zero', zero);
    const fifo = join(dir, 'fifo.json');
    execFileSync('mkfifo', [fifo]);
    for (const [file, kind] of [
      [zero, 'a character device'],
      [fifo, 'a FIFO'],
    ] as const) {
      const said = new RegExp(`${file}: cannot read baseline: ${kind}.*not a regular file`);
      expectRejected(run(file), said);
      expectRejected(cli(['compare', file, baseline]), said);
      expectRejected(cli(['compare', baseline, file]), new RegExp(`${file}: cannot read baseline: ${kind}`));
    }
  });
});

describe('issue 47 item 11: a prompt diff against a huge baseline is bounded in memory', () => {
  it('a baseline with 1 000 000 lines of prompt text runs under a 400 MB heap and says the diff is too large to show', () => {
    const lines = Array.from({ length: 1_000_000 }, (_, i) => `line ${i}`);
    const file = edited('huge-prompt.json', (b) => {
      const [first] = Object.keys(b['provenance'].prompts);
      b['provenance'].prompts[first!] = '0'.repeat(64);
      b['provenance'].promptText[first!] = lines.join('\n');
      b['provenance'].promptLines[first!] = lines.map((_, i) => i.toString(16).padStart(8, '0'));
    });
    const result = cli(['run', '--no-progress', '--dataset', join(dir, 'd.yaml'), '--out', join(dir, 'huge'), '--baseline', file, '--llm', 'heuristic'], {
      env: { NODE_OPTIONS: '--max-old-space-size=400' },
    });
    expect(result.stderr).not.toMatch(/heap out of memory|bad_alloc/);
    expect(result.status, result.stderr).toBe(0);
    expect(readFileSync(join(dir, 'huge', 'report.md'), 'utf8')).toContain('too many differing lines to show (1000000 lines before');
  });
});
