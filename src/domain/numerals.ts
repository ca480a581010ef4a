import { normalizeUtterance } from './textNormalize.js';

const DIGIT_VALUES: Readonly<Record<string, number>> = {
  零: 0, 〇: 0, 一: 1, 二: 2, 两: 2, 三: 3, 四: 4, 五: 5, 六: 6, 七: 7, 八: 8, 九: 9,
  '0': 0, '1': 1, '2': 2, '3': 3, '4': 4, '5': 5, '6': 6, '7': 7, '8': 8, '9': 9,
};
const SMALL_UNITS: Readonly<Record<string, number>> = { 十: 10, 百: 100, 千: 1000 };
const BIG_UNITS: Readonly<Record<string, number>> = { 万: 10_000, 亿: 100_000_000 };

const CHINESE_DIGITS = '零〇一二两三四五六七八九';
const DIGIT_CHARS = `0-9${CHINESE_DIGITS}`;
const NUMERAL_CHARS = '零〇一二两三四五六七八九十百千万亿';
const ARABIC = String.raw`(?:\d{1,3}(?:,\d{3})+(?!\d)|\d+)(?:\.\d+)?`;
const NUMERAL = `(?:${ARABIC}|[${NUMERAL_CHARS}])+(?:点[${DIGIT_CHARS}]+)?`;
/**
 * Plain words (no regex syntax), in the order the regex prefers them: ' rmb' before 'rmb'
 * is ` ?rmb`. The regex and the allocation-free reader below are both built from these.
 */
const YUAN_WORDS = ['块钱', '元钱', '块', '元', '圆', '蚊', ' rmb', 'rmb', '人民币'] as const;
const JIAO_WORDS = ['毛钱', '毛', '角钱', '角'] as const;
const YUAN_UNIT = YUAN_WORDS.join('|');
const JIAO_UNIT = JIAO_WORDS.join('|');
/** After a yuan unit, cents are refused when one of these follows (it would cut a longer number). */
const CENTS_BLOCKERS = `${DIGIT_CHARS}十百千万`;
/** Cents after 块/元 (28块5, 3块2毛, 3块2毛5, 一块半); refused when it would cut a longer number. */
const AFTER_YUAN = `(?:半|(?<jiao>[${DIGIT_CHARS}])(?:${JIAO_UNIT})?(?:(?<fen>[${DIGIT_CHARS}])分?)?)(?![${CENTS_BLOCKERS}])`;
const MONEY_SOURCE =
  `(?<prefix>[¥￥] ?)?(?<main>${NUMERAL})` +
  `(?:(?<yuan>${YUAN_UNIT})(?<cents>${AFTER_YUAN})?|(?<jiaoOnly>${JIAO_UNIT})(?:(?<fenAfterJiao>[${DIGIT_CHARS}])分?)?)?`;

const MONEY_GLOBAL = new RegExp(MONEY_SOURCE, 'g');
const MONEY_WHOLE = new RegExp(`^(?:${MONEY_SOURCE})$`);
const ARABIC_WHOLE = new RegExp(`^${ARABIC}$`);

/**
 * What may follow a number that is then not an amount: counts, dates, times, sizes
 * (两个人, 3月5号, 三点, 8折, 一下, 一共). Checked only when the number has no money unit.
 */
const NON_MONEY_FOLLOWERS = new Set([
  ...'笔个条项次回天号日月年点岁杯份件瓶包盒张本双斤克米公里位人口顿碗盘串只台辆折成倍下些样起直定般会遍趟名季期节首部套箱袋罐支根周楼层室分秒度半共边种门家间届级班篇集场把颗粒片',
  '%',
]);
/** Words before a number that make it a date or an ordinal (第2笔, 星期三, 周五). */
const NON_MONEY_PREFIXES = ['第', '星期', '礼拜', '周'] as const;
/** After these, even a lone 五 is an amount (花了五, 改成五). */
const AMOUNT_CUES = ['花了', '花', '付了', '付', '收了', '收到', '赚了', '是', '成', '为', '到', '用了', '给了', '交了'] as const;
/** A lone Chinese digit right before one of these (or at the end) is an amount: 奶茶五, 改成五吧. */
const SOFT_ENDINGS = new Set([...'，,、；;。.！!？? 吧了啊呀啦哦的嘛呢']);

