import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ModelBenchResult } from '../../src/bench/modelBench.js';
import { MODEL_PIN, installedModelPath, modelLabel } from '../../src/llm/localModel.js';
import type { ReadReport } from '../../src/report/model/reportTypes.js';
import { cliAsync, tempDir } from '../support/cli.js';
import { missingLocalModelPart, skipWithoutLocalModel } from '../support/localModelParts.js';

const missing = missingLocalModelPart();
const skipped = skipWithoutLocalModel('bench --model with a real model', missing);

describe.skipIf(skipped)(`bench --model with the installed model (${MODEL_PIN.file})`, () => {
  it('times a real run of one append dialogue and keeps the run behind the figures', async () => {
    if (missing) throw new Error(`REQUIRE_LOCAL_MODEL=1 but ${missing}`);
    const dir = tempDir();
    const out = join(dir, 'bench-model.json');
    // One dialogue (a parse, then an append), on one thread: the other test files share the cores.
    const result = await cliAsync(['bench', '--model', '--dataset', 'datasets/model/append.yaml', '--shard', '1/43', '--threads', '1', '--out', out]);
    expect(result.status, result.stderr).toBe(0);
    const bench = JSON.parse(readFileSync(out, 'utf8')) as ModelBenchResult;
    expect(bench.model).toBe(modelLabel(installedModelPath(), MODEL_PIN.sha256));
    expect(bench.threads).toBe(1);
    const report = JSON.parse(readFileSync(join(dir, 'bench-model-run', 'report.json'), 'utf8')) as ReadReport;
    const calls = report.dialogues.flatMap((d) => d.turns.flatMap((t) => t.llmCalls));
    // Every call the run made reached the model, and the figures are the run's.
    expect(bench.calls).toBe(calls.length);
    expect(Object.keys(bench.byEndpoint).sort()).toEqual(['correct', 'parse']);
    expect(bench.answers).toMatchObject({ dialogues: 1, judged: calls.length });
    expect(bench.decodeTokensPerSecond).toBeGreaterThan(0);
    expect(bench.floorSeconds).toBeGreaterThan(0);
    expect(bench.ratioToFloor).toBeGreaterThan(0);
    expect(existsSync(join(dir, 'bench-model.md'))).toBe(true);
    expect(result.stdout).toContain(`${bench.calls} calls in`);
  }, 900_000);
});
