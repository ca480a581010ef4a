import { describe, expect, it } from 'vitest';
import { bootstrapDeltas, isFlaky, movedNeeded, randomizationPValues, signTest, testableFamily } from '../../src/scoring/pairedStatistics.js';
import { binomialBound, binomialLowerBound } from '../support/binomialBound.js';

/** One dialogue's hits and totals of a metric on each side, summed over its repeats. */
interface PairedTally {
  readonly baseline: { readonly hits: number; readonly total: number };
  readonly candidate: { readonly hits: number; readonly total: number };
}

/** The metric as a ratio of summed tallies, candidate − baseline, over the drawn dialogues. */
function ratioDelta(tallies: readonly PairedTally[]) {
  return (draw: readonly number[]) => {
    let bh = 0,
      bt = 0,
      ch = 0,
      ct = 0;
    for (const i of draw) {
      bh += tallies[i]!.baseline.hits;
      bt += tallies[i]!.baseline.total;
      ch += tallies[i]!.candidate.hits;
      ct += tallies[i]!.candidate.total;
    }
    return { ratio: ch / ct - bh / bt };
  };
}

function pairedBootstrap(tallies: readonly PairedTally[], options: { alpha: number; resamples: number; random: () => number }) {
  return { delta: ratioDelta(tallies)(tallies.map((_, i) => i)).ratio, ...bootstrapDeltas(tallies.length, ['ratio'], ratioDelta(tallies), options).ratio };
}

/** The randomization test's one-sided p-value of "the candidate is worse" on the ratio metric. */
function randomizationP(tallies: readonly PairedTally[], options: { resamples: number; random: () => number }): number {
  const observed = ratioDelta(tallies)(tallies.map((_, i) => i));
  const swappedDelta = (swapped: readonly boolean[]) =>
    ratioDelta(tallies.map((t, i) => (swapped[i] ? { baseline: t.candidate, candidate: t.baseline } : t)))(tallies.map((_, i) => i));
  return randomizationPValues(tallies.length, ['ratio'], observed, swappedDelta, options).ratio;
}