export interface AmountMatch {
  readonly value: number;
  /** Offsets into the text that was searched. */
  readonly start: number;
  readonly end: number;
  /** A currency sign or unit was spoken (¥, 块, 元, 毛…). */
  readonly hasCurrency: boolean;
}

/**
 * Reads a bare numeral: Arabic (60, 28.5, 1,200), Chinese (三十五, 一百二, 两千五,
 * 三千零五, 一万二, 三点五) or mixed (3万, 1.5万, 2千5). Null when it is not one number.
 */
export function parseNumeral(s: string): number | null {
  if (s.length === 0) return null;
  if (s.length === 1) return s === '十' ? 10 : (DIGIT_VALUES[s] ?? null);
  const point = s.indexOf('点');
  if (point >= 0) {
    const whole = parseNumeral(s.slice(0, point));
    const fraction = s.slice(point + 1);
    if (whole === null || fraction.length === 0) return null;
    let digits = '';
    for (const ch of fraction) {
      const d = DIGIT_VALUES[ch];
      if (d === undefined) return null;
      digits += String(d);
    }
    return whole + Number(`0.${digits}`);
  }
  if (ARABIC_WHOLE.test(s)) return Number(s.includes(',') ? s.replace(/,/g, '') : s);

  let total = 0;
  let section = 0;
  let digit: number | null = null;
  let digitIsSingle = false;
  let lastSmall = 0;
  let lastBig = 0;
  let lastUnit = 0;
  let zeroSinceUnit = false;
  let sawSomething = false;
  let i = 0;
  while (i < s.length) {
    const ch = s[i] as string;
    if (ch >= '0' && ch <= '9') {
      let j = i;
      while (j < s.length && /[\d.,]/.test(s[j] as string)) j++;
      const arabic = s.slice(i, j);
      if (digit !== null || !ARABIC_WHOLE.test(arabic)) return null;
      digit = Number(arabic.replace(/,/g, ''));
      digitIsSingle = arabic.length === 1;
      sawSomething = true;
      i = j;
      continue;
    }
    i++;
    sawSomething = true;
    if (ch === '零' || ch === '〇') {
      if (digit !== null) return null;
      zeroSinceUnit = true;
      continue;
    }
    const d = DIGIT_VALUES[ch];
    if (d !== undefined) {
      if (digit !== null) return null;
      digit = d;
      digitIsSingle = true;
      continue;
    }
    const small = SMALL_UNITS[ch];
    if (small !== undefined) {
      // 十 alone means 一十; 百/千 alone (百货, 千万别) are not numbers.
      const multiplier = digit ?? (small === 10 ? 1 : null);
      if (multiplier === null) return null;
      if (lastSmall !== 0 && small >= lastSmall) return null;
      section += multiplier * small;
      lastSmall = small;
      lastUnit = small;
      digit = null;
      zeroSinceUnit = false;
      continue;
    }
    const big = BIG_UNITS[ch];
    if (big !== undefined) {
      const group = section + (digit ?? 0);
      if (group === 0) return null;
      total = lastBig === 0 || big < lastBig ? total + group * big : (total + group) * big;
      section = 0;
      digit = null;
      lastSmall = 0;
      lastBig = big;
      lastUnit = big;
      zeroSinceUnit = false;
      continue;
    }
    return null;
  }
  if (!sawSomething) return null;
  if (digit !== null) {
    // Spoken abbreviation: 一百二 = 120, 两千五 = 2500, 一万二 = 12000 (but 三千零五 = 3005).
    if (digitIsSingle && !zeroSinceUnit && lastUnit >= 100) section += digit * (lastUnit / 10);
    else if (lastUnit !== 0 && digit >= lastUnit) return null;
    else section += digit;
  }
  return total + section;
}

