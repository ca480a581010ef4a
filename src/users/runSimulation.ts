import type { ChatBackend } from '../llm/backend.js';
import { seededUuids } from '../sim/seededUuids.js';
import { SqliteStore } from '../sim/sqliteStore.js';
import type { ActionBoard } from './oracleBackend.js';
import { sampleUsers } from './population.js';
import type { RunResult } from './scores.js';
import { simulateUser, type SimulatedUser, type UserRun } from './simulateUser.js';
import type { SpeechFeature } from './speech.js';

export interface SimulationOptions {
  readonly seed: number;
  readonly users: number;
  readonly repeat: number;
  readonly speech: ReadonlySet<SpeechFeature>;
  /** The model one run of one user talks to; `board` tells an oracle what the user means. */
  readonly backendFor: (board: ActionBoard, user: SimulatedUser, repeat: number) => ChatBackend;
  readonly onRun?: (result: RunResult) => void;
}

export interface FailedRun {
  readonly user: SimulatedUser;
  readonly repeat: number;
  readonly run: UserRun;
}

export interface SimulationResult {
  readonly runs: RunResult[];
  /** The first failed run of each user that failed, with its transcript. */
  readonly failed: FailedRun[];
}

/** Every user, `repeat` times, one after the other on the virtual clock; users never share rows. */
export async function runSimulation(options: SimulationOptions): Promise<SimulationResult> {
  const store = new SqliteStore(':memory:', seededUuids(options.seed), () => 0);
  const runs: RunResult[] = [];
  const failed: FailedRun[] = [];
  try {
    for (const user of sampleUsers(options.seed, options.users)) {
      let failedOnce = false;
      for (let repeat = 1; repeat <= options.repeat; repeat++) {
        const board: ActionBoard = { current: null };
        const backend = options.backendFor(board, user, repeat);
        const owner = `user-${user.id}#${repeat}`;
        const run = await simulateUser(user, { backend, board, store, owner, speech: options.speech });
        const result: RunResult = {
          userId: user.id,
          repeat,
          goalSize: user.goal.items.length,
          outcome: run.outcome,
          turns: run.turns,
          minTurns: run.minTurns,
          llmCalls: run.llmCalls,
          features: run.features,
        };
        runs.push(result);
        options.onRun?.(result);
        if (run.outcome !== 'success' && !failedOnce) {
          failedOnce = true;
          failed.push({ user, repeat, run });
        }
      }
    }
  } finally {
    store.close();
  }
  return { runs, failed };
}
