import { hash } from 'node:crypto';
import type { Dialogue } from '../datasets/datasetTypes.js';
import { dialogueDigest } from '../datasets/dialogueDigest.js';
import { DigestRecord } from '../report/model/digestRecord.js';
import type { SelectionRecord } from '../report/model/reportTypes.js';

const MODULUS = 1n << 256n;

/**
 * An order-free digest of a set of dialogue ids: their count and the sum, mod 2²⁵⁶, of each
 * id's sha256. It streams (no id is kept), and the digests of disjoint parts add up to the
 * digest of the whole, so a merge can check each shard and the set against what the run selected.
 */
export class IdDigest {
  private sum = 0n;
  count = 0;

  add(id: string): void {
    this.addHash(idHash(id));
  }

  /** Adds an id by its hash (idHash), so one hash serves several digests. */
  addHash(idSha256: bigint): void {
    this.sum = (this.sum + idSha256) % MODULUS;
    this.count++;
  }

  get sha256(): string {
    return this.sum.toString(16).padStart(64, '0');
  }
}

function idHash(id: string): bigint {
  return BigInt(`0x${hash('sha256', id)}`);
}

/**
 * The digests of the whole selection and of one shard's part, filled as the selection streams,
 * and the content digest of each dialogue this run (or shard) selected: what a baseline pairs by.
 */
export class SelectionTally {
  readonly whole = new IdDigest();
  readonly part = new IdDigest();
  readonly contents = new DigestRecord();

  note(dialogue: Dialogue, inShard: boolean): void {
    const id = idHash(dialogue.id);
    this.whole.addHash(id);
    if (!inShard) return;
    this.part.addHash(id);
    this.contents.add(dialogue.id, dialogueDigest(dialogue));
  }

  record(): SelectionRecord {
    return {
      dialogues: this.whole.count,
      idsSha256: this.whole.sha256,
      shard: { dialogues: this.part.count, idsSha256: this.part.sha256 },
    };
  }
}
