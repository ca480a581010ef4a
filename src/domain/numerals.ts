import { AMOUNT_CUES, FOLLOWER_EXCEPTIONS, JIAO_WORDS, MAX_ORDINAL, NON_MONEY_PREFIXES, YUAN_WORDS } from './numeralLexicon.js';
import {
  CENTS_BLOCKER,
  CHAR_CLASS,
  CODE_FEN,
  CODE_HALF,
  CODE_SPACE,
  CUE_END,
  CURRENCY_SIGN,
  DIGIT,
  DIGIT_OF,
  MONEY_START,
  NON_MONEY_FOLLOWER,
  PREFIX_END,
  SOFT_ENDING,
  UNIT_START,
  classAt,
  isArabicCode,
} from './numeralChars.js';
import { numeralEnd, numeralValue } from './numeralValue.js';
import { normalizeUtterance } from './textNormalize.js';

export { MAX_ORDINAL };
export { findOrdinals, hasOrdinal, ordinalAt, ordinalMatchAt, parseOrdinal, type OrdinalMatch } from './ordinals.js';

/*
 * The numeral grammar, read by one scanner over character codes: it returns positions and
 * values and builds no strings, so the classifier can call it per utterance. A money
 * expression is [¥] NUMERAL [yuan word [cents] | jiao word [fen digit]], each part read
 * greedily (the longer word first, 28块5 before 28块); the words are in numeralLexicon.ts,
 * their char-code tables in numeralChars.ts, one number's reading in numeralValue.ts,
 * 第X笔 in ordinals.ts.
 */

// ---- Money: ¥35, 三十五块钱, 28块5, 3块2毛, 五毛, 60rmb -----------------------------------

/** The parts of the money expression the last moneyEnd() read (kept here so reading one allocates nothing). */
const money = { mainStart: 0, mainEnd: 0, hasCurrency: false, jiaoOnly: false, half: false, jiao: 0, fen: 0 };

/** Length of the first of `words` (in order) at `start`, 0 when none. */
function wordAt(text: string, start: number, words: readonly string[]): number {
  if ((classAt(text, start) & UNIT_START) === 0) return 0;
  for (const word of words) {
    if (text.startsWith(word, start)) return word.length;
  }
  return 0;
}

function centsBlockedAt(text: string, i: number): boolean {
  return (classAt(text, i) & CENTS_BLOCKER) !== 0;
}

/** The optional fen digit (with or without 分) at `at`, then no blocker; -1 when the cents cannot end here. */
function fenEnd(text: string, at: number): number {
  if ((classAt(text, at) & DIGIT) !== 0) {
    money.fen = DIGIT_OF[text.charCodeAt(at)]!;
    if (at + 1 < text.length && text.charCodeAt(at + 1) === CODE_FEN && !centsBlockedAt(text, at + 2)) return at + 2;
    if (!centsBlockedAt(text, at + 1)) return at + 1;
    money.fen = 0;
  }
  return centsBlockedAt(text, at) ? -1 : at;
}

/**
 * End of the cents after a yuan word (28块5, 3块2毛, 3块2毛5分, 一块半), or `start` when
 * there are none: they are not read when a digit or unit follows (that would cut 3块256).
 */
function centsEnd(text: string, start: number): number {
  if (start >= text.length) return start;
  const code = text.charCodeAt(start);
  if (code === CODE_HALF) {
    money.half = !centsBlockedAt(text, start + 1);
    return money.half ? start + 1 : start;
  }
  if ((CHAR_CLASS[code]! & DIGIT) === 0) return start;
  money.jiao = DIGIT_OF[code]!;
  const afterJiao = start + 1;
  if ((classAt(text, afterJiao) & UNIT_START) !== 0) {
    for (const word of JIAO_WORDS) {
      if (!text.startsWith(word, afterJiao)) continue;
      const end = fenEnd(text, afterJiao + word.length);
      if (end >= 0) return end;
    }
  }
  const end = fenEnd(text, afterJiao);
  if (end >= 0) return end;
  money.jiao = 0;
  return start;
}

/** End of the money expression starting at `start`, -1 when none does; its parts are left in the state above. */
function moneyEnd(text: string, start: number): number {
  money.hasCurrency = (classAt(text, start) & CURRENCY_SIGN) !== 0;
  money.mainStart = money.hasCurrency ? (text.charCodeAt(start + 1) === CODE_SPACE ? start + 2 : start + 1) : start;
  money.mainEnd = numeralEnd(text, money.mainStart);
  if (money.mainEnd < 0) return -1;
  money.jiaoOnly = false;
  money.half = false;
  money.jiao = 0;
  money.fen = 0;
  const yuan = wordAt(text, money.mainEnd, YUAN_WORDS);
  if (yuan > 0) {
    money.hasCurrency = true;
    return centsEnd(text, money.mainEnd + yuan);
  }
  const jiaoWord = wordAt(text, money.mainEnd, JIAO_WORDS);
  if (jiaoWord === 0) return money.mainEnd;
  money.hasCurrency = true;
  money.jiaoOnly = true;
  let end = money.mainEnd + jiaoWord;
  if ((classAt(text, end) & DIGIT) !== 0) {
    money.fen = DIGIT_OF[text.charCodeAt(end)]!;
    end++;
    if (end < text.length && text.charCodeAt(end) === CODE_FEN) end++;
  }
  return end;
}

