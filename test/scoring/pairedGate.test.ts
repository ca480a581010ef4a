import { describe, expect, it } from 'vitest';
import { mulberry32 } from '../../src/util/random.js';
import { comparePaired, type RepeatedRun } from '../../src/scoring/pairedGate.js';
import { binomialBound } from '../support/binomialBound.js';

// The whole family (the sign test on pass rates, a randomization test per metric, Holm over all of
// them) on many synthetic suites of a noisy model. Each dialogue has its own pass chance (most
// always pass or always fail, the rest are flaky); a failed run also fails its spoken lines or its
// save more often than a passed one, so the metrics move together, as they do on a real model; and
// bad answers are rare, so the confidence-fallback metric judges few dialogues.

const KINDS = { lowConfidence: 0, malformed: 0, invalid: 0, timeout: 0, error: 0 };

interface Model {
  /** Each dialogue's chance to pass a run. */
  readonly passChance: readonly number[];
  /** Each dialogue's chance to handle a bad answer as the seeds say. */
  readonly handleChance: readonly number[];
}

function suiteModel(dialogues: number, random: () => number): Model {
  const passChance = Array.from({ length: dialogues }, () => [0, 1, 1, 0.3, 0.6, 0.9][Math.floor(random() * 6)]!);
  const handleChance = Array.from({ length: dialogues }, () => [0.05, 0.5, 0.95][Math.floor(random() * 3)]!);
  return { passChance, handleChance };
}

/** Three runs of every dialogue: pass counts and the tallies the scorers would have summed. */
function repeatedRun(model: Model, random: () => number, passShift = 0): RepeatedRun {
  const run: Record<string, RepeatedRun[string]> = {};
  model.passChance.forEach((chance, i) => {
    let runsPassed = 0;
    let ttsPassed = 0;
    let saved = 0;
    let badAnswers = 0;
    let handled = 0;
    for (let r = 0; r < 3; r++) {
      const passed = random() < Math.max(0, chance - passShift);
      if (passed) runsPassed++;
      if (passed || random() < 0.5) ttsPassed++;
      if (passed || random() < 0.3) saved++;
      if (random() < 0.15) {
        badAnswers++;
        if (random() < model.handleChance[i]!) handled++;
      }
    }
    const tallies = {
      dialogueSuccess: { judged: 3, passed: runsPassed },
      tts: { judged: 3, passed: ttsPassed },
      persistence: { judged: 3, passed: saved, rowsSaved: saved, failedSaves: 0, rolledBackAndKept: 0 },
      confidenceFallback: { judged: { ...KINDS, lowConfidence: badAnswers }, handled: { ...KINDS, lowConfidence: handled } },
    };
    run[`d${i}`] = { runsPassed, runs: 3, tallies: tallies as unknown as RepeatedRun[string]['tallies'] };
  });
  return run;
}

function alarms(suites: number, passShift: number): { alarms: number; family: number } {
  const random = mulberry32(2026);
  let count = 0;
  let family = 0;
  for (let suite = 0; suite < suites; suite++) {
    const model = suiteModel(60, random);
    const result = comparePaired(repeatedRun(model, random), repeatedRun(model, random, passShift), {
      alpha: 0.05,
      resamples: 199,
      random: mulberry32(suite + 1),
      deadlineMs: 3000,
    });
    family = result.tests.length;
    if (result.tests.some((t) => t.significant)) count++;
  }
  return { alarms: count, family };
}

describe('the paired gate over many synthetic suites of a noisy model', () => {
  it('both sides the same model: the family alarms in at most α of 200 suites, within the binomial bound', () => {
    const { alarms: falseAlarms, family } = alarms(200, 0);
    // The sign test and three metrics: a family in which Holm has something to adjust.
    expect(family).toBe(4);
    expect(falseAlarms).toBeLessThanOrEqual(binomialBound(200, 0.05));
  }, 120_000);

  it('the same suites with every dialogue that can pass 0.25 less likely to: caught in at least 90 % of 50 suites', () => {
    expect(alarms(50, 0.25).alarms).toBeGreaterThanOrEqual(45);
  }, 120_000);
});

describe('a metric judged on a handful of dialogues (issue 38: fourteen metrics without more false alarms)', () => {
  /** Sixty dialogues that pass on both sides; three of them also judge a bad answer, handled on one side at random. */
  function thinSuite(random: () => number): [RepeatedRun, RepeatedRun] {
    const side = (): RepeatedRun => {
      const run: Record<string, RepeatedRun[string]> = {};
      for (let i = 0; i < 60; i++) {
        const bad = i < 3 ? 1 : 0;
        const handled = bad && random() < 0.5 ? 1 : 0;
        const tallies = {
          dialogueSuccess: { judged: 3, passed: 3 },
          confidenceFallback: { judged: { ...KINDS, lowConfidence: bad }, handled: { ...KINDS, lowConfidence: handled } },
        };
        run[`d${i}`] = { runsPassed: 3, runs: 3, tallies: tallies as unknown as RepeatedRun[string]['tallies'] };
      }
      return run;
    };
    return [side(), side()];
  }

  it('is set aside and named with its moved and judged dialogues, and never gates, however its coin falls', () => {
    const random = mulberry32(38);
    let seenMoved = 0;
    for (let suite = 0; suite < 100; suite++) {
      const [baseline, current] = thinSuite(random);
      const result = comparePaired(baseline, current, { alpha: 0.05, resamples: 199, random: mulberry32(suite + 1), deadlineMs: 3000 });
      expect(result.tests.map((t) => t.name)).not.toContain('confidenceFallback');
      const thin = result.setAside!.find((t) => t.name === 'confidenceFallback')!;
      expect(thin.judged).toBe(3);
      expect(thin.moved).toBeLessThanOrEqual(3);
      // A family of two (the sign test and this metric): Holm's first threshold α / 2 needs 6 moved dialogues.
      expect(thin.needed).toBe(6);
      if (thin.moved > 0) seenMoved++;
      expect(result.tests.some((t) => t.significant)).toBe(false);
    }
    // The coin did move it in most suites: it was set aside for being thin, not for being still.
    expect(seenMoved).toBeGreaterThan(75);
  });
});
