import { isArrayIndex } from '../util/arrayIndex.js';
import type { RepeatedDialogue, RepeatedRun } from './pairedGate.js';
import type { CompactRepeated, RepeatedSection } from './results.js';

/**
 * Each dialogue's results over its `--repeat` runs (the paired gate's input), held as one JSON
 * text a dialogue. As objects, the tallies of a dialogue took ≈ 12 KB of heap and every full
 * collection walked all of them, so a long run grew and slowed as it went (10⁴ generated
 * dialogues at --repeat 2: 332 MB peak, against 197 MB without --repeat). Entries come back in
 * the order a plain object's keys would have (array-index ids first, ascending, then the rest as
 * they were set), so report.json is byte for byte what the plain record gave.
 */
export class RepeatedRuns implements CompactRepeated, Iterable<readonly [string, RepeatedDialogue]> {
  /** Tells report/json/jsonChunks.ts to write this entry by entry, not as one string. */
  readonly streamedRecord = true;
  private readonly texts = new Map<string, string>();
  private readonly indexIds: number[] = [];

  set(id: string, entry: RepeatedDialogue): void {
    if (!this.texts.has(id) && isArrayIndex(id)) this.indexIds.push(Number(id));
    this.texts.set(id, JSON.stringify(entry));
  }

  get size(): number {
    return this.texts.size;
  }

  *[Symbol.iterator](): Generator<readonly [string, RepeatedDialogue]> {
    const first = [...this.indexIds].sort((a, b) => a - b).map(String);
    for (const id of first) yield [id, this.parsed(id)];
    for (const id of this.texts.keys()) if (first.length === 0 || !isArrayIndex(id)) yield [id, this.parsed(id)];
  }

  /** What JSON.stringify writes: the plain record. */
  toJSON(): RepeatedRun {
    return Object.fromEntries(this);
  }

  private parsed(id: string): RepeatedDialogue {
    return JSON.parse(this.texts.get(id)!) as RepeatedDialogue;
  }
}

/** The section as a plain record (the paired gate resamples it). */
export function repeatedRecord(section: RepeatedSection): RepeatedRun {
  return (section instanceof RepeatedRuns ? section.toJSON() : section) as RepeatedRun;
}
