import { createHash } from 'node:crypto';
import { closeSync, openSync, readSync } from 'node:fs';
import path from 'node:path';

const BLOCK_BYTES = 1 << 20;
const NEWLINE = 0x0a;
const DASH = 0x2d;
const SPACE = 0x20;

export interface DatasetScan {
  /** sha256 of the file's bytes (the report's provenance). */
  readonly sha256: string;
  /**
   * About how many dialogues it holds, without parsing: top-level `- ` items of a YAML file (exact
   * for the block layout `generate` and the bundled files use), rows of a CSV file. For progress only.
   */
  readonly dialogues: number;
}

/** One pass over the raw bytes, in blocks: the hash and the count, no text decoded. Null for a file that cannot be read (the loader says why). */
export function scanDatasetFile(file: string): DatasetScan | null {
  const csv = path.extname(file).toLowerCase() === '.csv';
  const hash = createHash('sha256');
  const block = Buffer.allocUnsafe(BLOCK_BYTES);
  let fd: number;
  try {
    fd = openSync(file, 'r');
  } catch {
    return null;
  }
  const items = new ItemCounter();
  try {
    for (let size = readSync(fd, block, 0, BLOCK_BYTES, null); size > 0; size = readSync(fd, block, 0, BLOCK_BYTES, null)) {
      const bytes = block.subarray(0, size);
      hash.update(bytes);
      items.feed(bytes);
    }
    items.end();
  } finally {
    closeSync(fd);
  }
  return { sha256: hash.digest('hex'), dialogues: csv ? Math.max(0, items.lines - 1) : items.dialogues() };
}

/** Bytes of a line's start that tell a list item: `- ` at column 0, or `  - ` (a `{today, dialogues}` file's list). */
const HEAD_BYTES = 4;

/**
 * Counts line breaks and list items by the first bytes of each line, whatever the block bounds.
 * A list file's dialogues are its column-0 items; a `{today, dialogues}` file with the list
 * indented has none, and its dialogues are the items at column 2 (its turns sit deeper).
 */
class ItemCounter {
  lines = 0;
  private atColumn0 = 0;
  private atColumn2 = 0;
  private head: number[] = [];
  private judged = false;

  feed(bytes: Buffer): void {
    for (let at = 0; at < bytes.length; ) {
      if (!this.judged) {
        while (at < bytes.length && this.head.length < HEAD_BYTES && bytes[at] !== NEWLINE) this.head.push(bytes[at++]!);
        if (this.head.length === HEAD_BYTES || bytes[at] === NEWLINE) this.judge();
        if (at >= bytes.length) return;
      }
      const next = bytes.indexOf(NEWLINE, at);
      if (next === -1) return;
      this.lines++;
      this.head = [];
      this.judged = false;
      at = next + 1;
    }
  }

  end(): void {
    if (!this.judged && this.head.length > 0) this.judge();
  }

  dialogues(): number {
    return this.atColumn0 > 0 ? this.atColumn0 : this.atColumn2;
  }

  private judge(): void {
    this.judged = true;
    const [a, b, c, d] = this.head;
    if (a === DASH && (b === undefined || isItemGap(b))) this.atColumn0++;
    else if (a === SPACE && b === SPACE && c === DASH && (d === undefined || isItemGap(d))) this.atColumn2++;
  }
}

function isItemGap(byte: number): boolean {
  return byte === SPACE || byte === 0x0d || byte === NEWLINE;
}
