import { readFileSync } from 'node:fs';
import path from 'node:path';
import { DatasetError, WHOLE_FILE } from './datasetTypes.js';

/** The path to show in issues and reports: relative to cwd when the file is inside it, else as given. */
export function displayPath(file: string): string {
  const rel = path.relative(process.cwd(), path.resolve(file));
  if (rel === '' || rel === '..' || rel.startsWith(`..${path.sep}`) || path.isAbsolute(rel)) return file;
  return rel.split(path.sep).join('/');
}

const strictUtf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false });

/**
 * The file as text: strict UTF-8 (a BOM is dropped), no NUL characters. Anything else is a
 * located DatasetError, never text with U+FFFD in it.
 */
export function readDatasetText(file: string, shown: string): string {
  let bytes: Buffer;
  try {
    bytes = readFileSync(file);
  } catch (error) {
    const reason = (error as NodeJS.ErrnoException).code ?? String(error);
    throw new DatasetError([{ file: shown, ...WHOLE_FILE, message: `cannot read file (${reason})` }]);
  }
  let text: string;
  try {
    text = strictUtf8.decode(bytes);
  } catch {
    const at = firstInvalidUtf8(bytes);
    const { line, col } = positionOfByte(bytes, at);
    const hex = bytes.subarray(at, at + 2).toString('hex');
    throw new DatasetError([{ file: shown, line, col, message: `not UTF-8 (byte 0x${hex} at offset ${at}; save the file as UTF-8)` }]);
  }
  const nul = text.indexOf('\0');
  if (nul !== -1) {
    const { line, col } = positionOfByte(Buffer.from(text.slice(0, nul), 'utf8'), Number.POSITIVE_INFINITY);
    throw new DatasetError([{ file: shown, line, col, message: 'contains a NUL character (binary data in a text file)' }]);
  }
  return text;
}

/** Offset of the first byte that does not start or continue a valid UTF-8 sequence. */
function firstInvalidUtf8(bytes: Buffer): number {
  let low = 0;
  let high = bytes.length;
  // The longest decodable prefix, by bisection: TextDecoder does not say where it failed.
  while (low < high) {
    const mid = Math.ceil((low + high) / 2);
    if (decodesPrefix(bytes, mid, true)) low = mid;
    else high = mid - 1;
  }
  // The prefix may end inside the sequence that breaks: point at that sequence's first byte.
  while (low > 0 && !decodesPrefix(bytes, low, false)) low--;
  return low;
}

function decodesPrefix(bytes: Buffer, length: number, stream: boolean): boolean {
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(bytes.subarray(0, length), { stream });
    return true;
  } catch {
    return false;
  }
}

/** 1-based line and column (in characters) of byte `at` (or of the end, when past it). */
function positionOfByte(bytes: Buffer, at: number): { line: number; col: number } {
  const before = bytes.subarray(0, Math.min(at, bytes.length));
  const lastNewline = before.lastIndexOf(0x0a);
  let line = 1;
  for (let i = before.indexOf(0x0a); i !== -1; i = before.indexOf(0x0a, i + 1)) line++;
  const col = before.subarray(lastNewline + 1).toString('utf8').length + 1;
  return { line, col };
}