function roundCents(value: number): number {
  return Math.round(value * 100) / 100;
}

function digitValue(ch: string | undefined): number {
  return ch === undefined ? 0 : (DIGIT_VALUES[ch] ?? 0);
}

function moneyValue(groups: Record<string, string | undefined>): number | null {
  const main = parseNumeral(groups.main ?? '');
  if (main === null) return null;
  if (groups.jiaoOnly !== undefined) return roundCents(main / 10 + digitValue(groups.fenAfterJiao) / 100);
  if (groups.cents === '半') return roundCents(main + 0.5);
  return roundCents(main + digitValue(groups.jiao) / 10 + digitValue(groups.fen) / 100);
}

/**
 * A whole string read as an amount of money: 60, 28.5, 1,200, ¥35, 三十五块钱,
 * 28块5, 3块2毛, 五毛, 60rmb. Null when the string is anything more than that.
 */
export function parseChineseNumber(s: string): number | null {
  const text = normalizeUtterance(s);
  const match = MONEY_WHOLE.exec(text);
  if (!match?.groups) return null;
  return moneyValue(match.groups);
}

function endsWithAny(text: string, end: number, words: readonly string[]): boolean {
  for (const word of words) {
    if (end >= word.length && text.startsWith(word, end - word.length)) return true;
  }
  return false;
}

function isLoneChineseDigit(main: string): boolean {
  return main.length === 1 && !(main >= '0' && main <= '9');
}

/**
 * Every amount in the text, left to right. Numbers that are counts, dates, times or
 * ordinals (两个人, 3月5号, 第2笔, 一下) are skipped. Pass normalised text
 * (normalizeUtterance) so full-width digits are seen.
 */
export function findAmounts(text: string): AmountMatch[] {
  const found: AmountMatch[] = [];
  MONEY_GLOBAL.lastIndex = 0;
  for (let match = MONEY_GLOBAL.exec(text); match; match = MONEY_GLOBAL.exec(text)) {
    const groups = match.groups ?? {};
    const start = match.index;
    const end = start + match[0].length;
    const hasCurrency = groups.prefix !== undefined || groups.yuan !== undefined || groups.jiaoOnly !== undefined;
    if (!hasCurrency && !standsAsAmount(text, start, end, groups.main ?? '')) continue;
    const value = moneyValue(groups);
    if (value !== null) found.push({ value, start, end, hasCurrency });
  }
  return found;
}

/** A number without a money unit is an amount unless its neighbours make it a count, date or ordinal. */
function standsAsAmount(text: string, start: number, end: number, main: string): boolean {
  const next = text[end];
  if (next !== undefined && NON_MONEY_FOLLOWERS.has(next)) return false;
  if (endsWithAny(text, start, NON_MONEY_PREFIXES)) return false;
  if (isLoneChineseDigit(main) && next !== undefined && !SOFT_ENDINGS.has(next)) {
    return endsWithAny(text, start, AMOUNT_CUES);
  }
  return true;
}

export function findFirstAmount(text: string): AmountMatch | null {
  return findAmounts(text)[0] ?? null;
}

export function containsAmount(text: string): boolean {
  return findFirstAmount(text) !== null;
}

export const MAX_ORDINAL = 10;
const ORDINAL_CLASSIFIERS = '笔个条项';
const ORDINAL_CHINESE = '一二两三四五六七八九十';
/** After 第X, these make it no item reference (第二次, 第三天, 第一名, 第25). */
const ORDINAL_BLOCKERS = `0-9${NUMERAL_CHARS}次天年月名届期号日回遍`;
const ORDINAL_SOURCE = `第(?<n>10|[1-9]|[${ORDINAL_CHINESE}])(?:[${ORDINAL_CLASSIFIERS}]|(?![${ORDINAL_BLOCKERS}]))`;
const ORDINAL_WHOLE = new RegExp(`^${ORDINAL_SOURCE}$`);
const ORDINAL_GLOBAL = new RegExp(ORDINAL_SOURCE, 'g');
const ORDINAL_STICKY = new RegExp(ORDINAL_SOURCE, 'y');

