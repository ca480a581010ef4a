import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cli, tempDir } from '../support/cli.js';

/** A correction of the second item, expecting `pairs` as its index mapping (the batch is right either way). */
function dialogue(pairs: string): string {
  return `- id: mapping-check
  turns:
    - user: 吃饭60，打车30
      llm:
        parse: {transactions: [{amount: 60, type: EXPENSE, category: 餐饮, description: 吃饭}, {amount: 30, type: EXPENSE, category: 交通, description: 打车}]}
    - user: 第二笔改成25
      llm:
        correct: {corrections: [{index: 1, updatedFields: {amount: 25}}], intent: correction, confidence: 0.9}
      expect: {batch: [{amount: 60}, {amount: 25}], mapping: ${pairs}}
`;
}

function mappingMetric(pairs: string): { score: number; counts: Record<string, number>; status: number | null } {
  const dir = tempDir();
  writeFileSync(join(dir, 'd.yaml'), dialogue(pairs));
  const status = cli(['run', '--dataset', join(dir, 'd.yaml'), '--out', join(dir, 'out'), '--no-progress']).status;
  const report = JSON.parse(readFileSync(join(dir, 'out/report.json'), 'utf8')) as {
    metrics: { correctionIndexMapping: { score: number; counts: Record<string, number> } };
  };
  return { ...report.metrics.correctionIndexMapping, status };
}

describe('Correction index mapping reads the mapping check too', () => {
  it('a failed mapping check is a miss even when the batch came out right', () => {
    const wrong = mappingMetric('[{sentIndex: 1, originalIndex: 0}]');
    expect(wrong.status).toBe(1);
    expect(wrong.counts).toMatchObject({ judged: 1, rightIndex: 0, exactBatch: 0 });
    expect(wrong.score).toBe(0);
    const right = mappingMetric('[{sentIndex: 1, originalIndex: 1}]');
    expect(right.status).toBe(0);
    expect(right.counts).toMatchObject({ judged: 1, rightIndex: 1, exactBatch: 1 });
    expect(right.score).toBe(1);
  });
});
