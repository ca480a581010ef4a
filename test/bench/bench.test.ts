import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SYNTHETIC_MIX } from '../../src/bench/corpus.js';
import { confirmingState } from '../../src/bench/layer1Build.js';
import { runBench } from '../../src/bench/runBench.js';
import { initialState, step } from '../../src/domain/orchestrator.js';
import { parseResult } from '../../src/domain/parseResult.js';
import { percentileOf, summarize } from '../../src/bench/stats.js';
import { loadDatasets } from '../../src/datasets/loadDatasets.js';
import { cli, tempDir } from '../support/cli.js';

describe('bench statistics', () => {
  it('takes nearest-rank percentiles of sorted samples', () => {
    const sorted = Float64Array.from({ length: 100 }, (_, i) => i + 1);
    expect(percentileOf(sorted, 50)).toBe(50);
    expect(percentileOf(sorted, 99)).toBe(99);
    expect(percentileOf(sorted, 100)).toBe(100);
    expect(summarize(Float64Array.from([3, 1, 2]))).toEqual({ count: 3, p50: 2, p99: 3, max: 3, mean: 2 });
  });
});

describe('runBench', () => {
  it('starts the step benchmark from CONFIRMING with four pending items', () => {
    const state = confirmingState({ step, initialState, parseResult });
    expect(state.phase).toBe('CONFIRMING');
    expect(state.batch?.items.map((i) => i.status)).toEqual(['pending', 'pending', 'pending', 'pending']);
  });

  it('reports every target, the floor ratio and the machine', async () => {
    const corpus = { utterances: SYNTHETIC_MIX, fromDatasets: 0, synthetic: SYNTHETIC_MIX.length, files: [] };
    const result = await runBench(corpus, { timeMs: 20, samples: 2000, interleave: { rounds: 3, warmupRounds: 2, minSpanNs: 500 } });
    for (const target of [result.localClassifier, result.floor, result.offlineParser, result.orchestratorStep]) {
      expect(target.samples).toBe(2000);
      expect(target.p50Us).toBeGreaterThanOrEqual(0);
      expect(target.p99Us).toBeGreaterThanOrEqual(target.p50Us);
      expect(target.maxUs).toBeGreaterThanOrEqual(target.p99Us);
      expect(target.opsPerSec).toBeGreaterThan(0);
    }
    expect(result.localClassifier.budgetUs).toBe(1000);
    expect(result.localClassifier.floorRatio).toBeGreaterThan(1);
    expect(result.machine.cpus).toBeGreaterThan(0);
    expect(result.method).toContain('hrtime.bigint');
    const classifier = result.utterances.localClassifier;
    expect(classifier.slowest).toHaveLength(10);
    expect(classifier.slowest[0]!.candidateUs).toBeGreaterThanOrEqual(classifier.slowest[9]!.candidateUs);
    expect(classifier.byIntent.reduce((n, g) => n + g.utterances, 0)).toBe(SYNTHETIC_MIX.length);
    expect(classifier.byIntent.map((g) => g.group)).toContain('confirm');
    expect(classifier.movers).toBeUndefined();
  }, 30_000);
});

describe('nlu-harness bench and generate (built CLI)', () => {
  it('bench --json prints only the JSON result and writes the same to --out', () => {
    const out = join(tempDir(), 'bench.json');
    const result = cli(['bench', '--json', '--time', '20', '--samples', '2000', '--rounds', '2', '--out', out]);
    expect(result.status).toBe(0);
    const printed = JSON.parse(result.stdout) as Record<string, Record<string, unknown>>;
    expect(Object.keys(printed)).toEqual(expect.arrayContaining(['localClassifier', 'offlineParser', 'orchestratorStep', 'machine']));
    expect(Object.keys(printed['localClassifier']!)).toEqual(expect.arrayContaining(['p50Us', 'p99Us', 'maxUs', 'opsPerSec', 'floorRatio', 'budgetUs']));
    expect(Object.keys(printed['machine']!)).toEqual(expect.arrayContaining(['node', 'cpus', 'platform', 'date']));
    expect(JSON.parse(readFileSync(out, 'utf8'))).toEqual(printed);
    expect(result.stderr).toContain('bench:');
    const markdown = readFileSync(out.replace(/\.json$/, '.md'), 'utf8');
    expect(markdown).toContain('## Layer-1 bench');
    expect(markdown).toContain('<b>localClassifier</b>: where the time goes');
  }, 60_000);

  it('generate writes a dataset the loader accepts', () => {
    const out = join(tempDir(), 'gen.yaml');
    const result = cli(['generate', '--count', '12', '--seed', '3', '--out', out]);
    expect(result.status).toBe(0);
    expect(existsSync(out)).toBe(true);
    expect(loadDatasets([out]).dialogues).toHaveLength(12);
  });
});
