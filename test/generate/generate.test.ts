import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadDatasets } from '../../src/datasets/loadDatasets.js';
import { writeGeneratedDataset } from '../../src/generate/generateDataset.js';
import { ScriptedBackend } from '../../src/llm/scriptedBackend.js';
import { runSuite } from '../../src/eval/scoreSuite.js';

const dir = mkdtempSync(join(tmpdir(), 'nlu-generate-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function failures(result: Awaited<ReturnType<typeof runSuite>>): string[] {
  return [...result.dialogues]
    .filter((d) => !d.passed)
    .slice(0, 5)
    .map((d) => {
      const turn = d.turns.find((t) => t.checks.some((c) => !c.passed));
      const failed = turn?.checks.filter((c) => !c.passed) ?? [];
      return `${d.id} turn ${turn?.index ?? '?'}: ${JSON.stringify(failed)}`;
    });
}

describe('generate', () => {
  for (const seed of [1, 20240607]) {
    it(`seed ${seed}: 300 dialogues load and all pass with the scripted backend`, async () => {
      const file = join(dir, `gen-${seed}.yaml`);
      const written = await writeGeneratedDataset(file, { count: 300, seed });
      expect(written.dialogues).toBe(300);

      const { dialogues } = loadDatasets([file]);
      expect(dialogues).toHaveLength(300);
      const tags = new Set(dialogues.flatMap((d) => d.tags));
      for (let size = 1; size <= 10; size++) expect(tags, `size-${size}`).toContain(`size-${size}`);
      for (const tag of [
        'append-refused',
        'correct-timeout',
        'correct-error',
        'correct-malformed',
        'low-confidence',
        'offline-parse',
        'parse-timeout',
        'tap-confirm',
        'save-fail',
        'cancelItem',
        'inactivity',
        'llm-cancel',
        'llm-confirm',
        'already-resolved',
        'no-such-item',
        'append-offline',
        'continue',
        'exit',
        'truncated',
      ]) {
        expect(tags, tag).toContain(tag);
      }

      const result = await runSuite(dialogues, { backend: new ScriptedBackend(), mode: 'e2e', seed: 1, repeat: 1, passSampleSize: 0 });
      expect(failures(result)).toEqual([]);
      expect(result.turns.failed).toBe(0);
      expect(result.turns.total).toBe(written.turns);
      // Every turn states its outcome: state, batch and speech at least.
      expect(result.checks.total).toBeGreaterThanOrEqual(3 * written.turns);
    }, 60_000);
  }

  it('is not vacuous: one wrong number in the file makes its dialogue fail', async () => {
    const file = join(dir, 'mutated.yaml');
    await writeGeneratedDataset(file, { count: 20, seed: 5 });
    const text = readFileSync(file, 'utf8');
    const saved = /已保存(\d+)笔交易/.exec(text)!;
    writeFileSync(file, text.replace(saved[0], `已保存${Number(saved[1]) + 1}笔交易`));
    const { dialogues } = loadDatasets([file]);
    const result = await runSuite(dialogues, { backend: new ScriptedBackend(), mode: 'e2e', seed: 1, repeat: 1 });
    expect([...result.dialogues].filter((d) => !d.passed)).toHaveLength(1);
  });

  it('writes the same bytes for the same seed, other bytes for another', async () => {
    const a = join(dir, 'a.yaml');
    const b = join(dir, 'b.yaml');
    const c = join(dir, 'c.yaml');
    await writeGeneratedDataset(a, { count: 200, seed: 9 });
    await writeGeneratedDataset(b, { count: 200, seed: 9 });
    await writeGeneratedDataset(c, { count: 200, seed: 10 });
    expect(readFileSync(a).equals(readFileSync(b))).toBe(true);
    expect(readFileSync(a).equals(readFileSync(c))).toBe(false);
  });
});
