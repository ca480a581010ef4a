import { describe, expect, it } from 'vitest';
import { PerturbingBackend, type PerturbRates } from '../../src/llm/perturbBackend.js';
import { OracleBackend } from '../../src/users/oracleBackend.js';
import { userSeed } from '../../src/users/population.js';
import { runSimulation } from '../../src/users/runSimulation.js';
import { scoreSimulation } from '../../src/users/scores.js';
import { SPEECH_FEATURES } from '../../src/users/speech.js';

const ALL_SPEECH = new Set(SPEECH_FEATURES);
const TODAY = '2026-03-01';

function everyKind(rate: number): PerturbRates {
  return { drop: rate, offByOne: rate, amount: rate, intent: rate, lowConfidence: rate };
}

async function oracleSuccess(seed: number, users: number, rate: number): Promise<number> {
  const { runs } = await runSimulation({
    seed,
    users,
    repeat: 1,
    speech: ALL_SPEECH,
    today: TODAY,
    backendFor: (board, user, repeat) => new PerturbingBackend(new OracleBackend(board), everyKind(rate), userSeed(user.id, repeat)),
  });
  return scoreSimulation(runs, 1).overall.successRate;
}

describe('simulated users against a perfect model (issue 15 item 4)', () => {
  it.each([
    ['with ASR-like speech', ALL_SPEECH],
    ['with clean speech', new Set<never>()],
  ])('every user reaches the goal in the fewest turns, %s', async (_name, speech) => {
    const { runs, failed } = await runSimulation({ seed: 11, users: 150, repeat: 1, speech, today: TODAY, backendFor: (board) => new OracleBackend(board) });
    expect(runs).toHaveLength(150);
    expect(failed).toEqual([]);
    for (const run of runs) {
      expect(run.outcome).toBe('success');
      expect(run.turns).toBe(run.minTurns);
    }
    // Goal sizes 1..10 all occur, so "every user" covers every batch size.
    expect(new Set(runs.map((run) => run.goalSize)).size).toBe(10);
    expect(scoreSimulation(runs, 1).overall.firstTryRate).toBe(1);
  });

  it('success falls monotonically as --perturb rates rise, for every seed', async () => {
    const rates = [0, 0.05, 0.15, 0.3, 0.5];
    for (const seed of [1, 2, 3]) {
      const success: number[] = [];
      for (const rate of rates) success.push(await oracleSuccess(seed, 60, rate));
      expect(success[0]).toBe(1);
      for (let i = 1; i < success.length; i++) expect(success[i]).toBeLessThanOrEqual(success[i - 1]!);
      expect(success[success.length - 1]).toBeLessThan(0.5);
    }
  });

  it('repeats of a noisy model give pass^k at most pass@1, and the same seed the same runs', async () => {
    const simulate = () =>
      runSimulation({
        seed: 4,
        users: 40,
        repeat: 3,
        speech: ALL_SPEECH,
        today: TODAY,
        backendFor: (board, user, repeat) => new PerturbingBackend(new OracleBackend(board), everyKind(0.1), userSeed(user.id, repeat)),
      });
    const first = await simulate();
    expect((await simulate()).runs).toEqual(first.runs);
    const { overall } = scoreSimulation(first.runs, 3);
    expect(first.runs).toHaveLength(120);
    expect(overall.users).toBe(40);
    expect(overall.passAllRepeats).toBeLessThan(overall.successRate);
    // Runs of one user differ: the noise is drawn per run.
    const outcomesOf = (id: number) => first.runs.filter((run) => run.userId === id).map((run) => run.outcome);
    expect([...Array(40).keys()].some((i) => new Set(outcomesOf(i + 1)).size > 1)).toBe(true);
  });
});
