import { TURN_ACTIONS } from './datasetSchema.js';
import type { Problem } from './schemaProblems.js';

/**
 * A file whose top-level items are turns (`- user: …`), the dialogue around them forgotten: every
 * such item would get "id: is required", "turns: is required" and an unknown field per key. One
 * problem says what happened and how to wrap them instead.
 */
export function withTurnsAtTopHint(data: unknown, problems: readonly Problem[]): readonly Problem[] {
  if (!Array.isArray(data)) return problems;
  const turnLike = data.flatMap((item: unknown, i) => (looksLikeTurn(item) ? [i] : []));
  if (turnLike.length === 0) return problems;
  const count = turnLike.length === 1 ? 'this item is a turn' : `these ${turnLike.length} items are turns`;
  const hint: Problem = {
    path: [turnLike[0]!],
    message: `${count} where dialogues belong: a dataset is a list of dialogues, each \`- id: NAME\` with its turns indented under \`turns:\` (as in datasets/*.yaml)`,
  };
  return [hint, ...problems.filter((problem) => !turnLike.includes(problem.path[0] as number))];
}

function looksLikeTurn(item: unknown): boolean {
  if (item === null || typeof item !== 'object' || Array.isArray(item)) return false;
  return !('id' in item) && !('turns' in item) && TURN_ACTIONS.some((key) => key in item);
}
