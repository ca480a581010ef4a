import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cli, cliAsync, tempDir } from '../support/cli.js';
import { FAULTY } from '../sut/sutSupport.js';

// Issue 23: untrusted text (dataset ids and titles, model answers, SUT names, file names) reaches
// the terminal and report.md inert: no ESC, BEL, CR, C1 control or bidi override gets through
// (report.md is piped into CI step summaries; the console is someone's terminal).
const CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/;
const EVIL = String.raw`\e[2J\e]0;pwned\a\r\u202e`;

/** A failing dialogue (its expectation is wrong on purpose) whose id, title and tag carry escapes. */
const EVIL_DATASET = `- id: "evil-${EVIL}"
  title: "标题${EVIL}"
  tags: ["tag${EVIL}"]
  turns:
    - user: "午饭35块"
      llm:
        parse: {transactions: [{amount: 35, type: EXPENSE, category: "餐饮${EVIL}", description: "午饭${EVIL}"}]}
      expect: {state: LISTENING}
`;

describe('escape sequences in untrusted text are made inert', () => {
  it('run: dataset ids, titles, tags and model answers reach neither the console nor report.md raw', () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'd.yaml'), EVIL_DATASET);
    const history = join(dir, 'h.sqlite');
    const result = cli(['run', '--no-progress', '--dataset', join(dir, 'd.yaml'), '--out', join(dir, 'out'), '--history', history]);
    expect(result.status, result.stderr).toBe(1);
    expect(result.stdout).toContain('evil-');
    expect(result.stdout).not.toMatch(CONTROL);
    const markdown = readFileSync(join(dir, 'out', 'report.md'), 'utf8');
    expect(markdown).toContain('标题');
    expect(markdown).not.toMatch(CONTROL);
  });

  it('history: a dataset file name with escapes is printed inert', () => {
    const dir = tempDir();
    const file = join(dir, 'd\u001b[2J\u0007.yaml');
    writeFileSync(file, EVIL_DATASET.replace('expect: {state: LISTENING}', 'expect: {state: CONFIRMING}'));
    const history = join(dir, 'h.sqlite');
    expect(cli(['run', '--no-progress', '--dataset', file, '--out', join(dir, 'out'), '--history', history]).status).toBe(0);
    const listed = cli(['history', '--history', history]);
    expect(listed.status, listed.stderr).toBe(0);
    expect(listed.stdout).toContain('.yaml');
    expect(listed.stdout).not.toMatch(CONTROL);
  });

  it('try: what the model answers (category, description) is printed inert', () => {
    const result = cli(['try', '--llm', 'heuristic'], { input: '午饭\u001b]0;pwned\u0007三十五块\n:quit\n' });
    expect(result.status, result.stderr).toBe(0);
    expect(result.stdout).toContain('App:');
    expect(result.stdout).not.toMatch(CONTROL);
  });

  it('conformance: the SUT handshake name is inert on the console and in conformance.md', async () => {
    const out = tempDir();
    const result = await cliAsync(['conformance', '--sut', FAULTY('evilName', 'no-such-line'), '--out', out]);
    expect(result.stdout).toContain('evil');
    expect(result.stdout).not.toMatch(CONTROL);
    const markdown = readFileSync(join(out, 'conformance.md'), 'utf8');
    expect(markdown).toContain('evil');
    expect(markdown).not.toMatch(CONTROL);
  });
});
