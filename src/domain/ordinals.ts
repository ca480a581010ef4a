import { MAX_ORDINAL, ORDINAL_MARK } from './numeralLexicon.js';
import { CODE_ORDINAL_MARK, CODE_TEN, DIGIT_OF, ORDINAL_BLOCKER, ORDINAL_COUNTER, classAt } from './numeralChars.js';
import { normalizeUtterance } from './textNormalize.js';

/** Item references of the numeral grammar: 第三笔, 第2个, 第十条 (words in numeralLexicon.ts). */

export interface OrdinalMatch {
  /** 1-based, as spoken. */
  readonly ordinal: number;
  readonly start: number;
  readonly end: number;
}

/** After 第X: a counter is taken, else nothing that continues a number or names a date may follow; -1 then. */
function ordinalTailEnd(text: string, at: number): number {
  const flags = classAt(text, at);
  if ((flags & ORDINAL_COUNTER) !== 0) return at + 1;
  return (flags & ORDINAL_BLOCKER) !== 0 ? -1 : at;
}

/**
 * The 第X笔 starting exactly at `start` (X is 1..10: 10, a digit or 十), packed as
 * end × 16 + ordinal; -1 when none.
 */
export function ordinalMatchAt(text: string, start: number): number {
  if (text.charCodeAt(start) !== CODE_ORDINAL_MARK || start + 1 >= text.length) return -1;
  const at = start + 1;
  const code = text.charCodeAt(at);
  if (code === 49 && at + 1 < text.length && text.charCodeAt(at + 1) === 48) {
    const end = ordinalTailEnd(text, at + 2);
    if (end >= 0) return end * 16 + MAX_ORDINAL;
  }
  const ordinal = code === CODE_TEN ? 10 : DIGIT_OF[code]!;
  if (ordinal < 1) return -1;
  const end = ordinalTailEnd(text, at + 1);
  return end >= 0 ? end * 16 + ordinal : -1;
}

/** The 第X笔 that starts exactly at `start`, if any. */
export function ordinalAt(text: string, start: number): OrdinalMatch | null {
  const packed = ordinalMatchAt(text, start);
  if (packed < 0) return null;
  const ordinal = packed % 16;
  return { ordinal, start, end: (packed - ordinal) / 16 };
}

/** Every 第X笔 in (normalised) text, left to right. */
export function findOrdinals(text: string): OrdinalMatch[] {
  const found: OrdinalMatch[] = [];
  for (let i = text.indexOf(ORDINAL_MARK); i >= 0; i = text.indexOf(ORDINAL_MARK, i + 1)) {
    const match = ordinalAt(text, i);
    if (match === null) continue;
    found.push(match);
    i = match.end - 1;
  }
  return found;
}

/** findOrdinals(text).length > 0, without the matches. */
export function hasOrdinal(text: string): boolean {
  for (let i = text.indexOf(ORDINAL_MARK); i >= 0; i = text.indexOf(ORDINAL_MARK, i + 1)) {
    if (ordinalMatchAt(text, i) >= 0) return true;
  }
  return false;
}

/** 第二笔 / 第2个 / 第十条 → 2 / 2 / 10 (1-based); null outside 1..10 or when not an ordinal. */
export function parseOrdinal(s: string): number | null {
  const text = normalizeUtterance(s);
  const packed = ordinalMatchAt(text, 0);
  return packed >= 0 && packed >> 4 === text.length ? packed % 16 : null;
}
