import { describe, expect, it } from 'vitest';
import type { Baseline } from '../../src/report/json/baseline.js';
import { weakMetrics } from '../../src/eval/weakMetrics.js';

const baseline = (metrics: Record<string, [number, number]>): Baseline => ({
  schemaVersion: 1,
  kind: 'nlu-harness-baseline',
  llm: { backend: 'openai', model: 'local-1.5b' },
  mode: 'e2e',
  protocol: 'batch',
  metrics: Object.fromEntries(Object.entries(metrics).map(([name, [met, judged]]) => [name, met / judged])),
  judged: Object.fromEntries(Object.entries(metrics).map(([name, [, judged]]) => [name, judged])),
  dialogues: {},
});

describe('metrics the baseline model met too rarely for a fall to show (issue 38 item 6)', () => {
  // "the local 1.5B handles 1 of 9 append turns on append.yaml --shard 1/3"
  it('judged against chance: 1 of 9 append turns cannot fall visibly (0 of 9 would be chance); 3 of 9 and 50 of 100 can', () => {
    const weak = weakMetrics(baseline({ appendHandled: [1, 9], parseHandled: [3, 9], routing: [50, 100], cancelHandled: [2, 20] }), {
      alpha: 0.05,
      chance: true,
    });
    expect(weak).toEqual([
      { name: 'appendHandled', succeeded: 1, judged: 9 },
      { name: 'cancelHandled', succeeded: 2, judged: 20 },
    ]);
  });

  it('the thresholds docs/gating.md gives: 3 successes can show a fall up to n = 22, from n = 23 it takes 4', () => {
    const weak = weakMetrics(baseline({ unclearHandled: [3, 22], confirmHandled: [3, 23], routing: [4, 5000] }), { alpha: 0.05, chance: true });
    expect(weak.map((m) => m.name)).toEqual(['confirmHandled']);
  });

  it('where every move is a change, only a metric the baseline never met cannot fall', () => {
    const weak = weakMetrics(baseline({ appendHandled: [1, 9], cancelHandled: [0, 3] }), { alpha: 0.05, chance: false });
    expect(weak).toEqual([{ name: 'cancelHandled', succeeded: 0, judged: 3 }]);
  });

  it('a baseline without judged counts names none', () => {
    const { judged: _, ...old } = baseline({ appendHandled: [0, 9] });
    expect(weakMetrics(old, { alpha: 0.05, chance: true })).toEqual([]);
  });
});