export interface OrdinalMatch {
  /** 1-based, as spoken. */
  readonly ordinal: number;
  readonly start: number;
  readonly end: number;
}

function ordinalValue(n: string | undefined): number | null {
  if (n === undefined) return null;
  const value = n === '十' ? 10 : (DIGIT_VALUES[n] ?? Number(n));
  return Number.isInteger(value) && value >= 1 && value <= MAX_ORDINAL ? value : null;
}

/** 第二笔 / 第2个 / 第十条 → 2 / 2 / 10 (1-based); null outside 1..10 or when not an ordinal. */
export function parseOrdinal(s: string): number | null {
  const match = ORDINAL_WHOLE.exec(normalizeUtterance(s));
  return ordinalValue(match?.groups?.n);
}

/** Every 第X笔 in (normalised) text, left to right. */
export function findOrdinals(text: string): OrdinalMatch[] {
  const found: OrdinalMatch[] = [];
  ORDINAL_GLOBAL.lastIndex = 0;
  for (let match = ORDINAL_GLOBAL.exec(text); match; match = ORDINAL_GLOBAL.exec(text)) {
    const ordinal = ordinalValue(match.groups?.n);
    if (ordinal !== null) found.push({ ordinal, start: match.index, end: match.index + match[0].length });
  }
  return found;
}

/** The 第X笔 that starts exactly at `start`, if any. */
export function ordinalAt(text: string, start: number): OrdinalMatch | null {
  if (text.charCodeAt(start) !== 0x7b2c /* 第 */) return null;
  ORDINAL_STICKY.lastIndex = start;
  const match = ORDINAL_STICKY.exec(text);
  const ordinal = ordinalValue(match?.groups?.n);
  return match && ordinal !== null ? { ordinal, start, end: start + match[0].length } : null;
}

/*
 * Allocation-free readers for the Layer-1 classifier. They walk the regexes above step
 * by step (the same alternatives in the same order of preference, the same backtracking
 * outcomes), so they find exactly the spans findAmounts and findOrdinals find, without
 * match arrays, group objects or substrings. The character tables come from the same
 * constants as the regexes; test/domain/localIntentFastPath.test.ts holds the two
 * readings together, so a change to a regex's structure must be mirrored here.
 */

const C_ARABIC = 1;
const C_NUMERAL = 2;
const C_DIGIT = 4;
const C_CENTS_BLOCKER = 8;
const C_NON_MONEY_FOLLOWER = 16;
const C_SOFT_ENDING = 32;
const C_ORDINAL_BLOCKER = 64;
const C_ORDINAL_COUNTER = 128;
const C_MONEY_START = 256;
const C_UNIT_START = 512;
const C_ORDINAL_CHINESE = 1024;
/** The last character of a NON_MONEY_PREFIXES / AMOUNT_CUES word. */
const C_PREFIX_END = 2048;
const C_CUE_END = 4096;

/** The characters of a regex character-class body such as '0-9零〇'. */
function classChars(body: string): string[] {
  const chars: string[] = [];
  for (let i = 0; i < body.length; i++) {
    const from = body.charCodeAt(i);
    if (body[i + 1] === '-' && i + 2 < body.length) {
      for (let code = from; code <= body.charCodeAt(i + 2); code++) chars.push(String.fromCharCode(code));
      i += 2;
    } else {
      chars.push(String.fromCharCode(from));
    }
  }
  return chars;
}

