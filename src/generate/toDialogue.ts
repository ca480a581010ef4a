import type { Dialogue, ScriptedAnswer, Turn, TurnScript } from '../datasets/datasetTypes.js';
import type { GenTurn } from './model.js';
import type { GenDialogue } from './scenario.js';

/**
 * A generated dialogue as the loader would return it, without the YAML round trip: lets a
 * benchmark feed runSuite lazily and see the simulation's own speed and memory.
 */
export function toDialogue(generated: GenDialogue, file = '<generated>'): Dialogue {
  return {
    id: generated.id,
    title: generated.title,
    tags: generated.tags,
    network: 'online',
    turns: generated.turns.map(toTurn),
    file,
    line: 0,
  };
}

function toTurn(turn: GenTurn): Turn {
  return {
    line: 0,
    ...(turn.user !== undefined ? { user: turn.user } : {}),
    ...(turn.tap !== undefined ? { tap: turn.tap } : {}),
    ...(turn.advanceMs !== undefined ? { advanceMs: turn.advanceMs } : {}),
    ...(turn.network ? { network: turn.network } : {}),
    ...(turn.llm ? { llm: toScript(turn.llm) } : {}),
    ...(turn.store ? { store: turn.store } : {}),
    expect: turn.expect,
  };
}

function toScript(llm: NonNullable<GenTurn['llm']>): TurnScript {
  const script: { -readonly [K in keyof TurnScript]: ScriptedAnswer } = {};
  if (llm['parse'] !== undefined) script.parse = { json: llm['parse'] };
  if (llm['correct'] !== undefined) script.correct = { json: llm['correct'] };
  if (typeof llm['raw'] === 'string') script.any = { raw: llm['raw'] };
  if (llm['fault'] === 'timeout' || llm['fault'] === 'error') script.any = { fault: llm['fault'] };
  return script;
}
