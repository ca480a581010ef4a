/** A scorer's whole state as plain JSON: counters, number lists and nested records of them. */
export interface Tally {
  [key: string]: number | number[] | Tally;
}

/** Adds `from` into `into` (numbers add, lists concatenate, records merge key by key). */
export function mergeTally(into: Tally, from: Tally): void {
  for (const [key, value] of Object.entries(from)) {
    const current = into[key];
    if (typeof value === 'number') into[key] = (typeof current === 'number' ? current : 0) + value;
    // In place: a list the target already owns grows; copying it each time made merging n dialogues cost n².
    else if (Array.isArray(value)) {
      if (Array.isArray(current)) for (const item of value) current.push(item);
      else into[key] = [...value];
    }
    else {
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
    else if (Array.isArray(value)) copy[key] = [...value].sort((a, b) => a - b);
    else copy[key] = canonicalTally(value);
  }
  return copy;
}
