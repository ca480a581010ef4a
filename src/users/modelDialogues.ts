/**
 * `simulate --user-llm … --save-dialogues FILE` (issue 46): model-written dialogues frozen into a
 * dataset. Each user who reached its goal becomes a dialogue in its own (noisy) words, with the
 * NLU's answers as its script and what the app showed as its expectations; the last turn expects
 * the goal's rows saved. It replays under the scripted backend: natural phrasing at scripted speed.
 */
import type { DraftBatch } from '../domain/draftBatch.js';
import { readableDialoguesYaml, schemaLine } from '../generate/yamlWriter.js';
import { AtomicFileWriter } from '../util/atomicFile.js';
import { goalDay } from './goal.js';
import type { FailedRun } from './runSimulation.js';
import type { TranscriptTurn } from './simulateUser.js';

type Json = string | number | boolean | null | Json[] | { [key: string]: Json };

function cardItems(batch: DraftBatch | null): Json {
  if (!batch) return null;
  return batch.items.map(({ result, status }) => ({
    amount: result.amount,
    type: result.type,
    category: result.category,
    description: result.description,
    date: result.date,
    status,
  }));
}

/** A turn's one model answer as the dataset scripts it; null when the turn asked none, undefined when it cannot be scripted. */
function script(turn: TranscriptTurn): { [key: string]: Json } | null | undefined {
  if (turn.llm.length === 0) return null;
  const [call] = turn.llm;
  if (turn.llm.length > 1 || !call || call.outcome !== 'ok' || call.responseText === null) return undefined;
  try {
    return { [call.endpoint]: JSON.parse(call.responseText) as Json };
  } catch {
    return { [call.endpoint]: { raw: call.responseText } };
  }
}

function toDialogue({ user, run }: FailedRun, seed: number): { [key: string]: Json } | null {
  const today = user.goal.today;
  const turns: Json[] = [];
  for (const [i, turn] of run.transcript.entries()) {
    const llm = script(turn);
    if (llm === undefined) return null;
    const last = i === run.transcript.length - 1;
    const expect: { [key: string]: Json } = { state: turn.phaseAfter, batch: cardItems(turn.batchAfter), tts: [...turn.spoken] };
    // The goal, as the rows the last turn must save (a day not named is today).
    if (last) expect['saved'] = user.goal.items.map((item) => ({ amount: item.amount, type: item.type, category: item.category, date: goalDay(item, today) }));
    else if (turn.saved.length > 0) expect['saved'] = turn.saved.map(({ amount, type, category, date }) => ({ amount, type, category, date }));
    turns.push({ user: turn.user, ...(llm ? { llm } : {}), expect });
  }
  const persona = user.persona;
  return {
    id: `model-user-s${seed}-u${user.id}`,
    title: `模型扮演的用户 ${user.id}（${persona.age}，${persona.style === 'terse' ? '话少' : '话多'}）：${user.goal.items.map((item) => `${item.description}${item.amount}`).join('、')}`,
    tags: ['model-written', `goal-size:${user.goal.items.length}`],
    today,
    turns,
  };
}

/** Writes the model users who reached their goal (one run each); returns how many were written of how many succeeded. */
export function writeModelDialogues(file: string, voiced: readonly FailedRun[], seed: number): { written: number; succeeded: number } {
  const succeeded = voiced.filter(({ run, repeat }) => run.outcome === 'success' && repeat === 1);
  const dialogues: object[] = [];
  for (const entry of succeeded) {
    const dialogue = toDialogue(entry, seed);
    if (dialogue) dialogues.push(dialogue);
  }
  const writer = new AtomicFileWriter(file);
  try {
    writer.write(
      [
        schemaLine(file).trimEnd(),
        `# Written by \`nlu-harness simulate --seed ${seed} --user-llm … --save-dialogues\`: ${dialogues.length} users whose lines a language model wrote`,
        "# (through the recogniser's noise) and who reached their goal. The llm: blocks are the NLU's answers in that run;",
        '# the expectations are what the app showed, and the last turn saves the goal. They replay under the scripted backend.',
        '',
      ].join('\n'),
    );
    writer.write(readableDialoguesYaml(dialogues));
    writer.commit();
  } catch (error) {
    writer.abort();
    throw error;
  }
  return { written: dialogues.length, succeeded: succeeded.length };
}