const CHAR_CLASS = new Uint16Array(0x10000);
function mark(chars: Iterable<string>, flag: number): void {
  for (const ch of chars) CHAR_CLASS[ch.charCodeAt(0)]! |= flag;
}
mark(classChars('0-9'), C_ARABIC | C_MONEY_START);
mark(classChars(NUMERAL_CHARS), C_NUMERAL | C_MONEY_START);
mark(classChars(DIGIT_CHARS), C_DIGIT);
mark(classChars(CENTS_BLOCKERS), C_CENTS_BLOCKER);
mark(NON_MONEY_FOLLOWERS, C_NON_MONEY_FOLLOWER);
mark(SOFT_ENDINGS, C_SOFT_ENDING);
mark(classChars(ORDINAL_BLOCKERS), C_ORDINAL_BLOCKER);
mark(classChars(ORDINAL_CLASSIFIERS), C_ORDINAL_COUNTER);
mark(classChars(ORDINAL_CHINESE), C_ORDINAL_CHINESE);
mark(NON_MONEY_PREFIXES.map((word) => word[word.length - 1]!), C_PREFIX_END);
mark(AMOUNT_CUES.map((word) => word[word.length - 1]!), C_CUE_END);
mark(['¥', '￥'], C_MONEY_START);
mark([...YUAN_WORDS, ...JIAO_WORDS].map((word) => word[0]!), C_UNIT_START);

/** Char code → digit value (DIGIT_VALUES), -1 for other characters. */
const DIGIT_CODE_VALUES = new Int8Array(0x10000).fill(-1);
for (const [ch, value] of Object.entries(DIGIT_VALUES)) DIGIT_CODE_VALUES[ch.charCodeAt(0)] = value;

const CODE_COMMA = 0x2c;
const CODE_DOT = 0x2e;
const CODE_SPACE = 0x20;
const CODE_POINT = '点'.charCodeAt(0);
const CODE_HALF = '半'.charCodeAt(0);
const CODE_FEN = '分'.charCodeAt(0);
const CODE_DI = '第'.charCodeAt(0);
const CODE_YEN = '¥'.charCodeAt(0);
const CODE_FULLWIDTH_YEN = '￥'.charCodeAt(0);
const CODE_ZERO = '零'.charCodeAt(0);
const CODE_CIRCLE_ZERO = '〇'.charCodeAt(0);
const CODE_TEN = '十'.charCodeAt(0);
const CODE_HUNDRED = '百'.charCodeAt(0);
const CODE_THOUSAND = '千'.charCodeAt(0);
const CODE_TEN_THOUSAND = '万'.charCodeAt(0);
const CODE_HUNDRED_MILLION = '亿'.charCodeAt(0);

function isArabicCode(code: number): boolean {
  return code >= 48 && code <= 57;
}

/** Class flags of the character at i (0 past the end). */
function classAt(text: string, i: number): number {
  return i < text.length ? CHAR_CLASS[text.charCodeAt(i)]! : 0;
}

/** End of the ARABIC piece the regex reads at `start` (a digit). */
function arabicEnd(text: string, start: number): number {
  const n = text.length;
  let run = start;
  while (run < n && isArabicCode(text.charCodeAt(run))) run++;
  // \d{1,3}(?:,\d{3})+(?!\d) is tried first; \d+ otherwise.
  let end = run;
  if (run - start <= 3 && run < n && text.charCodeAt(run) === CODE_COMMA) {
    let groups = 0;
    let g = run;
    while (
      g + 3 < n &&
      text.charCodeAt(g) === CODE_COMMA &&
      isArabicCode(text.charCodeAt(g + 1)) &&
      isArabicCode(text.charCodeAt(g + 2)) &&
      isArabicCode(text.charCodeAt(g + 3))
    ) {
      g += 4;
      groups++;
    }
    if (groups > 0) {
      // (?!\d) failing after the last group backtracks one group (a comma follows then).
      if (g < n && isArabicCode(text.charCodeAt(g))) {
        if (groups >= 2) end = g - 4;
      } else {
        end = g;
      }
    }
  }
  if (end + 1 < n && text.charCodeAt(end) === CODE_DOT && isArabicCode(text.charCodeAt(end + 1))) {
    end += 2;
    while (end < n && isArabicCode(text.charCodeAt(end))) end++;
  }
  return end;
}

