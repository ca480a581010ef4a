import { dialogueDateProblems, todayProblems } from './datasetDates.js';
import { TURN_ACTIONS as ACTIONS } from './datasetSchema.js';
import type { Problem } from './schemaProblems.js';
import { scriptedIndexProblems } from './scriptedIndexProblems.js';
import { textProblems } from './textProblems.js';
import { unusedAnswerProblems } from './unusedAnswerProblems.js';
import type { Segment } from './yamlSource.js';

const ANSWERS = ['parse', 'correct', 'conversation'] as const;
const EXCLUSIVE_ANSWERS = ['raw', 'fault'] as const;

/** A file's dialogues, where they are in it, and the file's `today` if it names one. */
export interface DatasetBody {
  readonly dialogues: readonly unknown[];
  /** The path of the list: [] for a file that is a list, ['dialogues'] for a `{today, dialogues}` mapping. */
  readonly at: readonly Segment[];
  readonly today?: unknown;
}

/** The list of dialogues of a file in either form; null when it is neither (the schema says why). */
export function datasetBody(data: unknown): DatasetBody | null {
  if (Array.isArray(data)) return { dialogues: data, at: [] };
  if (isRecord(data) && Array.isArray(data['dialogues'])) return { dialogues: data['dialogues'], at: ['dialogues'], today: data['today'] };
  return null;
}

/**
 * Unique ids, scripted indices within their batch and calendar days (with the hint for a relative
 * word), which the schema cannot say; and in validate's own words the rules the schema states too
 * (one action per turn, raw/fault alone, disposeAfterMs with user or tap).
 */
export function semanticProblems(data: unknown, lineOf: (at: readonly Segment[]) => number, mayHoldLoneSurrogate = true): Problem[] {
  const body = datasetBody(data);
  if (!body) return [];
  const problems: Problem[] = todayProblems(body.today, ['today']);
  const firstIndexById = new Map<string, number>();
  body.dialogues.forEach((dialogue: unknown, n) => {
    if (!isRecord(dialogue)) return;
    const at = [...body.at, n];
    if (typeof dialogue['id'] === 'string') {
      const first = firstIndexById.get(dialogue['id']);
      if (first === undefined) firstIndexById.set(dialogue['id'], n);
      else {
        const line = lineOf([...body.at, first, 'id']);
        problems.push({ path: [...at, 'id'], message: `duplicate id "${dialogue['id']}" (first used at line ${line})` });
      }
    }
    const turns = dialogue['turns'];
    if (Array.isArray(turns)) turns.forEach((turn: unknown, j) => problems.push(...turnProblems(turn, [...at, 'turns', j])));
    problems.push(...scriptedIndexProblems(dialogue, at));
    problems.push(...dialogueDateProblems(dialogue, at, body.today));
    problems.push(...unusedAnswerProblems(dialogue, at), ...textProblems(dialogue, at, mayHoldLoneSurrogate));
  });
  return problems;
}

function turnProblems(turn: unknown, path: readonly Segment[]): Problem[] {
  if (!isRecord(turn)) return [];
  const problems: Problem[] = [];
  const actions = ACTIONS.filter((key) => key in turn);
  if (actions.length === 0) {
    problems.push({ path, message: 'a turn needs exactly one of user, tap, advanceMs or dispose (found none)' });
  } else if (actions.length > 1) {
    const found = actions.join(' and ');
    const at = [...path, actions[1] ?? ''];
    problems.push({ path, message: `a turn needs exactly one of user, tap, advanceMs or dispose (found ${found})`, at, target: 'key' });
  }
  if ('disposeAfterMs' in turn && !('user' in turn || 'tap' in turn)) {
    problems.push({ path: [...path, 'disposeAfterMs'], message: 'only goes with a user or tap turn (a dispose of its own is `dispose: true`)', target: 'key' });
  }

  const llm = turn['llm'];
  if (!isRecord(llm)) return problems;
  const llmPath = [...path, 'llm'];
  const exclusive = EXCLUSIVE_ANSWERS.filter((key) => key in llm);
  const answers = ANSWERS.filter((key) => key in llm);
  if (exclusive.length === 0 && answers.length === 0) {
    problems.push({ path: llmPath, message: 'has no answer (parse, correct, conversation, raw or fault)' });
  }
  if (exclusive.length > 1) {
    problems.push({ path: [...llmPath, 'fault'], message: 'cannot be combined with raw', target: 'key' });
  }
  if (exclusive[0] !== undefined) {
    for (const key of answers) {
      const message = `cannot be combined with ${exclusive[0]} (raw/fault answer whichever call the turn makes; only latencyMs may go with them)`;
      problems.push({ path: [...llmPath, key], message, target: 'key' });
    }
  }
  return problems;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}
