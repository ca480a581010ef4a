import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cli, ROOT, tempDir } from '../support/cli.js';

const doc = readFileSync(join(ROOT, 'docs/dataset-format.md'), 'utf8');
const section = doc.slice(doc.indexOf('## Which check wins'), doc.indexOf('\n## ', doc.indexOf('## Which check wins') + 1));

const PARSE = '        parse: {transactions: [{amount: 35, type: EXPENSE, category: 餐饮}, {amount: 15, type: EXPENSE, category: 餐饮}]}';
const dialogue = (id: string, correct: string, expect: string) =>
  [
    `- id: ${id}`,
    '  turns:',
    '    - user: 午饭三十五，奶茶十五',
    '      llm:',
    PARSE,
    '    - user: 嗯那个改一下',
    '      llm:',
    `        correct: ${correct}`,
    `      expect: ${expect}`,
  ].join('\n');

describe('docs/dataset-format.md: which check wins on a scripted correction (seed 003: confidence < 0.7 SHALL be treated as unclear)', () => {
  it('documents the order: index range, then the floor, then the intent', () => {
    expect(section).toContain('`{intent: unclear, confidence: 0.3}` is reported as');
    const order = ["1. the answer's shape and, for `intent: correction`, every index", '2. the confidence floor', '3. the intent'].map((step) =>
      section.indexOf(step),
    );
    expect(order.every((at) => at > 0)).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
  });

  it('is what a run reports: the floor before the intent, the index before the floor', () => {
    const dir = tempDir();
    const file = join(dir, 'order.yaml');
    writeFileSync(
      file,
      [
        dialogue(
          'floor-first',
          '{corrections: [], intent: unclear, confidence: 0.3}',
          '{outcome: lowConfidence, failure: null, batch: [{amount: 35}, {amount: 15}]}',
        ),
        dialogue(
          'index-first',
          '{corrections: [{index: 5, updatedFields: {amount: 20}}], intent: correction, confidence: 0.3}',
          '{outcome: unclear, failure: invalid, batch: [{amount: 35}, {amount: 15}]}',
        ),
      ].join('\n') + '\n',
    );
    const run = cli(['run', '--dataset', file, '--out', join(dir, 'out')]);
    expect(run.status, run.stdout + run.stderr).toBe(0);
  });
});