/** End of the NUMERAL the regex reads at `start`, -1 when none starts there. */
function numeralEnd(text: string, start: number): number {
  const n = text.length;
  let j = start;
  while (j < n) {
    const flags = CHAR_CLASS[text.charCodeAt(j)]!;
    if ((flags & C_ARABIC) !== 0) j = arabicEnd(text, j);
    else if ((flags & C_NUMERAL) !== 0) j++;
    else break;
  }
  if (j === start) return -1;
  if (j < n && text.charCodeAt(j) === CODE_POINT && (classAt(text, j + 1) & C_DIGIT) !== 0) {
    j += 2;
    while ((classAt(text, j) & C_DIGIT) !== 0) j++;
  }
  return j;
}

/** Length of the first of `words` (in order) found at `start`, 0 when none. */
function firstWordAt(text: string, start: number, words: readonly string[]): number {
  if ((classAt(text, start) & C_UNIT_START) === 0) return 0;
  for (const word of words) {
    if (text.startsWith(word, start)) return word.length;
  }
  return 0;
}

function centsBlockedAt(text: string, i: number): boolean {
  return (classAt(text, i) & C_CENTS_BLOCKER) !== 0;
}

/** After the optional jiao unit of AFTER_YUAN: (?:(?<fen>D)分?)? then the lookahead; -1 on failure. */
function centsTailEnd(text: string, at: number): number {
  if ((classAt(text, at) & C_DIGIT) !== 0) {
    if (at + 1 < text.length && text.charCodeAt(at + 1) === CODE_FEN && !centsBlockedAt(text, at + 2)) return at + 2;
    if (!centsBlockedAt(text, at + 1)) return at + 1;
  }
  return centsBlockedAt(text, at) ? -1 : at;
}

/** End of AFTER_YUAN at `start`, or `start` when the optional group does not match. */
function centsEnd(text: string, start: number): number {
  if (start >= text.length) return start;
  const code = text.charCodeAt(start);
  if (code === CODE_HALF) return centsBlockedAt(text, start + 1) ? start : start + 1;
  if ((CHAR_CLASS[code]! & C_DIGIT) === 0) return start;
  const afterJiao = start + 1;
  if ((classAt(text, afterJiao) & C_UNIT_START) !== 0) {
    for (const word of JIAO_WORDS) {
      if (!text.startsWith(word, afterJiao)) continue;
      const end = centsTailEnd(text, afterJiao + word.length);
      if (end >= 0) return end;
    }
  }
  const end = centsTailEnd(text, afterJiao);
  return end >= 0 ? end : start;
}

/** Where MONEY_SOURCE's groups fell in the last successful moneyMatchEnd(). */
let matchMainStart = 0;
let matchMainEnd = 0;
let matchHasCurrency = false;

/** End of the MONEY_SOURCE match at `start`, -1 when the regex finds none there. */
function moneyMatchEnd(text: string, start: number): number {
  const n = text.length;
  let mainStart = start;
  let hasCurrency = false;
  const first = text.charCodeAt(start);
  if (first === CODE_YEN || first === CODE_FULLWIDTH_YEN) {
    mainStart = start + 1;
    if (mainStart < n && text.charCodeAt(mainStart) === CODE_SPACE) mainStart++;
    hasCurrency = true;
  }
  // Without the prefix the match would have to start at ¥ or a space: no numeral does.
  const mainEnd = numeralEnd(text, mainStart);
  if (mainEnd < 0) return -1;
  let end = mainEnd;
  const yuan = firstWordAt(text, mainEnd, YUAN_WORDS);
  if (yuan > 0) {
    hasCurrency = true;
    end = centsEnd(text, mainEnd + yuan);
  } else {
    const jiao = firstWordAt(text, mainEnd, JIAO_WORDS);
    if (jiao > 0) {
      hasCurrency = true;
      end = mainEnd + jiao;
      if ((classAt(text, end) & C_DIGIT) !== 0) {
        end++;
        if (end < n && text.charCodeAt(end) === CODE_FEN) end++;
      }
    }
  }
  matchMainStart = mainStart;
  matchMainEnd = mainEnd;
  matchHasCurrency = hasCurrency;
  return end;
}

