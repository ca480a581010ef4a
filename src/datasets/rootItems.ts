import { closeSync, openSync, readSync } from 'node:fs';
import { DatasetError, WHOLE_FILE } from './datasetTypes.js';
import { readDatasetText } from './datasetFile.js';

/** Bytes read at a time: the file is never held whole, whatever its size. */
const BLOCK_BYTES = 1 << 20;

/** One top-level list item of a dataset file: its text, trailing comments and blank lines included. */
export interface RootItem {
  readonly text: string;
  /** 1-based line of the item's `-`. */
  readonly line: number;
}

/**
 * The file's lines (each with its line break), read in blocks as strict UTF-8 with no NUL. A
 * file that breaks either rule is read whole once more by readDatasetText, which locates the
 * problem (an error path, so its cost does not matter).
 */
export function* fileLines(file: string, shown: string): Generator<string> {
  let fd: number;
  try {
    fd = openSync(file, 'r');
  } catch {
    readDatasetText(file, shown);
    throw new DatasetError([{ file: shown, ...WHOLE_FILE, message: 'cannot read file' }]);
  }
  const decoder = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false });
  const block = Buffer.allocUnsafe(BLOCK_BYTES);
  let carry = '';
  try {
    for (;;) {
      const size = readSync(fd, block, 0, BLOCK_BYTES, null);
      let text: string;
      try {
        text = carry + decoder.decode(block.subarray(0, size), { stream: size > 0 });
      } catch {
        return unreadable(file, shown);
      }
      if (text.includes('\0')) return unreadable(file, shown);
      let start = 0;
      for (let end = text.indexOf('\n'); end !== -1; end = text.indexOf('\n', start)) {
        yield text.slice(start, end + 1);
        start = end + 1;
      }
      carry = text.slice(start);
      if (size === 0) break;
    }
    if (carry !== '') yield carry;
  } finally {
    closeSync(fd);
  }
}

function unreadable(file: string, shown: string): never {
  readDatasetText(file, shown);
  throw new DatasetError([{ file: shown, line: 1, col: 1, message: 'not UTF-8 text' }]);
}

function isItemStart(line: string): boolean {
  return line[0] === '-' && (line.length === 1 || line[1] === ' ' || line[1] === '\r' || line[1] === '\n');
}

/**
 * The file cut at its top-level `- ` items (column 0), read as a stream. Null when it is not laid
 * out so: something other than comments and blank lines before the first item, or no item at all
 * (the caller then parses the file whole, with positions).
 */
export function rootItems(file: string, shown: string): Generator<RootItem> | null {
  const lines = fileLines(file, shown);
  let lineNumber = 0;
  let first: string | null = null;
  for (const line of iterateFrom(lines)) {
    lineNumber++;
    if (isItemStart(line)) {
      first = line;
      break;
    }
    if (line[0] !== '#' && line.trim() !== '') {
      lines.return(undefined);
      return null;
    }
  }
  if (first === null) return null;
  return (function* () {
    let text = first;
    let start = lineNumber;
    try {
      for (const line of iterateFrom(lines)) {
        lineNumber++;
        if (isItemStart(line)) {
          yield { text, line: start };
          text = line;
          start = lineNumber;
        } else {
          text += line;
        }
      }
      yield { text, line: start };
    } finally {
      lines.return(undefined); // a reader that stops early still closes the file
    }
  })();
}

/** Iterates a generator without closing it when the loop breaks, so a second loop continues it. */
function* iterateFrom<T>(source: Generator<T>): Generator<T> {
  for (let next = source.next(); !next.done; next = source.next()) yield next.value;
}

/** The same cut of a text already read (a file of ordinary size, or one not streamed). */
export function rootItemsOfText(text: string): Generator<RootItem> | null {
  const starts = rootItemOffsets(text);
  if (!starts) return null;
  return (function* () {
    let line = lineNumberAt(text, 0, starts[0]!, 1);
    for (const [i, start] of starts.entries()) {
      const end = starts[i + 1] ?? text.length;
      yield { text: text.slice(start, end), line };
      line = lineNumberAt(text, start, end, line);
    }
  })();
}

/** Byte offsets of the top-level sequence items (`-` at column 0), or null when the file is not laid out so. */
function rootItemOffsets(text: string): number[] | null {
  const starts: number[] = [];
  for (let at = 0; at < text.length; ) {
    const next = text.indexOf('\n', at);
    const end = next === -1 ? text.length : next;
    const first = text[at];
    if (first === '-' && (end === at + 1 || text[at + 1] === ' ' || text[at + 1] === '\r')) starts.push(at);
    else if (starts.length === 0 && first !== '#' && text.slice(at, end).trim() !== '') return null;
    at = end + 1;
  }
  return starts.length > 0 ? starts : null;
}

function lineNumberAt(text: string, from: number, to: number, lineAtFrom: number): number {
  let line = lineAtFrom;
  for (let at = text.indexOf('\n', from); at !== -1 && at < to; at = text.indexOf('\n', at + 1)) line++;
  return line;
}
