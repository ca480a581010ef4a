import type { ChatBackend } from '../llm/backend.js';
import { orderedPool } from '../sim/orderedPool.js';
import { seededUuids } from '../sim/seededUuids.js';
import { SqliteStore } from '../sim/sqliteStore.js';
import type { ActionBoard } from './oracleBackend.js';
import { sampleUsers } from './population.js';
import type { RunResult } from './scores.js';
import { simulateUser, type SimulatedUser, type UserRun } from './simulateUser.js';
import type { SpeechFeature } from './speech.js';
import type { ModelVoice } from './userModel.js';

export interface SimulationOptions {
  readonly seed: number;
  readonly users: number;
  readonly repeat: number;
  readonly speech: ReadonlySet<SpeechFeature>;
  /** The day the users live in (YYYY-MM-DD): the days they name count back from it. */
  readonly today: string;
  /** The model one run of one user talks to; `board` tells an oracle what the user means. */
  readonly backendFor: (board: ActionBoard, user: SimulatedUser, repeat: number) => ChatBackend | Promise<ChatBackend>;
  /** User runs in flight at once (real backends); results are still collected in user order. */
  /** Users in flight at once; a function is asked before each start (sim/adaptiveWidth.ts). */
  readonly concurrency?: number | (() => number);
  readonly onRun?: (result: RunResult) => void;
  /** A language model writes each run's lines (simulate --user-llm); absent: the rule-based templates. */
  readonly voiceFor?: (user: SimulatedUser, repeat: number) => ModelVoice;
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
  /** Runs a user model could not say (simulator slips): never among `failed`, never the app's. */
  readonly slipped: FailedRun[];
  /** Every run of a model user, with its transcript (examples, --save-dialogues). */
  readonly voiced: FailedRun[];
}

function* userRuns(seed: number, users: number, repeat: number, today: string): Generator<{ user: SimulatedUser; repeat: number }> {
  for (const user of sampleUsers(seed, users, today)) {
    for (let r = 1; r <= repeat; r++) yield { user, repeat: r };
  }
}

/**
 * Every user, `repeat` times, each run on its own virtual clock; users never share rows. With
 * `concurrency` > 1 the runs overlap (the existing ordered pool), and the result is the same as
 * one after the other: each run's randomness is its own, and results arrive in user order.
 */
export async function runSimulation(options: SimulationOptions): Promise<SimulationResult> {
  const store = new SqliteStore(':memory:', seededUuids(options.seed), () => 0);
  const runs: RunResult[] = [];
  const failed: FailedRun[] = [];
  const failedUsers = new Set<number>();
  const slipped: FailedRun[] = [];
  const voiced: FailedRun[] = [];
  const playOne = async ({ user, repeat }: { user: SimulatedUser; repeat: number }) => {
    const board: ActionBoard = { current: null };
    const backend = await options.backendFor(board, user, repeat);
    const owner = `user-${user.id}#${repeat}`;
    const voice = options.voiceFor?.(user, repeat);
    return { user, repeat, run: await simulateUser(user, { backend, board, store, owner, speech: options.speech, ...(voice ? { voice } : {}) }) };
  };
  try {
    const played = orderedPool(userRuns(options.seed, options.users, options.repeat, options.today), playOne, { width: options.concurrency ?? 1 });
    for await (const { user, repeat, run } of played) {
      const result: RunResult = {
        userId: user.id,
        repeat,
        goalSize: user.goal.items.length,
        outcome: run.outcome,
        turns: run.turns,
        minTurns: run.minTurns,
        llmCalls: run.llmCalls,
        features: run.features,
        ...(run.voice ? { persona: user.persona, userModel: run.voice } : {}),
      };
      runs.push(result);
      options.onRun?.(result);
      if (run.outcome === 'slip') slipped.push({ user, repeat, run });
      if (run.voice) voiced.push({ user, repeat, run });
      if (run.outcome !== 'success' && run.outcome !== 'slip' && !failedUsers.has(user.id)) {
        failedUsers.add(user.id);
        failed.push({ user, repeat, run });
      }
    }
  } finally {
    store.close();
  }
  return { runs, failed, slipped, voiced };
}