/** The language of ARABIC_WHOLE, on text[start, end). */
function isArabicWhole(text: string, start: number, end: number): boolean {
  let intEnd = end;
  for (let i = start; i < end; i++) {
    if (text.charCodeAt(i) === CODE_DOT) {
      intEnd = i;
      break;
    }
  }
  if (intEnd < end) {
    if (intEnd + 1 >= end) return false;
    for (let i = intEnd + 1; i < end; i++) if (!isArabicCode(text.charCodeAt(i))) return false;
  }
  if (intEnd === start) return false;
  let run = start;
  while (run < intEnd && isArabicCode(text.charCodeAt(run))) run++;
  if (run === intEnd) return true;
  if (run - start > 3 || (intEnd - run) % 4 !== 0) return false;
  for (let g = run; g < intEnd; g += 4) {
    if (
      text.charCodeAt(g) !== CODE_COMMA ||
      !isArabicCode(text.charCodeAt(g + 1)) ||
      !isArabicCode(text.charCodeAt(g + 2)) ||
      !isArabicCode(text.charCodeAt(g + 3))
    ) {
      return false;
    }
  }
  return true;
}

/** Number(text.slice(start, end) without commas), exactly, for an ARABIC piece. */
function arabicValue(text: string, start: number, end: number): number {
  let value = 0;
  let digits = 0;
  for (let i = start; i < end; i++) {
    const code = text.charCodeAt(i);
    if (code === CODE_COMMA) continue;
    if (!isArabicCode(code) || ++digits > 15) return Number(text.slice(start, end).replace(/,/g, ''));
    value = value * 10 + (code - 48);
  }
  return value;
}

/** parseNumeral(text.slice(start, end)) !== null, without the substring. */
function isNumeralIn(text: string, start: number, end: number): boolean {
  const length = end - start;
  if (length <= 0) return false;
  if (length === 1) {
    const code = text.charCodeAt(start);
    return code === CODE_TEN || DIGIT_CODE_VALUES[code]! >= 0;
  }
  for (let point = start; point < end; point++) {
    if (text.charCodeAt(point) !== CODE_POINT) continue;
    if (!isNumeralIn(text, start, point) || point + 1 >= end) return false;
    for (let i = point + 1; i < end; i++) if (DIGIT_CODE_VALUES[text.charCodeAt(i)]! < 0) return false;
    return true;
  }
  if (isArabicWhole(text, start, end)) return true;

  let section = 0;
  let digit = 0;
  let hasDigit = false;
  let digitIsSingle = false;
  let lastSmall = 0;
  let lastUnit = 0;
  let zeroSinceUnit = false;
  let i = start;
  while (i < end) {
    const code = text.charCodeAt(i);
    if (isArabicCode(code)) {
      let j = i;
      for (; j < end; j++) {
        const c = text.charCodeAt(j);
        if (!isArabicCode(c) && c !== CODE_DOT && c !== CODE_COMMA) break;
      }
      if (hasDigit || !isArabicWhole(text, i, j)) return false;
      digit = arabicValue(text, i, j);
      hasDigit = true;
      digitIsSingle = j - i === 1;
      i = j;
      continue;
    }
    i++;
    if (code === CODE_ZERO || code === CODE_CIRCLE_ZERO) {
      if (hasDigit) return false;
      zeroSinceUnit = true;
      continue;
    }
    const d = DIGIT_CODE_VALUES[code]!;
    if (d >= 0) {
      if (hasDigit) return false;
      digit = d;
      hasDigit = true;
      digitIsSingle = true;
      continue;
    }
    const small = code === CODE_TEN ? 10 : code === CODE_HUNDRED ? 100 : code === CODE_THOUSAND ? 1000 : 0;
    if (small !== 0) {
      let multiplier: number;
      if (hasDigit) multiplier = digit;
      else if (small === 10) multiplier = 1;
      else return false;
      if (lastSmall !== 0 && small >= lastSmall) return false;
      section += multiplier * small;
      lastSmall = small;
      lastUnit = small;
      hasDigit = false;
      zeroSinceUnit = false;
      continue;
    }
    const big = code === CODE_TEN_THOUSAND ? 10_000 : code === CODE_HUNDRED_MILLION ? 100_000_000 : 0;
    if (big !== 0) {
      if (section + (hasDigit ? digit : 0) === 0) return false;
      section = 0;
      hasDigit = false;
      lastSmall = 0;
      lastUnit = big;
      zeroSinceUnit = false;
      continue;
    }
    return false;
  }
  if (hasDigit && !(digitIsSingle && !zeroSinceUnit && lastUnit >= 100) && lastUnit !== 0 && digit >= lastUnit) return false;
  return true;
}

