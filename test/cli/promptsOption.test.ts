import { cpSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ReadReport } from '../../src/report/model/reportTypes.js';
import { ROOT, cli, tempDir } from '../support/cli.js';

const DATASET = join(ROOT, 'test/fixtures/real-llm.yaml');

describe('run --prompts DIR (try a prompt change without editing prompts/)', () => {
  it('renders from the copy: the provenance hashes the copy, the changed template differs', () => {
    const prompts = tempDir();
    cpSync(join(ROOT, 'prompts'), prompts, { recursive: true });
    const file = join(prompts, 'correction-dialogue.txt');
    writeFileSync(file, `${readFileSync(file, 'utf8')}\nAnswer briefly.\n`);
    const hashes = (extra: string[]) => {
      const out = tempDir();
      const result = cli(['run', '--llm', 'heuristic', ...extra, '--dataset', DATASET, '--out', out, '--no-progress']);
      expect([0, 1]).toContain(result.status);
      const prompts = (JSON.parse(readFileSync(join(out, 'report.json'), 'utf8')) as ReadReport).run.provenance!.prompts;
      return Object.fromEntries(Object.entries(prompts).map(([name, sha]) => [join(ROOT, name), sha]));
    };
    const copy = hashes(['--prompts', prompts]);
    const original = hashes([]);
    expect(Object.keys(copy).sort()).toEqual(['conversation.txt', 'correction-dialogue.txt', 'transaction-parse.txt'].map((name) => join(prompts, name)));
    expect(copy[file]).not.toBe(original[join(ROOT, 'prompts/correction-dialogue.txt')]);
    expect(copy[join(prompts, 'transaction-parse.txt')]).toBe(original[join(ROOT, 'prompts/transaction-parse.txt')]);
  });

  it('a folder without every template, or one that lost its TASK line, is exit 2 before anything runs', () => {
    const empty = tempDir();
    const out = join(tempDir(), 'out');
    const missing = cli(['run', '--llm', 'heuristic', '--prompts', empty, '--dataset', DATASET, '--out', out, '--no-progress']);
    expect(missing.status).toBe(2);
    expect(missing.stderr).toMatch(/--prompts .*is missing/);
    const broken = tempDir();
    cpSync(join(ROOT, 'prompts'), broken, { recursive: true });
    writeFileSync(join(broken, 'transaction-parse.txt'), 'Parse this.\n');
    const wrong = cli(['run', '--llm', 'heuristic', '--prompts', broken, '--dataset', DATASET, '--out', out, '--no-progress']);
    expect(wrong.status).toBe(2);
    expect(wrong.stderr).toContain("must start with the line 'TASK: transaction-parse'");
  });

  it('a misspelt placeholder is exit 2 at its file:line with a did-you-mean, before any call (issue 41, item 10)', () => {
    const prompts = tempDir();
    cpSync(join(ROOT, 'prompts'), prompts, { recursive: true });
    const file = join(prompts, 'correction-dialogue.txt');
    const lines = readFileSync(file, 'utf8').split('\n');
    writeFileSync(file, [...lines.slice(0, 3), 'The batch: {{currentBatchh}}', ...lines.slice(3)].join('\n'));
    const out = join(tempDir(), 'out');
    const unknown = cli(['run', '--llm', 'heuristic', '--prompts', prompts, '--dataset', DATASET, '--out', out, '--no-progress']);
    expect(unknown.status).toBe(2);
    expect(unknown.stderr).toContain(
      `${file}:4: {{currentBatchh}} is not a placeholder; a template takes {{today}}, {{yesterday}}, {{categories}}, {{maxTransactions}}`,
    );
    writeFileSync(file, [...lines.slice(0, 3), 'Today is {{todya}}.', ...lines.slice(3)].join('\n'));
    const near = cli(['run', '--llm', 'heuristic', '--prompts', prompts, '--dataset', DATASET, '--out', out, '--no-progress']);
    expect(near.status).toBe(2);
    expect(near.stderr).toContain(`${file}:4: {{todya}} is not a placeholder (did you mean "today"?)`);
    expect(near.stderr).not.toMatch(/\n\s+at /);
  });

  it('--temperature and --sampling-seed are for a model that samples: refused with another backend or out of range', () => {
    const out = join(tempDir(), 'out');
    const other = cli(['run', '--llm', 'heuristic', '--temperature', '0.7', '--dataset', DATASET, '--out', out]);
    expect(other.status).toBe(2);
    expect(other.stderr).toContain('--temperature applies to --llm openai');
    const range = cli([
      'run',
      '--llm',
      'openai',
      '--base-url',
      'http://127.0.0.1:9/v1',
      '--model',
      'm',
      '--temperature',
      '3',
      '--dataset',
      DATASET,
      '--out',
      out,
    ]);
    expect(range.status).toBe(2);
    expect(range.stderr).toContain('--temperature takes a number from 0 to 2');
  });
});
