import { isArrayIndex } from '../../util/arrayIndex.js';
import type { CompactDigests, DigestSection } from './reportTypes.js';

/** Bytes of a content digest: 16 hex characters (datasets/dialogueDigest.ts). */
const DIGEST_BYTES = 8;

/**
 * Each selected dialogue's content digest by id (`run.provenance.dialogues`), held in typed
 * arrays outside the JavaScript heap: ids as UTF-8 back to back, digests as 8 bytes each. As a
 * Map of strings, 10⁶ of them took 92 MB of heap that every full collection walked, and the
 * report built a plain object of them as well. Entries come back in a plain object's key order
 * (array-index ids first, ascending, then the rest as they were added), so report.json is byte
 * for byte what the plain record gave. Ids are unique: the check refuses a repeated one.
 */
export class DigestRecord implements CompactDigests {
  /** Tells report/json/jsonChunks.ts to write this entry by entry, not as one string. */
  readonly streamedRecord = true;
  private idBytes: Buffer = Buffer.alloc(1 << 16);
  private idEnds = new Uint32Array(1 << 12);
  private digests: Buffer = Buffer.alloc(DIGEST_BYTES << 12);
  private idBytesUsed = 0;
  /** Positions of the ids JavaScript orders first in a plain object. */
  private readonly indexPositions: number[] = [];
  size = 0;

  add(id: string, digest: string): void {
    if (this.size === this.idEnds.length) this.growEntries();
    const length = Buffer.byteLength(id);
    if (this.idBytesUsed + length > this.idBytes.length) this.idBytes = grown(this.idBytes, this.idBytesUsed + length);
    this.idBytes.write(id, this.idBytesUsed, 'utf8');
    this.idBytesUsed += length;
    this.idEnds[this.size] = this.idBytesUsed;
    if (this.digests.write(digest, this.size * DIGEST_BYTES, 'hex') !== DIGEST_BYTES || digest.length !== 2 * DIGEST_BYTES) {
      throw new Error(`not a content digest: ${digest}`);
    }
    if (isArrayIndex(id)) this.indexPositions.push(this.size);
    this.size++;
  }

  *[Symbol.iterator](): Generator<readonly [string, string]> {
    const first = this.indexPositions.map((at) => ({ at, index: Number(this.idAt(at)) })).sort((a, b) => a.index - b.index);
    for (const { at } of first) yield this.entryAt(at);
    let next = 0;
    for (let at = 0; at < this.size; at++) {
      if (next < this.indexPositions.length && this.indexPositions[next] === at) next++;
      else yield this.entryAt(at);
    }
  }

  /** What JSON.stringify writes: the plain record. */
  toJSON(): Record<string, string> {
    return Object.fromEntries(this);
  }

  private entryAt(at: number): readonly [string, string] {
    return [this.idAt(at), this.digests.toString('hex', at * DIGEST_BYTES, (at + 1) * DIGEST_BYTES)];
  }

  private idAt(at: number): string {
    return this.idBytes.toString('utf8', at === 0 ? 0 : this.idEnds[at - 1]!, this.idEnds[at]);
  }

  private growEntries(): void {
    const ends = new Uint32Array(this.idEnds.length * 2);
    ends.set(this.idEnds);
    this.idEnds = ends;
    this.digests = grown(this.digests, this.digests.length * 2);
  }
}

/** A section's entries in its key order: the run's compact record, or the plain one a report.json or baseline holds. */
export function digestEntries(section: DigestSection): Iterable<readonly [string, string]> {
  return section instanceof DigestRecord ? section : Object.entries(section as Readonly<Record<string, string>>);
}

/** The section as a plain record. */
export function digestRecord(section: DigestSection): Readonly<Record<string, string>> {
  return section instanceof DigestRecord ? section.toJSON() : (section as Readonly<Record<string, string>>);
}

function grown(buffer: Buffer, atLeast: number): Buffer {
  let length = buffer.length * 2;
  while (length < atLeast) length *= 2;
  const larger = Buffer.alloc(length);
  buffer.copy(larger);
  return larger;
}
