import { CountedList } from './countedList.js';

/**
 * A scorer's whole state as plain JSON: counters, number lists and nested records of them. A list
 * may be a CountedList (its JSON is the sorted list), so long runs hold no number per turn.
 */
export interface Tally {
  [key: string]: number | number[] | CountedList | Tally;
}

/** Adds `from` into `into` (numbers add, lists concatenate, records merge key by key). */
export function mergeTally(into: Tally, from: Tally): void {
  // for…in, not Object.entries: this runs once per slice of every dialogue (eval/sliceMetrics.ts).
  for (const key in from) {
    const value = from[key]!;
    const current = into[key];
    if (typeof value === 'number') {
      if (value !== 0 || typeof current !== 'number') into[key] = (typeof current === 'number' ? current : 0) + value;
    } else if (current instanceof CountedList) current.addAll(value as number[] | CountedList);
    else if (value instanceof CountedList) {
      const list = CountedList.of(Array.isArray(current) ? current : []);
      list.addAll(value);
      into[key] = list;
    } else if (Array.isArray(value)) {
      // In place: a list the target already owns grows; copying it each time made merging n dialogues cost n².
      if (Array.isArray(current)) for (const item of value) current.push(item);
      else into[key] = [...value];
    } else {
      const nested: Tally = current !== undefined && typeof current === 'object' && !Array.isArray(current) ? current : {};
      mergeTally(nested, value);
      into[key] = nested;
    }
  }
}

/** A deep copy with every list sorted, so the same dialogues give the same bytes in any order or sharding. */
export function canonicalTally(tally: Tally): Tally {
  const copy: Tally = {};
  for (const [key, value] of Object.entries(tally)) {
    if (typeof value === 'number') copy[key] = value;
    else if (value instanceof CountedList) copy[key] = value.copy();
    else if (Array.isArray(value)) copy[key] = [...value].sort((a, b) => a - b);
    else copy[key] = canonicalTally(value);
  }
  return copy;
}
