/** Which slices a dialogue belongs to: its feature tags, its seed and scenario tags, its dataset file. */
import type { SliceKind } from './reportTypes.js';

export interface SliceKey {
  readonly kind: SliceKind;
  readonly name: string;
}

const SEED_TAG = /^seed-\d+$/;
const SCENARIO_PREFIX = 'scenario:';

export function sliceOfTag(tag: string): SliceKey {
  if (SEED_TAG.test(tag)) return { kind: 'seed', name: tag };
  if (tag.startsWith(SCENARIO_PREFIX)) return { kind: 'scenario', name: tag.slice(SCENARIO_PREFIX.length) };
  return { kind: 'feature', name: tag };
}

export function sliceKeys(dialogue: { readonly tags: readonly string[]; readonly file: string }): SliceKey[] {
  const keys = dialogue.tags.map(sliceOfTag);
  keys.push({ kind: 'file', name: dialogue.file });
  const seen = new Set<string>();
  return keys.filter((key) => {
    const id = sliceId(key);
    if (seen.has(id)) return false;
    seen.add(id);
    return true;
  });
}

/** "feature:correction", "file:datasets/offline.yaml": stable ids for links and history rows. */
export function sliceId(key: SliceKey): string {
  return `${key.kind}:${key.name}`;
}

/** Does a dialogue belong to the slice? (The page's dialogue filter asks the same question.) */
export function inSlice(dialogue: { readonly tags: readonly string[]; readonly file: string }, key: SliceKey): boolean {
  return sliceKeys(dialogue).some((k) => k.kind === key.kind && k.name === key.name);
}

const KIND_ORDER = ['feature', 'seed', 'scenario', 'file'];

/** Slices in a fixed order (kind, then name), so a run and its merged shards list them alike. */
export function compareSlices(a: SliceKey, b: SliceKey): number {
  return KIND_ORDER.indexOf(a.kind) - KIND_ORDER.indexOf(b.kind) || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0);
}