/** standsAsAmount for a match without currency, whose main is text[start, end). */
function standsAsAmountAt(text: string, start: number, end: number): boolean {
  const next = classAt(text, end);
  if ((next & C_NON_MONEY_FOLLOWER) !== 0) return false;
  const before = start > 0 ? CHAR_CLASS[text.charCodeAt(start - 1)]! : 0;
  if ((before & C_PREFIX_END) !== 0 && endsWithAny(text, start, NON_MONEY_PREFIXES)) return false;
  if (end - start === 1 && !isArabicCode(text.charCodeAt(start)) && end < text.length && (next & C_SOFT_ENDING) === 0) {
    return (before & C_CUE_END) !== 0 && endsWithAny(text, start, AMOUNT_CUES);
  }
  return true;
}

/**
 * The spans findAmounts(text) returns, as [start, end] pairs in `spans`, without reading
 * their values; stops after `limit` spans. Returns how many were written. `spans` must
 * hold 2 × min(limit, text.length) numbers.
 */
export function findAmountSpans(text: string, spans: Int32Array, limit: number): number {
  const n = text.length;
  let count = 0;
  let p = 0;
  while (p < n) {
    if ((CHAR_CLASS[text.charCodeAt(p)]! & C_MONEY_START) === 0) {
      p++;
      continue;
    }
    const end = moneyMatchEnd(text, p);
    if (end < 0) {
      p++;
      continue;
    }
    if (
      (matchHasCurrency || standsAsAmountAt(text, matchMainStart, matchMainEnd)) &&
      isNumeralIn(text, matchMainStart, matchMainEnd)
    ) {
      spans[2 * count] = p;
      spans[2 * count + 1] = end;
      if (++count >= limit) return count;
    }
    p = end;
  }
  return count;
}

/** After 第X: a counter is taken, else nothing that continues a number or names a date may follow. */
function ordinalTailEnd(text: string, at: number): number {
  const flags = classAt(text, at);
  if ((flags & C_ORDINAL_COUNTER) !== 0) return at + 1;
  return (flags & C_ORDINAL_BLOCKER) !== 0 ? -1 : at;
}

/**
 * The 第X笔 starting exactly at `start`, as ordinalAt reads it, packed as end × 16 + ordinal
 * (ordinal 1..10); -1 when none.
 */
export function ordinalMatchAt(text: string, start: number): number {
  if (text.charCodeAt(start) !== CODE_DI || start + 1 >= text.length) return -1;
  const at = start + 1;
  const code = text.charCodeAt(at);
  if (code === 49 && at + 1 < text.length && text.charCodeAt(at + 1) === 48) {
    const end = ordinalTailEnd(text, at + 2);
    if (end >= 0) return end * 16 + 10;
  }
  let ordinal: number;
  if (code >= 49 && code <= 57) ordinal = code - 48;
  else if (code === CODE_TEN) ordinal = 10;
  else if ((CHAR_CLASS[code]! & C_ORDINAL_CHINESE) !== 0) ordinal = DIGIT_CODE_VALUES[code]!;
  else return -1;
  const end = ordinalTailEnd(text, at + 1);
  return end >= 0 ? end * 16 + ordinal : -1;
}

/** findOrdinals(text).length > 0, without the matches. */
export function hasOrdinal(text: string): boolean {
  for (let i = text.indexOf('第'); i >= 0; i = text.indexOf('第', i + 1)) {
    if (ordinalMatchAt(text, i) >= 0) return true;
  }
  return false;
}
