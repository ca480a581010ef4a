/**
 * JSON.stringify of a report object, in pieces, so no single string grows with the run (a
 * million dialogues would pass V8's longest string): objects and arrays are walked, the
 * `dialogues` list one element at a time (it may stream from a file, report/model/dialogueLog.ts), and
 * a streamed list (an iterable whose toJSON is its items: a tally's CountedList) a block of
 * values at a time. Other values are stringified whole. The pieces join to exactly what
 * JSON.stringify(value, null, indent) gives.
 */
import { dialogueTexts } from '../model/dialogueLog.js';

/** Values of a streamed list per piece. */
const VALUES_PER_PIECE = 4096;

export function* jsonChunks(value: object, indent: 2 | 0, streamedKey = 'dialogues'): Generator<string> {
  yield* objectChunks(value as Record<string, unknown>, indent, 0, streamedKey);
}

function* valueChunks(value: unknown, indent: 2 | 0, depth: number): Generator<string> {
  if (isStreamedRecord(value)) yield* objectChunks(value, indent, depth);
  else if (!holdsStreamedList(value)) yield stringifyAt(value, indent, depth) ?? 'null';
  else if (isStreamedList(value)) yield* blockChunks(value, indent, depth);
  else if (Array.isArray(value)) yield* listChunks(value, indent, depth, (item) => valueChunks(item, indent, depth + 1));
  else if (isPlainObject(value)) yield* objectChunks(value, indent, depth);
  else yield stringifyAt(value, indent, depth) ?? 'null';
}

function* objectChunks(value: Record<string, unknown> | StreamedRecord, indent: 2 | 0, depth: number, streamedKey?: string): Generator<string> {
  const pad = indent === 2 ? `\n${' '.repeat(indent * (depth + 1))}` : '';
  const colon = indent === 2 ? ': ' : ':';
  let first = true;
  for (const [key, member] of isStreamedRecord(value) ? value : Object.entries(value)) {
    if (member === undefined || typeof member === 'function' || typeof member === 'symbol') continue; // JSON.stringify leaves these out
    yield `${first ? '{' : ','}${pad}${JSON.stringify(key)}${colon}`;
    first = false;
    if (key === streamedKey && isList(member)) yield* streamedListChunks(member, indent, depth + 1);
    else yield* valueChunks(member, indent, depth + 1);
  }
  yield first ? '{}' : `${indent === 2 ? `\n${' '.repeat(indent * depth)}` : ''}}`;
}

function* listChunks(items: Iterable<unknown>, indent: 2 | 0, depth: number, itemChunks: (item: unknown) => Iterable<string>): Generator<string> {
  const pad = indent === 2 ? `\n${' '.repeat(indent * (depth + 1))}` : '';
  let first = true;
  for (const item of items) {
    yield `${first ? '[' : ','}${pad}`;
    first = false;
    yield* itemChunks(item);
  }
  yield first ? '[]' : `${indent === 2 ? `\n${' '.repeat(indent * depth)}` : ''}]`;
}

/** The streamed list, an item at a time; compact JSON of a log's records is their text as the log wrote it. */
function streamedListChunks(items: Iterable<unknown>, indent: 2 | 0, depth: number): Generator<string> {
  const texts = indent === 0 ? dialogueTexts(items) : null;
  if (texts) return listChunks(texts, indent, depth, (text) => [text as string]);
  return listChunks(items, indent, depth, (item) => [stringifyAt(item, indent, depth + 1) ?? 'null']);
}

/** A streamed list of plain values (numbers), gathered into pieces of VALUES_PER_PIECE. */
function* blockChunks(list: Iterable<unknown>, indent: 2 | 0, depth: number): Generator<string> {
  const pad = indent === 2 ? `\n${' '.repeat(indent * (depth + 1))}` : '';
  let piece = '[';
  let inPiece = 0;
  let first = true;
  for (const value of list) {
    piece += `${first ? '' : ','}${pad}${stringifyAt(value, indent, depth + 1) ?? 'null'}`;
    first = false;
    if (++inPiece === VALUES_PER_PIECE) {
      yield piece;
      piece = '';
      inPiece = 0;
    }
  }
  yield first ? '[]' : `${piece}${indent === 2 ? `\n${' '.repeat(indent * depth)}` : ''}]`;
}

/** Whether a long streamed list sits anywhere in `value` (else it is stringified whole, the fast way). */
function holdsStreamedList(value: unknown): boolean {
  if (typeof value !== 'object' || value === null) return false;
  if (isStreamedList(value)) {
    const { length } = value as { length?: number };
    return length === undefined || length > VALUES_PER_PIECE;
  }
  if (Array.isArray(value)) return value.some(holdsStreamedList);
  return isPlainObject(value) && Object.values(value).some(holdsStreamedList);
}

/** Not an array, iterable, and JSON-stringified as its items (toJSON): e.g. a tally's CountedList. */
function isStreamedList(value: unknown): value is Iterable<unknown> {
  return (
    typeof value === 'object' &&
    value !== null &&
    !Array.isArray(value) &&
    Symbol.iterator in value &&
    typeof (value as { toJSON?: unknown }).toJSON === 'function'
  );
}

/** A record kept outside plain objects that yields its entries in JSON's key order (scoring/repeatedRuns.ts). */
interface StreamedRecord extends Iterable<readonly [string, unknown]> {
  readonly streamedRecord: true;
}

function isStreamedRecord(value: unknown): value is StreamedRecord {
  return typeof value === 'object' && value !== null && (value as { streamedRecord?: unknown }).streamedRecord === true && Symbol.iterator in value;
}

/** An array, or a list that streams its items (report/model/dialogueLog.ts). */
function isList(value: unknown): value is Iterable<unknown> {
  return Array.isArray(value) || (typeof value === 'object' && value !== null && Symbol.iterator in value);
}

/** A record JSON.stringify walks key by key (no toJSON of its own). */
function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && typeof (value as { toJSON?: unknown }).toJSON !== 'function' && !(Symbol.iterator in value);
}

/** JSON.stringify of a value that sits `depth` levels deep in a pretty-printed document. */
function stringifyAt(value: unknown, indent: 2 | 0, depth: number): string | undefined {
  if (indent === 0 || depth === 0 || (!isPlainObject(value) && !Array.isArray(value))) {
    const text = JSON.stringify(value, null, indent) as string | undefined;
    return text === undefined || indent === 0 ? text : text.replace(/\n/g, `\n${' '.repeat(indent * depth)}`);
  }
  // Nested `depth` levels down, JSON.stringify itself indents every line: cut the nesting off
  // again, rather than re-indent the text with a replace.
  const text = JSON.stringify(nestedAt(value, depth), null, indent);
  const { before, after } = nestingLengths(depth);
  return text.slice(before, text.length - after);
}

function nestedAt(value: unknown, depth: number): unknown {
  let nested = value;
  for (let level = 0; level < depth; level++) nested = { '': nested };
  return nested;
}

/** Characters the nesting adds before and after the value, by depth. */
const nestingByDepth = new Map<number, { before: number; after: number }>();

function nestingLengths(depth: number): { before: number; after: number } {
  let lengths = nestingByDepth.get(depth);
  if (!lengths) {
    const text = JSON.stringify(nestedAt(0, depth), null, 2);
    const before = text.lastIndexOf('0');
    lengths = { before, after: text.length - before - 1 };
    nestingByDepth.set(depth, lengths);
  }
  return lengths;
}
