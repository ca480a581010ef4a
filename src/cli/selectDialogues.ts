import type { Dialogue } from '../datasets/datasetTypes.js';
import { UsageError } from './exitCodes.js';

export interface Shard {
  readonly index: number;
  readonly count: number;
}

/** `2/4` → the second of four slices. */
export function parseShard(text: string): Shard {
  const match = /^(\d+)\/(\d+)$/.exec(text.trim());
  const index = Number(match?.[1]);
  const count = Number(match?.[2]);
  if (!match || count < 1 || index < 1 || index > count) {
    throw new UsageError(`--shard takes i/n with 1 <= i <= n, e.g. 1/4 (got "${text}")`);
  }
  return { index, count };
}

function matches(dialogue: Dialogue, selector: string): boolean {
  return dialogue.id === selector || dialogue.tags.includes(selector);
}

/**
 * Dialogues matching any filter (tag or id) and no exclusion, then the shard's slice: every n-th of
 * those from position i-1.
 */
export function* selectDialogues(
  dialogues: Iterable<Dialogue>,
  filters: readonly string[],
  shard: Shard | null,
  excludes: readonly string[] = [],
): Generator<Dialogue> {
  let position = 0;
  for (const dialogue of dialogues) {
    if (filters.length > 0 && !filters.some((f) => matches(dialogue, f))) continue;
    if (excludes.some((x) => matches(dialogue, x))) continue;
    if (!shard || position % shard.count === shard.index - 1) yield dialogue;
    position++;
  }
}
