import { chmodSync, existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { cli } from '../support/cli.js';
import { expectRejected, expectUntouched, oneTurn, workspace } from './workspace.js';

/** Nine levels of nine aliases each: 9^9 nodes once expanded. */
function aliasBomb(indent: string): string {
  let text = `${indent}a: &a [x, x, x, x, x, x, x, x, x]\n`;
  for (let level = 1; level < 10; level++) {
    const name = String.fromCharCode(97 + level);
    const prev = `*${String.fromCharCode(96 + level)}`;
    text += `${indent}${name}: &${name} [${Array(9).fill(prev).join(', ')}]\n`;
  }
  return text;
}

interface Case {
  readonly name: string;
  readonly files: Record<string, string | Buffer>;
  /** Where the message must point (file:line:col and what). */
  readonly where: RegExp;
}

const GOOD = oneTurn('good-1');

/** Four levels to llm (dialogue, turns, turn, llm), then 70 lists: the 61st list is the 65th level. */
const DEEP_JSON_LINE = `{"id":"deep","turns":[{"user":"x","llm":{"parse":${'['.repeat(70)}${']'.repeat(70)}}}]}`;

// Issue 9's bad dataset files: each is exit 2 from `validate` and from `run`, located, with
// nothing run: --out keeps its old set and --db is never created.
const CASES: Case[] = [
  {
    name: 'a YAML alias bomb inside llm.parse',
    files: {
      'd.yaml': `- id: bomb\n  turns:\n    - user: 午饭35块\n      llm:\n        parse:\n${aliasBomb('          ')}      expect: {state: CONFIRMING}\n`,
    },
    where: /d\.yaml:7:\d+: YAML aliases expand too much/,
  },
  {
    name: 'a YAML alias bomb in tags',
    files: { 'd.yaml': `- id: bomb\n  title: x\n  extra:\n${aliasBomb('    ')}  turns: [{user: 午饭}]\n` },
    where: /d\.yaml:\d+:\d+: (YAML aliases expand too much|extra: unknown field)/,
  },
  {
    name: '50 000 nested flow lists',
    files: { 'd.yaml': `- id: deep\n  turns: ${'['.repeat(50_000)}${']'.repeat(50_000)}\n` },
    where: /d\.yaml:2:\d+: nested too deeply/,
  },
  {
    name: '3 000 nested flow maps',
    files: { 'd.yaml': `- id: deep\n  turns: ${'{a: '.repeat(3000)}1${'}'.repeat(3000)}\n` },
    where: /d\.yaml:2:\d+: nested too deeply/,
  },
  {
    name: '2 000 nested block maps',
    files: { 'd.yaml': `- id: deep\n  turns:\n${Array.from({ length: 2000 }, (_, i) => `${'  '.repeat(i + 2)}a:\n`).join('')}` },
    where: /d\.yaml:\d+:257: nested too deeply/,
  },
  {
    // One JSON line (what `generate` writes) is bounded on its parsed value, not by the scan: the same located message.
    name: 'a one-line JSON dialogue nested 70 lists deep in llm.parse',
    files: { 'd.yaml': `- ${DEEP_JSON_LINE}\n` },
    where: new RegExp(`d\\.yaml:1:${DEEP_JSON_LINE.indexOf('['.repeat(61)) + 2 + 61}: nested too deeply \\(more than 64 levels`),
  },
  {
    name: '2 000 compact nested block lists',
    files: { 'd.yaml': `- id: deep\n  turns:\n    ${'- '.repeat(2000)}x\n` },
    where: /d\.yaml:3:\d+: nested too deeply/,
  },
  { name: 'an alias of an anchor that does not exist', files: { 'd.yaml': oneTurn('a1', '*nowhere') }, where: /d\.yaml:\d+:\d+: .*(alias|Alias)/ },
  {
    name: 'GBK bytes',
    files: { 'd.yaml': Buffer.from([...Buffer.from('- id: gbk\n  turns:\n    - user: '), 0xce, 0xe7, 0xb7, 0xb9, 0x0a]) },
    where: /d\.yaml:3:13: not UTF-8/,
  },
  { name: 'a NUL byte in user text', files: { 'd.yaml': GOOD.replace('午饭35块', '午饭\u000035块') }, where: /d\.yaml:3:15: contains a NUL character/ },
  { name: 'a NUL byte in a CSV', files: { 'd.csv': 'text,amounts,types,categories\n午\u0000饭,30,EXPENSE,餐饮\n' }, where: /d\.csv:2:2: contains a NUL/ },
  {
    name: 'latin-1 bytes in a CSV',
    files: { 'd.csv': Buffer.concat([Buffer.from('text,amounts,types,categories\ncaf'), Buffer.from([0xe9]), Buffer.from(',30,EXPENSE,餐饮\n')]) },
    where: /d\.csv:2:4: not UTF-8/,
  },
  {
    name: 'a negative amount in expect.batch',
    files: { 'd.yaml': oneTurn('neg', undefined, '{state: CONFIRMING, batch: [{amount: -30}]}') },
    where: /d\.yaml:6:\d+: turns\[0\]\.expect\.batch\[0\]\.amount: must be >= 0 \(got -30\)/,
  },
  {
    name: 'amount 0 in expect.saved',
    files: { 'd.yaml': oneTurn('zero', undefined, '{saved: [{amount: 0}]}') },
    where: /d\.yaml:6:\d+: turns\[0\]\.expect\.saved\[0\]\.amount: must be > 0 \(got 0\)/,
  },
  {
    name: 'a negative CSV amount',
    files: { 'd.csv': 'text,amounts,types,categories\n午饭,-30,EXPENSE,餐饮\n' },
    where: /d\.csv:2:2: column "amounts": "-30" must be > 0/,
  },
  {
    name: 'a zero CSV amount',
    files: { 'd.csv': 'text,amounts,types,categories\n午饭,30|0,EXPENSE|EXPENSE,餐饮|餐饮\n' },
    where: /d\.csv:2:2: column "amounts": "0" must be > 0/,
  },
  {
    name: 'a scripted answer with type: expense',
    files: { 'd.yaml': oneTurn('lower', '{transactions: [{amount: 35, type: expense, category: 餐饮}]}') },
    where: /d\.yaml:5:\d+: turns\[0\]\.llm\.parse\.transactions\[0\]\.type: must be one of EXPENSE, INCOME, TRANSFER \(got "expense"\)/,
  },
  {
    name: 'a scripted answer with confidence: 1.5',
    files: { 'd.yaml': oneTurn('conf', '{transactions: [{amount: 35, type: EXPENSE, confidence: 1.5}]}') },
    where: /d\.yaml:5:\d+: turns\[0\]\.llm\.parse\.transactions\[0\]\.confidence: must be <= 1 \(got 1\.5\): a number from 0 to 1/,
  },
  {
    name: 'a scripted correction with an intent outside the enum',
    files: { 'd.yaml': oneTurn('intent').replace('parse: {', 'correct: {corrections: [], intent: modify}\n        parse: {') },
    where: /d\.yaml:5:\d+: turns\[0\]\.llm\.correct\.intent: must be one of correction, confirm, cancel, unclear, append \(got "modify"\)/,
  },
  {
    name: 'a scripted conversation answer without its action',
    files: { 'd.yaml': oneTurn('conv').replace('parse: {', 'conversation: {message: hi}\n        parse: {') },
    where: /d\.yaml:\d+:\d+: turns\[0\]\.llm\.conversation\.action: is required/,
  },
  {
    name: 'a scripted append with an index other than -1',
    files: {
      'd.yaml': oneTurn('app').replace('parse: {', 'correct: {corrections: [{index: 9, updatedFields: {amount: 5}}], intent: append}\n        parse: {'),
    },
    where: /d\.yaml:5:\d+: turns\[0\]\.llm\.correct\.corrections\[0\]\.index: an append uses index -1 \(it adds an item\) \(got 9\)/,
  },
  {
    name: 'a scripted append without its transaction',
    files: { 'd.yaml': oneTurn('app0').replace('parse: {', 'correct: {corrections: [], intent: append}\n        parse: {') },
    where: /d\.yaml:5:\d+: turns\[0\]\.llm\.correct\.corrections: must not be empty: an append carries the new transaction in corrections\[0\]/,
  },
  {
    name: 'a duplicate id does not hide the other problems of its file',
    files: { 'a.yaml': GOOD, 'b.yaml': GOOD + oneTurn('b', undefined, '{route: cloud}') },
    where: /b\.yaml:1:7: duplicate id "good-1" .*\n.*b\.yaml:\d+:\d+: turns\[0\]\.expect\.route: must be one of/,
  },
  {
    name: 'a bad last dialogue after good ones',
    files: { 'd.yaml': GOOD + oneTurn('good-2') + oneTurn('bad', undefined, '{state: SAVING}') },
    where: /d\.yaml:18:\d+: turns\[0\]\.expect\.state: must be one of/,
  },
  {
    name: 'a bad second file after a good first',
    files: { 'a.yaml': GOOD, 'b.yaml': oneTurn('b', undefined, '{route: cloud}') },
    where: /b\.yaml:6:\d+: turns\[0\]\.expect\.route/,
  },
  { name: 'a YAML syntax error', files: { 'd.yaml': '- id: x\n  turns: [\n' }, where: /d\.yaml:\d+:\d+: YAML syntax/ },
  { name: 'an empty file', files: { 'd.yaml': '' }, where: /d\.yaml:1:1: file is empty/ },
  { name: 'a CSV with only a header', files: { 'd.csv': 'text,amounts,types,categories\n' }, where: /d\.csv:1:1: no cases/ },
  {
    name: 'the same id in two files',
    files: { 'a.yaml': GOOD, 'b.yaml': GOOD },
    where: /b\.yaml:1:7: duplicate id "good-1" \(also defined at .*a\.yaml:1:7\)/,
  },
];

describe('hostile dataset files: exit 2, located, nothing run or written', () => {
  for (const c of CASES) {
    it(c.name, () => {
      const ws = workspace(c.files);
      const files = Object.keys(c.files).map(ws.path);
      const validate = cli(['validate', ...files]);
      expectRejected(validate, c.where);
      const run = cli(['run', '--no-progress', '--out', ws.out, '--db', ws.db, ...files.flatMap((f) => ['--dataset', f])]);
      expectRejected(run, c.where);
      expect(run.stderr).toContain('no report was written');
      expectUntouched(ws);
    });
  }

  it('an anchor in one dialogue aliased in the next runs (anchors work across dialogues of a file)', () => {
    const text = oneTurn('a1', '&answer {transactions: [{amount: 35, type: EXPENSE, category: 餐饮, description: 午饭}]}') + oneTurn('a2', '*answer');
    const ws = workspace({ 'd.yaml': text });
    expect(cli(['validate', ws.path('d.yaml')]).stdout).toContain('(2 dialogues, 2 turns)');
    const run = cli(['run', '--no-progress', '--out', ws.out, '--dataset', ws.path('d.yaml')]);
    expect(run.stderr).toBe('');
    expect(run.stdout).toContain('dialogues: 2 passed, 0 failed');
  });

  it('a UTF-8 BOM is dropped, not 49 syntax errors', () => {
    const ws = workspace({ 'd.yaml': `\uFEFF${GOOD}`, 'c.csv': '\uFEFFtext,amounts,types,categories\n午饭,35,EXPENSE,餐饮\n' });
    const run = cli(['run', '--no-progress', '--out', ws.out, '--dataset', ws.path('d.yaml'), '--dataset', ws.path('c.csv')]);
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
  });

  it('an unreadable file is exit 2 from run and from validate, found before the run', () => {
    const ws = workspace({ 'a.yaml': GOOD, 'b.yaml': oneTurn('b') });
    chmodSync(ws.path('b.yaml'), 0o000);
    // root reads anything: the same check as an unprivileged user, where the system has one.
    const asUser = process.getuid?.() === 0 ? { uid: 65534, gid: 65534 } : {};
    chmodSync(ws.dir, 0o777);
    chmodSync(ws.out, 0o777);
    const run = cli(['run', '--no-progress', '--out', ws.out, '--dataset', ws.path('a.yaml'), '--dataset', ws.path('b.yaml')], asUser);
    expectRejected(run, /b\.yaml: cannot read file \(EACCES\)/);
    expectRejected(cli(['validate', ws.path('a.yaml'), ws.path('b.yaml')], asUser), /b\.yaml: cannot read file \(EACCES\)/);
    expectUntouched(ws);
    expect(existsSync(ws.db)).toBe(false);
  });
});