function roundCents(value: number): number {
  return Math.round(value * 100) / 100;
}

/** The value of the money expression moneyEnd() last read, given the value of its numeral. */
function moneyValue(main: number): number {
  if (money.jiaoOnly) return roundCents(main / 10 + money.fen / 100);
  if (money.half) return roundCents(main + 0.5);
  return roundCents(main + money.jiao / 10 + money.fen / 100);
}

function endsWithAny(text: string, end: number, words: readonly string[]): boolean {
  for (const word of words) {
    if (end >= word.length && text.startsWith(word, end - word.length)) return true;
  }
  return false;
}

/** 一百二下午: a follower that starts an excepted word after a numeral of two or more characters. */
function followerException(text: string): boolean {
  if (money.mainEnd - money.mainStart < 2) return false;
  return FOLLOWER_EXCEPTIONS.some((word) => text.startsWith(word, money.mainEnd));
}

/** A number without a money unit is an amount unless its neighbours make it a count, date or ordinal. */
function standsAsAmount(text: string): boolean {
  const next = classAt(text, money.mainEnd);
  if ((next & NON_MONEY_FOLLOWER) !== 0 && !followerException(text)) return false;
  const before = money.mainStart > 0 ? CHAR_CLASS[text.charCodeAt(money.mainStart - 1)]! : 0;
  if ((before & PREFIX_END) !== 0 && endsWithAny(text, money.mainStart, NON_MONEY_PREFIXES)) return false;
  // A lone Chinese digit mid-sentence (五个, 一起) is an amount only after a cue: 花了五.
  const loneChineseDigit = money.mainEnd - money.mainStart === 1 && !isArabicCode(text.charCodeAt(money.mainStart));
  if (loneChineseDigit && money.mainEnd < text.length && (next & SOFT_ENDING) === 0) {
    return (before & CUE_END) !== 0 && endsWithAny(text, money.mainStart, AMOUNT_CUES);
  }
  return true;
}

/** Where the last amount nextAmount() found ends, and the value of its numeral. */
const amount = { end: 0, main: 0 };

/** Start of the first amount at or after `from`, -1 when none; sets `amount`. */
function nextAmount(text: string, from: number): number {
  let p = from;
  while (p < text.length) {
    if ((CHAR_CLASS[text.charCodeAt(p)]! & MONEY_START) === 0) {
      p++;
      continue;
    }
    const end = moneyEnd(text, p);
    if (end < 0) {
      p++;
      continue;
    }
    if (money.hasCurrency || standsAsAmount(text)) {
      amount.main = numeralValue(text, money.mainStart, money.mainEnd);
      if (!Number.isNaN(amount.main)) {
        amount.end = end;
        return p;
      }
    }
    p = end;
  }
  return -1;
}

export interface AmountMatch {
  readonly value: number;
  /** Offsets into the text that was searched. */
  readonly start: number;
  readonly end: number;
  /** A currency sign or unit was spoken (¥, 块, 元, 毛…). */
  readonly hasCurrency: boolean;
}

/**
 * Every amount in the text, left to right. Numbers that are counts, dates, times or
 * ordinals (两个人, 3月5号, 第2笔, 一下) are skipped. Pass normalised text
 * (normalizeUtterance) so full-width digits are seen.
 */
export function findAmounts(text: string): AmountMatch[] {
  const found: AmountMatch[] = [];
  for (let start = nextAmount(text, 0); start >= 0; start = nextAmount(text, amount.end)) {
    found.push({ value: moneyValue(amount.main), start, end: amount.end, hasCurrency: money.hasCurrency });
  }
  return found;
}

/**
 * The spans of findAmounts(text) as [start, end] pairs in `spans`, stopping after `limit`;
 * returns how many were written. `spans` must hold 2 × min(limit, text.length) numbers.
 */
export function findAmountSpans(text: string, spans: Int32Array, limit: number): number {
  let count = 0;
  for (let start = nextAmount(text, 0); start >= 0 && count < limit; start = nextAmount(text, amount.end)) {
    spans[2 * count] = start;
    spans[2 * count + 1] = amount.end;
    count++;
  }
  return count;
}

export function findFirstAmount(text: string): AmountMatch | null {
  return findAmounts(text)[0] ?? null;
}

export function containsAmount(text: string): boolean {
  return nextAmount(text, 0) >= 0;
}

/**
 * Reads a bare numeral: Arabic (60, 28.5, 1,200), Chinese (三十五, 一百二, 两千五,
 * 三千零五, 一万二, 三点五) or mixed (3万, 1.5万, 2千5). Null when it is not one number.
 */
export function parseNumeral(s: string): number | null {
  const value = numeralValue(s, 0, s.length);
  return Number.isNaN(value) ? null : value;
}

/**
 * A whole string read as an amount of money: 60, 28.5, 1,200, ¥35, 三十五块钱,
 * 28块5, 3块2毛, 五毛, 60rmb. Null when the string is anything more than that.
 */
export function parseChineseNumber(s: string): number | null {
  const text = normalizeUtterance(s);
  if (text.length === 0 || moneyEnd(text, 0) !== text.length) return null;
  const main = numeralValue(text, money.mainStart, money.mainEnd);
  return Number.isNaN(main) ? null : moneyValue(main);
}
