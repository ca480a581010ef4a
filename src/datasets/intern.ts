/** Distinct values kept at most: enough for any suite's tag sets and titles, bounded for a hostile one. */
const MAX_ENTRIES = 50_000;

const strings = new Map<string, string>();
const lists = new Map<string, readonly string[]>();

/**
 * One shared copy of a string seen before. A run keeps a small record of every dialogue until
 * its report is written; generated suites repeat the same titles and tags thousands of times.
 */
export function intern(value: string): string {
  const known = strings.get(value);
  if (known !== undefined) return known;
  if (strings.size < MAX_ENTRIES) strings.set(value, value);
  return value;
}

/** One shared, frozen copy of a tag list seen before. */
export function internList(values: readonly string[]): readonly string[] {
  const key = values.join('\u0000');
  const known = lists.get(key);
  if (known !== undefined && known.length === values.length) return known;
  const shared = Object.freeze(values.map(intern));
  if (lists.size < MAX_ENTRIES) lists.set(key, shared);
  return shared;
}
