// The harness as promptfoo's modules see it: datasets, and a turn replayed through the
// whole orchestrator with a given model answer. Everything comes from dist/ (npm run build).
import { randomUUID } from 'node:crypto';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadDatasets } from '../dist/datasets/loadDatasets.js';
import { ScriptedBackend } from '../dist/llm/scriptedBackend.js';
import { runDialogue } from '../dist/sim/runDialogue.js';
import { SqliteStore } from '../dist/sim/sqliteStore.js';

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
// Top-level files only: datasets/model/ has no scripted answers to replay.
export const DEFAULT_DATASETS = ['datasets/*'];

const loaded = new Map();

/** Dialogues by id; dataset paths are relative to the repository root. */
export function dialoguesOf(patterns = DEFAULT_DATASETS) {
  const key = patterns.join('\n');
  if (!loaded.has(key)) {
    const { dialogues } = loadDatasets(patterns.map((p) => resolve(ROOT, p)));
    loaded.set(key, new Map(dialogues.map((d) => [d.id, d])));
  }
  return loaded.get(key);
}

/**
 * Runs the dialogue up to and including turn `turnIndex` with the scripted backend; when
 * `answer` is given, it replaces the dataset's scripted answer of that turn's LLM call.
 * Returns that turn's trace.
 */
export async function replayTurn(dialogue, turnIndex, answer) {
  const turns = dialogue.turns.slice(0, turnIndex + 1);
  if (answer !== undefined) {
    const turn = turns[turnIndex];
    turns[turnIndex] = { ...turn, llm: { [answer.endpoint]: { raw: answer.text } } };
  }
  const store = new SqliteStore(':memory:', randomUUID, () => 0);
  try {
    const trace = await runDialogue({ ...dialogue, turns }, { backend: new ScriptedBackend(), store, mode: 'e2e', owner: dialogue.id });
    return trace.turns[turnIndex];
  } finally {
    store.close();
  }
}

/** The whole dialogue as the dataset scripts it. */
export async function runScripted(dialogue) {
  const store = new SqliteStore(':memory:', randomUUID, () => 0);
  try {
    return await runDialogue(dialogue, { backend: new ScriptedBackend(), store, mode: 'e2e', owner: dialogue.id });
  } finally {
    store.close();
  }
}
