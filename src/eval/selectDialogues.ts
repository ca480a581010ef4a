import type { Dialogue } from '../datasets/datasetTypes.js';
import type { SelectionTally } from './selectionDigest.js';

export interface Shard {
  readonly index: number;
  readonly count: number;
}

/** No dialogue is left to run after --filter, --exclude and --shard: bad input, nothing was run. */
export class EmptySelectionError extends Error {
  override readonly name = 'EmptySelectionError';
}

function matches(dialogue: Dialogue, selector: string): boolean {
  return dialogue.id === selector || dialogue.tags.includes(selector);
}

/**
 * Dialogues matching any filter (tag or id) and no exclusion, then the shard's slice: every n-th of
 * those from position i-1. `tally` is told every dialogue the filters select, and whether it is in the shard.
 */
export function* selectDialogues(
  dialogues: Iterable<Dialogue>,
  filters: readonly string[],
  shard: Shard | null,
  excludes: readonly string[] = [],
  tally?: SelectionTally,
): Generator<Dialogue> {
  let position = 0;
  for (const dialogue of dialogues) {
    if (filters.length > 0 && !filters.some((f) => matches(dialogue, f))) continue;
    if (excludes.some((x) => matches(dialogue, x))) continue;
    const inShard = !shard || position % shard.count === shard.index - 1;
    tally?.note(dialogue, inShard);
    if (inShard) yield dialogue;
    position++;
  }
}
