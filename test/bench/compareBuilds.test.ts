import { describe, expect, it } from 'vitest';
import { compareBuilds, slowerFindings } from '../../src/bench/compareBuilds.js';
import { TARGET_NAMES, type TargetName, type TargetTimings } from '../../src/bench/interleaved.js';
import { lengthBucket, utteranceCosts } from '../../src/bench/utteranceCosts.js';
import { mulberry32 } from '../../src/util/random.js';

const N = 200;
const ROUNDS = 4;

/** A's per-utterance costs spread over 0.1–2 µs; B's are A's times `factor(i)`, each round jittered by ±2 %. */
function timings(factor: (i: number) => number, seed = 7): TargetTimings {
  const random = mulberry32(seed);
  const a = Float64Array.from({ length: N }, () => 0.1 + 1.9 * random() ** 3);
  const samples = [new Float64Array(ROUNDS * N), new Float64Array(ROUNDS * N)];
  for (let round = 0; round < ROUNDS; round++) {
    for (let i = 0; i < N; i++) {
      samples[0]![round * N + i] = a[i]! * (0.98 + 0.04 * random());
      samples[1]![round * N + i] = a[i]! * factor(i) * (0.98 + 0.04 * random());
    }
  }
  return { perUtterance: [a, Float64Array.from(a, (v, i) => v * factor(i))], samples, callsPerTiming: 1 };
}

function allTargets(t: TargetTimings): Record<TargetName, TargetTimings> {
  return Object.fromEntries(TARGET_NAMES.map((name) => [name, t])) as Record<TargetName, TargetTimings>;
}

const OPTIONS = { tolerance: 0.1, resamples: 400, seed: 1 };

describe('compareBuilds', () => {
  it('B 30 % slower everywhere: every ratio near 1.3, its interval above 1.1, each statistic named slower', () => {
    const result = compareBuilds(allTargets(timings(() => 1.3)), OPTIONS);
    const { mean, p50, p99 } = result.localClassifier.ratios;
    for (const r of [mean, p50, p99]) {
      expect(r.ratio).toBeCloseTo(1.3, 2);
      expect(r.low).toBeGreaterThan(1.1);
      expect(r.verdict).toBe('slower');
    }
    expect(slowerFindings(result)).toHaveLength(TARGET_NAMES.length * 3);
  });

  it('the same costs: ratio 1, within tolerance, no finding', () => {
    const result = compareBuilds(allTargets(timings(() => 1)), OPTIONS);
    expect(result.offlineParser.ratios.mean).toMatchObject({ ratio: 1, low: 1, high: 1, verdict: 'within' });
    expect(slowerFindings(result)).toEqual([]);
  });

  it('B twice as fast is faster, never a finding', () => {
    const result = compareBuilds(allTargets(timings(() => 0.5)), OPTIONS);
    expect(result.orchestratorStep.ratios.p50.verdict).toBe('faster');
    expect(slowerFindings(result)).toEqual([]);
  });

  it('a slowdown of a few utterances moves the mean, its interval straddling what the draw includes', () => {
    // 5 of 200 utterances 3× slower: the point estimate rises, but resamples without them pull the low end down.
    const result = compareBuilds(allTargets(timings((i) => (i < 5 ? 3 : 1))), OPTIONS);
    const mean = result.localClassifier.ratios.mean;
    expect(mean.ratio).toBeGreaterThan(1);
    expect(mean.low).toBeLessThan(mean.ratio);
    expect(mean.high).toBeGreaterThan(mean.ratio);
  });
});

describe('utteranceCosts', () => {
  const texts = Array.from({ length: N }, (_, i) => (i % 2 === 0 ? '确认' : `第${i}笔改成五十块钱再加一笔打车${'三十'.repeat(i % 7)}`));
  const intents = texts.map((text) => (text === '确认' ? 'confirm' : 'correction'));

  it('one row per distinct text, groups that cover every position, got-slower only beyond tolerance and consistent', () => {
    const costs = utteranceCosts(
      texts,
      intents,
      timings((i) => (i === 1 ? 1.5 : 1)),
      { tolerance: 0.1, top: 5 },
    );
    expect(costs.slowest).toHaveLength(5);
    expect(new Set(costs.slowest.map((r) => r.text)).size).toBe(5);
    const confirm = costs.byIntent.find((g) => g.group === 'confirm')!;
    expect(confirm.utterances).toBe(N / 2);
    expect(costs.byLength.reduce((n, g) => n + g.utterances, 0)).toBe(N);
    expect(costs.gotSlower!.map((r) => r.text)).toEqual([texts[1]]);
    expect(costs.gotSlower![0]).toMatchObject({ intent: 'correction', occurrences: 1, slowerShare: 1 });
    expect(costs.movers![0]!.text).toBe(texts[1]);
  });

  it('without a baseline: slowest and groups only', () => {
    const one = timings(() => 1);
    const costs = utteranceCosts(texts, intents, { ...one, perUtterance: [one.perUtterance[1]!], samples: [one.samples[1]!] }, { tolerance: 0.1, top: 3 });
    expect(costs.movers).toBeUndefined();
    expect(costs.gotSlower).toBeUndefined();
    expect(costs.slowest[0]!.baselineUs).toBeUndefined();
  });

  it('length buckets', () => {
    expect(lengthBucket(1)).toBe('1–2');
    expect(lengthBucket(8)).toBe('5–8');
    expect(lengthBucket(33)).toBe('33+');
  });
});
