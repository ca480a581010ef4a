import { loneSurrogateAt } from '../util/wellFormed.js';
import type { Problem } from './schemaProblems.js';
import type { Segment } from './yamlSource.js';

/**
 * The longest utterance a turn may hold. A spoken line is a few dozen characters; the harness's
 * other text bounds are of this order (a SUT's string 4 096, a prompt to serve-llm 16 384), and a
 * 5 MB utterance made a 21 MB report.
 */
export const MAX_UTTERANCE_CHARS = 4096;

/**
 * Text no app can be given: an unpaired surrogate (a YAML escape such as "\uD800"; no UTF-8 file
 * holds one, and a report's links could not encode it) in any key or value, and an utterance
 * past MAX_UTTERANCE_CHARS.
 */
export function textProblems(dialogue: Record<string, unknown>, path: readonly Segment[], mayHoldLoneSurrogate = true): Problem[] {
  const problems: Problem[] = [];
  // The caller may know its text had no escape that could write one (strict UTF-8 holds none).
  if (mayHoldLoneSurrogate) findLoneSurrogates(dialogue, path, problems);
  const turns = dialogue['turns'];
  if (Array.isArray(turns)) {
    turns.forEach((turn: unknown, j) => {
      const user = turn !== null && typeof turn === 'object' ? (turn as Record<string, unknown>)['user'] : undefined;
      if (typeof user === 'string' && user.length > MAX_UTTERANCE_CHARS) {
        const message = `an utterance of ${user.length} characters, over the ${MAX_UTTERANCE_CHARS} a turn may hold (a spoken line is a few dozen)`;
        problems.push({ path: [...path, 'turns', j, 'user'], message });
      }
    });
  }
  return problems;
}

function findLoneSurrogates(value: unknown, at: readonly Segment[], problems: Problem[]): void {
  if (typeof value === 'string') {
    const index = loneSurrogateAt(value);
    if (index >= 0) problems.push({ path: at, message: loneSurrogateMessage(value, index) });
    return;
  }
  if (value === null || typeof value !== 'object') return;
  if (Array.isArray(value)) {
    value.forEach((item: unknown, i) => findLoneSurrogates(item, [...at, i], problems));
    return;
  }
  for (const [key, item] of Object.entries(value)) {
    const index = loneSurrogateAt(key);
    if (index >= 0) problems.push({ path: [...at, key], message: loneSurrogateMessage(key, index), target: 'key' });
    findLoneSurrogates(item, [...at, key], problems);
  }
}

function loneSurrogateMessage(text: string, index: number): string {
  const code = text.charCodeAt(index).toString(16).toUpperCase();
  return `holds an unpaired surrogate (\\u${code} at character ${index + 1}): half of a character, which no UTF-8 text can carry; write the whole character or leave it out`;
}
