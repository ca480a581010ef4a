import { AtomicFileWriter } from '../util/atomicFile.js';
import { seededUuids } from '../sim/seededUuids.js';
import { SqliteStore } from '../sim/sqliteStore.js';
import type { GoalItem } from './goal.js';
import { OracleBackend, type ActionBoard } from './oracleBackend.js';
import type { FailedRun } from './runSimulation.js';
import { simulateUser, type TranscriptTurn } from './simulateUser.js';
import type { SpeechFeature } from './speech.js';

type Json = string | number | boolean | null | Json[] | { [key: string]: Json };

const expectedItem = ({ amount, type, category, description }: GoalItem): Json => ({ amount, type, category, description });

/**
 * A failed user as a regression dialogue: the user's own words on the path a perfect model
 * allows (replayed against the oracle), the oracle's answers as the script, and after each
 * turn what the goal says the card and the saved rows must be.
 */
export async function failedDialogue(failure: FailedRun, seed: number, speech: ReadonlySet<SpeechFeature>): Promise<Json> {
  const { user, run } = failure;
  const store = new SqliteStore(':memory:', seededUuids(seed), () => 0);
  let ideal;
  try {
    const board: ActionBoard = { current: null };
    ideal = await simulateUser(user, { backend: new OracleBackend(board), board, store, owner: 'ideal', speech });
  } finally {
    store.close();
  }
  const onCard: GoalItem[] = [];
  const turns = ideal.transcript.map((turn, at) => toTurn(turn, onCard, at === ideal.transcript.length - 1 ? user.goal.items : null));
  const goalSize = user.goal.items.length;
  return {
    id: `sim-s${seed}-u${user.id}`,
    title: `模拟用户 ${user.id}（seed ${seed}）：目标 ${goalSize} 笔，第 ${failure.repeat} 次运行以 ${run.outcome} 结束（${run.turns} 轮）`,
    tags: ['simulated', `outcome:${run.outcome}`, `goal-size:${goalSize}`, ...run.features.map((feature) => `speech:${feature}`)],
    turns,
  };
}

function toTurn(turn: TranscriptTurn, onCard: GoalItem[], savedAtEnd: readonly GoalItem[] | null): Json {
  const { action } = turn;
  if (action.kind === 'say') onCard.push(...action.items);
  if (action.kind === 'append') onCard.push(action.item);
  const llm: { [endpoint: string]: Json } = {};
  for (const call of turn.llm) if (call.responseText !== null) llm[call.endpoint] = JSON.parse(call.responseText) as Json;
  const expect: { [key: string]: Json } = savedAtEnd
    ? { state: 'LISTENING', batch: null, saved: savedAtEnd.map(expectedItem) }
    : action.kind === 'say' || action.kind === 'append'
      ? { state: 'CONFIRMING', batch: onCard.map(expectedItem) }
      : { state: 'CONFIRMING' };
  return { user: turn.user, ...(Object.keys(llm).length > 0 ? { llm } : {}), expect };
}

/** Writes the dialogues as a dataset file (one JSON-flow dialogue a line), atomically. */
export async function writeFailedDialogues(file: string, failures: readonly FailedRun[], seed: number, speech: ReadonlySet<SpeechFeature>): Promise<number> {
  const writer = new AtomicFileWriter(file);
  try {
    writer.write(`# Written by \`nlu-harness simulate --seed ${seed} --save-dialogues\`: simulated users who did not reach their goal.\n`);
    writer.write('# Turns: the user\'s words on the shortest path; llm: a perfect model\'s answers; expect: from the user\'s goal.\n');
    for (const failure of failures) writer.write(`- ${JSON.stringify(await failedDialogue(failure, seed, speech))}\n`);
    writer.commit();
  } catch (error) {
    writer.abort();
    throw error;
  }
  return failures.length;
}
