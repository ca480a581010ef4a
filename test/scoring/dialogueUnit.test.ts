import { describe, expect, it } from 'vitest';
import { randomizationPValues } from '../../src/scoring/pairedStatistics.js';
import { fallPValue } from '../../src/scoring/proportionsTest.js';
import { mulberry32 } from '../../src/util/random.js';

// Issue 45, item 2: the single-run gate counted a metric's judged turns as independent draws
// (Newcombe's interval of two shares). Where a dialogue's turns fail together (the end-to-end
// cascade of a multi-turn suite), a same-model pair false-alarms far more often than α. The gate now
// tests each dialogue's contribution to the pooled metric with a randomization test that swaps whole
// dialogues between the sides (the paired gate's, scoring/pairedStatistics.ts).
const ALPHA = 0.05;
const PAIRS = 400;
const DIALOGUES = 100;
const TURNS = 6;

/** One side's right turns per dialogue: each dialogue gets all its turns right or all wrong, at its own chance. */
function side(chances: readonly number[], random: () => number): number[] {
  return chances.map((chance) => (random() < chance ? TURNS : 0));
}

/** The largest count of alarms that α allows in n trials at the 99.9 % binomial bound (normal approximation). */
function allowed(n: number): number {
  return n * ALPHA + 3.1 * Math.sqrt(n * ALPHA * (1 - ALPHA));
}

describe('same-model pairs of 100 dialogues whose 6 turns fail together, α = 0.05 (400 seeded pairs)', () => {
  const random = mulberry32(45);
  let oldAlarms = 0;
  let newAlarms = 0;
  for (let pair = 0; pair < PAIRS; pair++) {
    const chances = Array.from({ length: DIALOGUES }, () => 0.3 + 0.65 * random());
    const [before, after] = [side(chances, random), side(chances, random)];
    const judged = DIALOGUES * TURNS;
    const sum = (values: readonly number[]) => values.reduce((a, b) => a + b, 0);
    // The old test: the pooled shares, every turn an independent draw.
    if (fallPValue({ succeeded: sum(before), runs: judged }, { succeeded: sum(after), runs: judged }) < ALPHA) oldAlarms++;
    // The new: the pooled metric's change, each dialogue's contribution swapped between the sides at random.
    const delta = (swapped: readonly boolean[]) => ({ m: sum(after.map((a, i) => (swapped[i] ? before[i]! - a : a - before[i]!))) / judged });
    const p = randomizationPValues(DIALOGUES, ['m'], delta(after.map(() => false)), delta, { resamples: 199, random }).m;
    if (p < ALPHA) newAlarms++;
  }

  // Measured 2026-12-06 with this seed: the turn-counting test alarmed in 90 of 400 pairs (22.5 %), the dialogue-level test in 17 (4.3 %).
  it('the turn-counting test false-alarms far above α (over 10 %; the issue measured 17.7 %), the dialogue-level test at most about α (the 99.9 % binomial bound of 5 %)', () => {
    expect(oldAlarms / PAIRS).toBeGreaterThan(0.1);
    expect(newAlarms).toBeLessThanOrEqual(allowed(PAIRS));
  });
});
