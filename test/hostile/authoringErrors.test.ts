import { describe, expect, it } from 'vitest';
import { cli } from '../support/cli.js';
import { expectRejected, expectUntouched, oneTurn, workspace } from './workspace.js';

const CONFIRM_TURN = '    - user: 确认\n      expect: {state: LISTENING, route: local}\n';

/** Fifteen good dialogues with a bad one twelfth: found before the first runs, not after eleven. */
function suiteWithBadTwelfth(): string {
  const good = Array.from({ length: 14 }, (_, i) => oneTurn(`g${i}`));
  const bad = `${oneTurn('bad')}    - user: 第五笔改成40\n      llm:\n        correct: {corrections: [{index: 4, updatedFields: {amount: 40}}], intent: correction, confidence: 0.9}\n      expect: {state: CONFIRMING}\n`;
  return [...good.slice(0, 11), bad, ...good.slice(11)].join('');
}

interface Case {
  readonly name: string;
  readonly text: string;
  readonly where: RegExp;
  /** How many problems validate counts, when it matters. */
  readonly problems?: number;
}

// Issue 41, items 9, 11 and 12: each is exit 2 from `validate` and from `run` (the same check),
// located, with no dialogue run and nothing written.
const CASES: Case[] = [
  {
    name: 'a tag holding a lone surrogate (was: validate ok, then exit 3 "URI malformed" in the HTML)',
    text: oneTurn('s1').replace('- id: s1\n', '- id: s1\n  tags: ["bad\\uD800tag"]\n'),
    where: /d\.yaml:2:\d+: tags\[0\]: holds an unpaired surrogate \(\\uD800 at character 4\)/,
  },
  {
    name: 'an id and an utterance holding lone surrogates',
    text: oneTurn('x').replace('- id: x', '- id: "x\\uDC00"').replace('user: 午饭35块', 'user: "午饭\\uD83D35块"'),
    where: /d\.yaml:1:\d+: id: holds an unpaired surrogate[\s\S]*d\.yaml:3:\d+: turns\[0\]\.user: holds an unpaired surrogate/,
  },
  {
    name: 'a scripted index out of range in the twelfth of fifteen dialogues (was: reported after eleven had run)',
    text: suiteWithBadTwelfth(),
    where: /d\.yaml:\d+:\d+: turns\[1\]\.llm\.correct\.corrections\[0\]\.index: index 4 is outside the batch/,
  },
  {
    name: 'an llm block on a 确认 turn, which Layer 1 answers without the model',
    text: `${oneTurn('c1')}    - user: 确认\n      llm:\n        parse: {transactions: []}\n      expect: {state: LISTENING}\n`,
    where: /d\.yaml:8:7: turns\[1\]\.llm: 「确认」 is handled on the device \(Layer 1, intent confirm\) while the batch is open/,
  },
  {
    name: 'an llm block on 退出, local in every state',
    text: '- id: q1\n  turns:\n    - user: 退出\n      llm:\n        parse: {transactions: []}\n      expect: {state: IDLE}\n',
    where: /d\.yaml:4:7: turns\[0\]\.llm: 「退出」 ends the session on the device/,
  },
  {
    name: 'a correct answer on 取消 with no batch open (it goes to the parse endpoint)',
    text: '- id: q2\n  turns:\n    - user: 取消\n      llm:\n        correct: {corrections: [], intent: cancel, confidence: 0.9}\n',
    where: /d\.yaml:5:9: turns\[0\]\.llm\.correct: 「取消」 never asks for a correct answer/,
  },
  {
    name: 'a 5 MB utterance',
    text: `- id: big\n  turns:\n    - user: ${'午'.repeat(5_000_000)}\n      expect: {state: CONFIRMING}\n`,
    where: /d\.yaml:3:13: turns\[0\]\.user: an utterance of 5000000 characters, over the 4096 a turn may hold/,
  },
  {
    name: "an indentation error: plain words and the columns that disagree, not the parser's grammar",
    text: '- id: a\n  turns:\n    - user: 午饭35块\n     expect: {state: CONFIRMING}\n',
    where: /d\.yaml:4:1: YAML syntax: indentation: this line starts at column 6, but the key above it \(user: on line 3\) starts at column 7/,
  },
  {
    name: 'a tab in the indentation',
    text: '- id: a\n  turns:\n\t- user: 午饭35块\n',
    where: /d\.yaml:3:1: YAML syntax: a tab in the indentation: YAML indents with spaces only/,
  },
  {
    name: 'a top-level list of turns (the dialogue around them forgotten): one hint, not eight field errors',
    text: `- user: 午饭35块\n  expect: {state: CONFIRMING}\n${CONFIRM_TURN.replace(/^ {4}/gm, '').replace(/^ {2}/gm, '  ')}`,
    where: /d\.yaml:1:3: dialogue\[0\]: these 2 items are turns where dialogues belong: a dataset is a list of dialogues, each `- id: NAME`/,
    problems: 1,
  },
];

describe('authoring mistakes found before any dialogue runs (issue 41)', () => {
  for (const c of CASES) {
    it(c.name, () => {
      const ws = workspace({ 'd.yaml': c.text });
      const checked = cli(['validate', ws.path('d.yaml')]);
      expectRejected(checked, c.where);
      expect(checked.stdout).toBe('');
      // With the progress bar on, and no --db (a run that saves no rows was once checked as it ran):
      // not one dialogue may have run before the refusal.
      const run = cli(['run', '--dataset', ws.path('d.yaml'), '--out', ws.out]);
      expectRejected(run, c.where);
      expect(run.stderr).not.toMatch(/progress \d+\//);
      expectUntouched(ws);
      if (c.problems !== undefined) expect(checked.stderr).toMatch(new RegExp(`^${c.problems} problem\\(s\\) in 1 file`, 'm'));
    });
  }

  it('a missing dataset is named by its path, not at a made-up 1:1; a pattern and an empty folder are told apart', () => {
    const ws = workspace();
    const result = cli(['validate', ws.path('missing.yaml'), ws.path('*.json'), ws.out]);
    expect(result.status).toBe(2);
    expect(result.stderr).toContain(`${ws.path('missing.yaml')}: no such file or directory\n`);
    expect(result.stderr).toContain(`${ws.path('*.json')}: no dataset file matches this pattern\n`);
    expect(result.stderr).toContain(`${ws.out}: a directory with no dataset file in it (.yaml, .yml or .csv)\n`);
    expect(result.stderr).not.toMatch(/:1:1:/);
    expectRejected(cli(['run', '--no-progress', '--dataset', ws.path('missing.yaml'), '--out', ws.out]), /missing\.yaml: no such file or directory/);
  });

  it('the bundled datasets hold none of these mistakes', () => {
    const result = cli(['validate', 'datasets/**/*.yaml']);
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
  });
});
