// The numeral lexicon as tables over char codes, for the numeral scanner (numeralValue.ts, numerals.ts).
import {
  AMOUNT_CUES,
  BIG_UNITS,
  CENTS_BLOCKING_UNITS,
  CURRENCY_SIGNS,
  DECIMAL_POINT,
  DIGIT_VALUES,
  FEN_WORD,
  HALF_WORD,
  JIAO_WORDS,
  NON_MONEY_FOLLOWERS,
  NON_MONEY_PREFIXES,
  ORDINAL_BLOCKERS,
  ORDINAL_COUNTERS,
  ORDINAL_MARK,
  SMALL_UNITS,
  SOFT_ENDINGS,
  YUAN_WORDS,
} from './numeralLexicon.js';

/** Class flags of a character: which parts of the grammar it can start, continue or end. */
export const ARABIC = 1;
export const NUMERAL = 2;
export const DIGIT = 4;
export const CENTS_BLOCKER = 8;
export const NON_MONEY_FOLLOWER = 16;
export const SOFT_ENDING = 32;
export const ORDINAL_BLOCKER = 64;
export const ORDINAL_COUNTER = 128;
export const MONEY_START = 256;
export const UNIT_START = 512;
/** The last character of a NON_MONEY_PREFIXES / AMOUNT_CUES word. */
export const PREFIX_END = 1024;
export const CUE_END = 2048;
export const CURRENCY_SIGN = 4096;

const ARABIC_DIGITS = [...'0123456789'];
const CHINESE_NUMERALS = [...Object.keys(DIGIT_VALUES).filter((ch) => !ARABIC_DIGITS.includes(ch)), ...Object.keys(SMALL_UNITS), ...Object.keys(BIG_UNITS)];

export const CHAR_CLASS = new Uint16Array(0x10000);
function mark(chars: Iterable<string>, flag: number): void {
  for (const ch of chars) CHAR_CLASS[ch.charCodeAt(0)]! |= flag;
}
mark(ARABIC_DIGITS, ARABIC | MONEY_START | ORDINAL_BLOCKER);
mark(CHINESE_NUMERALS, NUMERAL | MONEY_START | ORDINAL_BLOCKER);
mark(Object.keys(DIGIT_VALUES), DIGIT | CENTS_BLOCKER);
mark(CENTS_BLOCKING_UNITS, CENTS_BLOCKER);
mark(NON_MONEY_FOLLOWERS, NON_MONEY_FOLLOWER);
mark(SOFT_ENDINGS, SOFT_ENDING);
mark(ORDINAL_BLOCKERS, ORDINAL_BLOCKER);
mark(ORDINAL_COUNTERS, ORDINAL_COUNTER);
mark(
  NON_MONEY_PREFIXES.map((word) => word[word.length - 1]!),
  PREFIX_END,
);
mark(
  AMOUNT_CUES.map((word) => word[word.length - 1]!),
  CUE_END,
);
mark(CURRENCY_SIGNS, CURRENCY_SIGN | MONEY_START);
mark(
  [...YUAN_WORDS, ...JIAO_WORDS].map((word) => word[0]!),
  UNIT_START,
);

/** Char code → digit value, -1 for other characters. */
export const DIGIT_OF = new Int8Array(0x10000).fill(-1);
for (const [ch, value] of Object.entries(DIGIT_VALUES)) DIGIT_OF[ch.charCodeAt(0)] = value;
/** Char code → value of a 十/百/千 (small) or 万/亿 (big) unit, 0 for other characters. */
export const SMALL_UNIT_OF = new Int32Array(0x10000);
for (const [ch, value] of Object.entries(SMALL_UNITS)) SMALL_UNIT_OF[ch.charCodeAt(0)] = value;
export const BIG_UNIT_OF = new Int32Array(0x10000);
for (const [ch, value] of Object.entries(BIG_UNITS)) BIG_UNIT_OF[ch.charCodeAt(0)] = value;

export const CODE_COMMA = 0x2c;
export const CODE_DOT = 0x2e;
export const CODE_SPACE = 0x20;
export const CODE_TEN = '十'.charCodeAt(0);
export const CODE_POINT = DECIMAL_POINT.charCodeAt(0);
export const CODE_HALF = HALF_WORD.charCodeAt(0);
export const CODE_FEN = FEN_WORD.charCodeAt(0);
export const CODE_ORDINAL_MARK = ORDINAL_MARK.charCodeAt(0);

export function isArabicCode(code: number): boolean {
  return code >= 48 && code <= 57;
}

/** Class flags of the character at i (0 past the end). */
export function classAt(text: string, i: number): number {
  return i < text.length ? CHAR_CLASS[text.charCodeAt(i)]! : 0;
}
