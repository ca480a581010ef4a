import { createHash } from 'node:crypto';
import { closeSync, openSync, readSync } from 'node:fs';
import path from 'node:path';

const BLOCK_BYTES = 1 << 20;
const NEWLINE = 0x0a;
const DASH = 0x2d;

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
  let lines = 0;
  let items = 0;
  // Whether the byte before this block ended a line, and whether it was a `-` at a line's start.
  let atLineStart = true;
  let dashAtStart = false;
  try {
    for (let size = readSync(fd, block, 0, BLOCK_BYTES, null); size > 0; size = readSync(fd, block, 0, BLOCK_BYTES, null)) {
      const bytes = block.subarray(0, size);
      hash.update(bytes);
      if (dashAtStart && isItemGap(bytes[0]!)) items++;
      if (atLineStart && bytes[0] === DASH && (size === 1 ? false : isItemGap(bytes[1]!))) items++;
      dashAtStart = atLineStart && size === 1 && bytes[0] === DASH;
      for (let at = bytes.indexOf(NEWLINE); at !== -1; at = bytes.indexOf(NEWLINE, at + 1)) {
        lines++;
        if (at + 1 < size && bytes[at + 1] === DASH) {
          if (at + 2 < size) {
            if (isItemGap(bytes[at + 2]!)) items++;
          } else {
            dashAtStart = true;
          }
        }
      }
      atLineStart = bytes[size - 1] === NEWLINE;
    }
    if (dashAtStart) items++;
  } finally {
    closeSync(fd);
  }
  return { sha256: hash.digest('hex'), dialogues: csv ? Math.max(0, lines - 1) : items };
}

function isItemGap(byte: number): boolean {
  return byte === 0x20 || byte === 0x0d || byte === NEWLINE;
}
