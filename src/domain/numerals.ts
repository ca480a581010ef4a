import { normalizeUtterance } from './textNormalize.js';

const DIGIT_VALUES: Readonly<Record<string, number>> = {
  零: 0, 〇: 0, 一: 1, 二: 2, 两: 2, 三: 3, 四: 4, 五: 5, 六: 6, 七: 7, 八: 8, 九: 9,
  '0': 0, '1': 1, '2': 2, '3': 3, '4': 4, '5': 5, '6': 6, '7': 7, '8': 8, '9': 9,
};
const SMALL_UNITS: Readonly<Record<string, number>> = { 十: 10, 百: 100, 千: 1000 };
const BIG_UNITS: Readonly<Record<string, number>> = { 万: 10_000, 亿: 100_000_000 };

const DIGIT_CHARS = '0-9零〇一二两三四五六七八九';
const NUMERAL_CHARS = '零〇一二两三四五六七八九十百千万亿';
const ARABIC = String.raw`(?:\d{1,3}(?:,\d{3})+(?!\d)|\d+)(?:\.\d+)?`;
const NUMERAL = `(?:${ARABIC}|[${NUMERAL_CHARS}])+(?:点[${DIGIT_CHARS}]+)?`;
const YUAN_UNIT = '块钱|元钱|块|元|圆|蚊| ?rmb|人民币';
const JIAO_UNIT = '毛钱|毛|角钱|角';
/** Cents after 块/元 (28块5, 3块2毛, 3块2毛5, 一块半); refused when it would cut a longer number. */
const AFTER_YUAN = `(?:半|(?<jiao>[${DIGIT_CHARS}])(?:${JIAO_UNIT})?(?:(?<fen>[${DIGIT_CHARS}])分?)?)(?![${DIGIT_CHARS}十百千万])`;
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
const ORDINAL_SOURCE = `第(?<n>10|[1-9]|[一二两三四五六七八九十])(?:[${ORDINAL_CLASSIFIERS}]|(?![0-9${NUMERAL_CHARS}次天年月名届期号日回遍]))`;
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
