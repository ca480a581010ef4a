import { classifyLocal, isLocalIntent } from '../domain/localIntent.js';
import type { Problem } from './schemaProblems.js';
import type { Segment } from './yamlSource.js';

/** The answers a turn's llm block scripts; latencyMs alone answers nothing. */
const ANSWER_KEYS = ['parse', 'correct', 'conversation', 'raw', 'fault'] as const;
/** Asked for only by a correction or new input while a batch is open, never by a Layer-1 line. */
const CONFIRMING_ANSWERS = ['correct', 'conversation'] as const;

/**
 * An llm block on a user line that Layer 1 answers itself (seed 003 混合意图分流, the domain's own
 * classifier) is never asked for, so it is an error before any run, not a failure after one.
 * 「退出」 is local in every state. 确认, 取消, 第N笔确认… are local while a batch is open (the
 * previous turn expects CONFIRMING or a batch); with none open they are a new utterance for the
 * parse endpoint, so a correct or conversation answer on them is never asked for either.
 */
export function unusedAnswerProblems(dialogue: Record<string, unknown>, path: readonly Segment[]): Problem[] {
  const turns = dialogue['turns'];
  if (!Array.isArray(turns)) return [];
  const problems: Problem[] = [];
  turns.forEach((turn: unknown, j) => {
    if (!isRecord(turn) || typeof turn['user'] !== 'string' || !isRecord(turn['llm'])) return;
    const answers = ANSWER_KEYS.filter((key) => key in (turn['llm'] as Record<string, unknown>));
    if (answers.length === 0) return;
    const intent = classifyLocal(turn['user'].trim());
    if (!isLocalIntent(intent)) return;
    const at = [...path, 'turns', j, 'llm'];
    const line = `「${turn['user'].trim()}」`;
    if (intent.kind === 'exit') {
      problems.push({ path: at, message: `${line} ends the session on the device (Layer 1) in every state and never calls the model: remove the llm block`, target: 'key' });
    } else if (batchOpenBefore(turns[j - 1])) {
      problems.push({ path: at, message: `${line} is handled on the device (Layer 1, intent ${intent.kind}) while the batch is open, so the model is never called: remove the llm block`, target: 'key' });
    } else {
      for (const key of CONFIRMING_ANSWERS.filter((answer) => answers.includes(answer))) {
        const message = `${line} never asks for a ${key} answer: with a batch open Layer 1 handles it (intent ${intent.kind}); with none it goes to the parse endpoint`;
        problems.push({ path: [...at, key], message, target: 'key' });
      }
    }
  });
  return problems;
}

/** The turn before says a batch is open after it (state CONFIRMING, or a batch of items). */
function batchOpenBefore(previous: unknown): boolean {
  if (!isRecord(previous) || !isRecord(previous['expect'])) return false;
  const expect = previous['expect'];
  return expect['state'] === 'CONFIRMING' || (Array.isArray(expect['batch']) && expect['batch'].length > 0);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}