function mulberry(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = Math.imul(s ^ (s >>> 15), s | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

describe('paired statistics', () => {
  it('sign test: 8 of 8 discordant dialogues worse gives p = 1/256', () => {
    const pairs = [...Array(8).fill({ baseline: 1, candidate: 0 }), ...Array(20).fill({ baseline: 1, candidate: 1 })];
    const result = signTest(pairs);
    expect(result).toMatchObject({ worse: 8, better: 0, ties: 20 });
    expect(result.pValue).toBeCloseTo(1 / 256, 10);
  });

  it('sign test: as many up as down is no evidence (p > 0.5)', () => {
    const pairs = [...Array(5).fill({ baseline: 1, candidate: 0 }), ...Array(5).fill({ baseline: 0, candidate: 1 })];
    expect(signTest(pairs).pValue).toBeCloseTo(0.623046875, 9);
  });

  it('sign test: no discordant dialogue, p = 1', () => {
    expect(signTest([{ baseline: 1, candidate: 1 }]).pValue).toBe(1);
  });

  it('sign test agrees with the exact binomial tail for large suites (n = 400)', () => {
    const pairs = [...Array(230).fill({ baseline: 1, candidate: 0 }), ...Array(170).fill({ baseline: 0, candidate: 1 })];
    // P(X >= 230), X ~ Bin(400, 1/2), computed here by log-space summation as an independent check.
    let logC = 0;
    const terms: number[] = [];
    for (let k = 0; k <= 400; k++) {
      if (k > 0) logC += Math.log(400 - k + 1) - Math.log(k);
      if (k >= 230) terms.push(Math.exp(logC - 400 * Math.LN2));
    }
    expect(signTest(pairs).pValue).toBeCloseTo(
      terms.reduce((a, b) => a + b, 0),
      6,
    );
  });

  it('a clear drop: interval below zero, randomization p < 0.05; no change: interval straddles zero, p > 0.05', () => {
    const drop: PairedTally[] = Array.from({ length: 60 }, (_, i) => ({
      baseline: { hits: 3, total: 3 },
      candidate: { hits: i % 3 === 0 ? 1 : 3, total: 3 },
    }));
    const dropped = pairedBootstrap(drop, { alpha: 0.05, resamples: 2000, random: mulberry(1) });
    expect(dropped.delta).toBeCloseTo(-2 / 9, 10);
    expect(dropped.high).toBeLessThan(0);
    expect(randomizationP(drop, { resamples: 2000, random: mulberry(1) })).toBeLessThan(0.05);

    const same: PairedTally[] = Array.from({ length: 60 }, (_, i) => ({
      baseline: { hits: i % 2, total: 1 },
      candidate: { hits: (i + 1) % 2, total: 1 },
    }));
    const unchanged = pairedBootstrap(same, { alpha: 0.05, resamples: 2000, random: mulberry(2) });
    expect(unchanged.low).toBeLessThan(0);
    expect(unchanged.high).toBeGreaterThan(0);
    expect(randomizationP(same, { resamples: 2000, random: mulberry(2) })).toBeGreaterThan(0.05);
  });

  it('paired bootstrap: same seed, same interval; no statistic, no interval', () => {
    const tallies: PairedTally[] = [
      { baseline: { hits: 1, total: 2 }, candidate: { hits: 0, total: 2 } },
      { baseline: { hits: 2, total: 2 }, candidate: { hits: 2, total: 2 } },
    ];
    const a = pairedBootstrap(tallies, { alpha: 0.05, resamples: 200, random: mulberry(7) });
    const b = pairedBootstrap(tallies, { alpha: 0.05, resamples: 200, random: mulberry(7) });
    expect(a).toEqual(b);
    expect(bootstrapDeltas(0, [], () => ({}), { alpha: 0.05, resamples: 10, random: mulberry(1) })).toEqual({});
  });

  it("flaky means both outcomes within one side's repeats", () => {
    expect(isFlaky(1, 3)).toBe(true);
    expect(isFlaky(0, 3)).toBe(false);
    expect(isFlaky(3, 3)).toBe(false);
    expect(isFlaky(1, 1)).toBe(false);
  });
});

/** n dialogues, each side 3 runs of a coin with this pass chance: both sides the same model when the chances are equal. */
function coinDialogues(n: number, random: () => number, chance: { baseline: number; candidate: number }): PairedTally[] {
  const hits = (p: number) => [0, 1, 2].filter(() => random() < p).length;
  return Array.from({ length: n }, () => ({ baseline: { hits: hits(chance.baseline), total: 3 }, candidate: { hits: hits(chance.candidate), total: 3 } }));
}

/**
 * A sparse metric such as confidence fallback: in each of 3 runs a dialogue meets a bad answer with
 * chance 0.15, and handles it with the dialogue's own chance (most dialogues always or never do).
 * Most dialogues judge nothing, and the few that do decide the score.
 */
function sparseDialogues(n: number, random: () => number): PairedTally[] {
  const side = (handles: number) => {
    let hits = 0;
    let total = 0;
    for (let run = 0; run < 3; run++) {
      if (random() >= 0.15) continue;
      total++;
      if (random() < handles) hits++;
    }
    return { hits, total };
  };
  return Array.from({ length: n }, () => {
    const handles = [0.05, 0.5, 0.95][Math.floor(random() * 3)]!;
    return { baseline: side(handles), candidate: side(handles) };
  });
}

describe('paired randomization test over many synthetic suites', () => {
  const pValues = (suites: number, makeSuite: (random: () => number) => PairedTally[]) => {
    const random = mulberry(11);
    return Array.from({ length: suites }, (_, suite) => randomizationP(makeSuite(random), { resamples: 199, random: mulberry(suite) }));
  };
  const atOrBelow = (ps: readonly number[], level: number) => ps.filter((p) => p <= level).length;

  it('the binomial bounds are the 0.001 and 0.999 quantiles', () => {
    // Exact sums done apart: P(Bin(200, 0.05) > 20) = 0.0012, > 21 = 0.00048; P(Bin(600, 0.01) > 14) = 0.0013,
    // > 15 = 0.00047; P(Bin(600, 0.05) < 15) = 0.00073, < 16 = 0.0016.
    expect(binomialBound(200, 0.05)).toBe(21);
    expect(binomialBound(600, 0.01)).toBe(15);
    expect(binomialLowerBound(600, 0.05)).toBe(15);
  });

  // With 199 resamples, P(p ≤ 0.05) is exactly 10 / 200 under no change: the count is Binomial(600, 0.05).
  it('both sides the same model, 30 coin dialogues: P(p ≤ 0.05) is 0.05 and P(p ≤ 0.01) at most 0.01, within the binomial bounds (600 suites)', () => {
    const ps = pValues(600, (random) => coinDialogues(30, random, { baseline: 0.7, candidate: 0.7 }));
    expect(atOrBelow(ps, 0.05)).toBeGreaterThanOrEqual(binomialLowerBound(600, 0.05));
    expect(atOrBelow(ps, 0.05)).toBeLessThanOrEqual(binomialBound(600, 0.05));
    expect(atOrBelow(ps, 0.01)).toBeLessThanOrEqual(binomialBound(600, 0.01));
  });

  it('both sides the same model, a sparse metric on 100 dialogues: the same, within the binomial bounds (600 suites)', () => {
    const ps = pValues(600, (random) => sparseDialogues(100, random));
    expect(atOrBelow(ps, 0.05)).toBeGreaterThanOrEqual(binomialLowerBound(600, 0.05));
    expect(atOrBelow(ps, 0.05)).toBeLessThanOrEqual(binomialBound(600, 0.05));
    expect(atOrBelow(ps, 0.01)).toBeLessThanOrEqual(binomialBound(600, 0.01));
  });

  it('both sides the same model, 10 dialogues that mostly pass (most resamples tie with the observed delta): still 0.05, not stricter (600 suites)', () => {
    const ps = pValues(600, (random) => coinDialogues(10, random, { baseline: 0.9, candidate: 0.9 }));
    expect(atOrBelow(ps, 0.05)).toBeGreaterThanOrEqual(binomialLowerBound(600, 0.05));
    expect(atOrBelow(ps, 0.05)).toBeLessThanOrEqual(binomialBound(600, 0.05));
  });

  it('a pass chance falling from 0.8 to 0.6 on 60 dialogues is caught at α = 0.05 in at least 90 % of suites', () => {
    const ps = pValues(200, (random) => coinDialogues(60, random, { baseline: 0.8, candidate: 0.6 }));
    expect(atOrBelow(ps, 0.05)).toBeGreaterThanOrEqual(180);
  });
});

describe('Holm adjustment', () => {
  it('multiplies the smallest p by the family size and keeps the order monotone', async () => {
    const { holmAdjust } = await import('../../src/scoring/pairedStatistics.js');
    expect(holmAdjust([0.01, 0.04, 0.03])).toEqual([0.03, 0.06, 0.06]);
    expect(holmAdjust([0.5])).toEqual([0.5]);
  });
});

describe('tests too thinly moved to gate', () => {
  it('needs d moved dialogues where even all d moving down has a chance 2^-d at or below the level', () => {
    // 2^-5 = 0.031 ≤ 0.05 < 2^-4; 2^-9 = 0.00195 ≤ 0.05 / 14 = 0.0036 < 2^-8.
    expect(movedNeeded(0.05)).toBe(5);
    expect(movedNeeded(0.05 / 14)).toBe(9);
    expect(movedNeeded(1)).toBe(0);
  });

  it("keeps the tests whose moved dialogues could clear Holm's first threshold α / m, and sets the others aside", () => {
    // The model suite's fourteen tests on a noisy stand-in: α / 14 needs 9 moved dialogues.
    expect(testableFamily([147, 124, 118, 46, 21, 0, 135, 151, 121, 78, 12, 1, 3, 8], 0.05)).toEqual([
      true,
      true,
      true,
      true,
      true,
      false,
      true,
      true,
      true,
      true,
      true,
      false,
      false,
      false,
    ]);
    // A test alone is tested at α itself, so 5 moved dialogues are enough for it.
    expect(testableFamily([5], 0.05)).toEqual([true]);
    expect(testableFamily([4], 0.05)).toEqual([false]);
    expect(testableFamily([], 0.05)).toEqual([]);
  });
});
