import { parseNumeral } from './numerals.js';

/**
 * The days a user names (昨天, 前天, 三天前, 上周五, 3号, 3月2日, 去年12月31日), resolved against the
 * day the dialogue takes as today into ISO days (YYYY-MM-DD). Pure: today is always passed in.
 *
 * Conventions (docs/dataset-format.md, "Dates"):
 * - A week starts on Monday: 这周一 is the Monday of today's week, 上周五 the Friday of the week before.
 *   On Sunday 2026-03-01 这周一 is 2026-02-23; on Monday 2026-03-02 上周五 is 2026-02-27.
 * - N号 / N日 is the latest day numbered N that is not after today (on 2026-03-01, 3号 is 2026-02-03
 *   and 1号 is today); a month without that day is skipped (31号 on 2026-03-01 is 2026-01-31).
 * - M月D日 is this year's, or last year's when this year's is after today. 去年 / 前年 / 今年 or
 *   2025年 name the year. A day that does not exist (2月30日, 2026年2月29日) is a mention without a day (date null).
 */

const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
const MS_PER_DAY = 86_400_000;
/** The farthest time a JavaScript Date holds, either side of 1970. */
const MAX_DATE_MS = 8.64e15;

interface Day {
  readonly year: number;
  readonly month: number;
  readonly day: number;
}

export function daysInMonth(year: number, month: number): number {
  if (month === 2) return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0 ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}

function dayOf(year: number, month: number, day: number): Day | null {
  if (!Number.isInteger(year) || year < 1 || year > 9999 || month < 1 || month > 12) return null;
  return Number.isInteger(day) && day >= 1 && day <= daysInMonth(year, month) ? { year, month, day } : null;
}

function parseDay(text: string): Day | null {
  const match = ISO_DAY.exec(text);
  return match ? dayOf(Number(match[1]), Number(match[2]), Number(match[3])) : null;
}

/** `YYYY-MM-DD` naming a day of the calendar: 2024-02-29 is one, 2026-02-30 and 2026-2-3 are not. */
export function isCalendarDay(text: unknown): text is string {
  return typeof text === 'string' && parseDay(text) !== null;
}

/** Why `text` is not a calendar day, in a few words (for located errors): null when it is one. */
export function calendarDayProblem(text: string): string | null {
  const match = ISO_DAY.exec(text);
  if (!match) return 'not written YYYY-MM-DD';
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (month < 1 || month > 12) return `there is no month ${month}`;
  if (year < 1) return 'there is no year 0';
  const last = daysInMonth(year, month);
  return day < 1 || day > last ? `${year}-${pad(month)} has ${last} days` : null;
}

/**
 * The first day a run may take as today. Days are counted back from today (the prompt's yesterday, a
 * simulated user's days, 去年), so the years just after year 1 cannot be today: 0001-01-01 has no
 * yesterday, and `Date.UTC` (which the simulated users count with) reads the years 0–99 as 1900–1999.
 * From year 1000 on every day counted back from today exists and is counted right.
 */
export const EARLIEST_TODAY = '1000-01-01';

/** Why `text` cannot be a today (a dataset's, a file's, `--today`), in a few words: null when it can. */
export function todayProblem(text: string): string | null {
  const problem = calendarDayProblem(text);
  if (problem) return problem;
  return text < EARLIEST_TODAY
    ? `before ${EARLIEST_TODAY}, the first day that can be today (days are counted back from it): give ${EARLIEST_TODAY} or later`
    : null;
}

function pad(n: number, width = 2): string {
  return String(n).padStart(width, '0');
}

function iso(day: Day): string {
  return `${pad(day.year, 4)}-${pad(day.month)}-${pad(day.day)}`;
}

function toUtc(day: Day): Date {
  const date = new Date(0);
  date.setUTCFullYear(day.year, day.month - 1, day.day);
  return date;
}

function fromUtc(date: Date): Day {
  return { year: date.getUTCFullYear(), month: date.getUTCMonth() + 1, day: date.getUTCDate() };
}

/** The day `days` after `day` (negative: before); null when that is outside the years 1–9999. */
function shift(day: Day, days: number): Day | null {
  const time = toUtc(day).getTime() + days * MS_PER_DAY;
  if (!Number.isFinite(time) || Math.abs(time) > MAX_DATE_MS) return null;
  const moved = fromUtc(new Date(time));
  return dayOf(moved.year, moved.month, moved.day);
}

/** The ISO day `days` after `day` (negative: before). Throws on a day that is not one, given or reached. */
export function addDays(day: string, days: number): string {
  const moved = shift(requireDay(day), days);
  if (!moved) throw new RangeError(`${days} days from ${day} is outside the years 1–9999`);
  return iso(moved);
}

function requireDay(text: string): Day {
  const day = parseDay(text);
  if (!day) throw new RangeError(`not a calendar day: ${text}`);
  return day;
}

/** 0 for Monday … 6 for Sunday. */
function weekdayIndex(day: Day): number {
  return (toUtc(day).getUTCDay() + 6) % 7;
}

/** Days back from today, by the word (作天 is how speech recognition often writes 昨天). */
const DAYS_BACK: Readonly<Record<string, number>> = { 今天: 0, 今日: 0, 昨天: 1, 昨日: 1, 作天: 1, 前天: 2, 大前天: 3 };
const WEEKDAYS: Readonly<Record<string, number>> = {
  一: 0,
  二: 1,
  三: 2,
  四: 3,
  五: 4,
  六: 5,
  日: 6,
  天: 6,
  '1': 0,
  '2': 1,
  '3': 2,
  '4': 3,
  '5': 4,
  '6': 5,
  '7': 6,
};
const YEARS_BACK: Readonly<Record<string, number>> = { 今年: 0, 去年: 1, 前年: 2 };

const CHINESE_NUMERAL = '零〇一二两三四五六七八九十百千万亿';
/**
 * A number starts where no number of its own script goes on before it: the 5 of 12345号 and the 九十九
 * of 九千九百九十九天前 are not numbers of their own (a number read from its middle named a wrong day).
 */
const NUMBER_START = `(?:(?<![0-9.,])(?=[0-9])|(?<![${CHINESE_NUMERAL}])(?=[${CHINESE_NUMERAL}]))`;
const NUMBER = `${NUMBER_START}[0-9零〇一二两三四五六七八九十]{1,4}`;
/** A count of days is read whole, however long (九千九百九十九天前, 99999天前); one past year 1 names no day. */
const DAY_COUNT = `${NUMBER_START}[0-9${CHINESE_NUMERAL}]+`;
// The longest form first at each place: 大前天 before 前天, M月D日 before D日.
const MENTION = new RegExp(
  [
    `(?:(?<year>今年|去年|前年)|${NUMBER_START}(?<fullYear>[0-9]+)年)?(?<month>${NUMBER})月(?<monthDay>${NUMBER})[日号]`,
    `(?<word>大前天|前天|昨天|昨日|作天|今天|今日)`,
    `(?<back>${DAY_COUNT})天(?:以)?前`,
    `(?<week>上|这|本)(?:个)?(?:周|星期|礼拜)(?<weekday>[一二三四五六日天1-7])`,
    // Not a line, a floor or a seat: 2号线, 3号楼, 3号房; but 1号房租 is the rent paid on the 1st.
    `(?<dayOfMonth>${NUMBER})[号日](?![线楼门店位桌床口车]|房(?!租))`,
  ].join('|'),
  'u',
);

/** A day named in a text: where, as written, and the ISO day it means (null: it names a day that does not exist). */
export interface DayMention {
  readonly start: number;
  readonly end: number;
  readonly text: string;
  readonly date: string | null;
}

/** The first day named in `text`, resolved against `today` (YYYY-MM-DD); null when none is named. */
export function findDayMention(text: string, today: string): DayMention | null {
  const now = requireDay(today);
  for (let from = 0; from < text.length;) {
    const match = MENTION.exec(text.slice(from));
    if (!match) return null;
    const date = resolveMatch(match.groups ?? {}, now);
    const start = from + match.index;
    if (date !== undefined) return { start, end: start + match[0].length, text: match[0], date: date && iso(date) };
    from = start + 1;
  }
  return null;
}

/**
 * The ISO day a whole word names (昨天, 3月2号, 上周五) for `today`; null when `word` is not just a
 * day or names none that exists.
 */
export function resolveDayWord(word: string, today: string): string | null {
  const trimmed = word.trim();
  const mention = findDayMention(trimmed, today);
  return mention && mention.start === 0 && mention.end === trimmed.length ? mention.date : null;
}

/** undefined: the match is not a day after all (a number that is not one); null: a day that does not exist. */
function resolveMatch(groups: Record<string, string | undefined>, today: Day): Day | null | undefined {
  const { year, fullYear, month, monthDay, word, back, week, weekday, dayOfMonth } = groups;
  if (word !== undefined) return shift(today, -DAYS_BACK[word]!);
  if (back !== undefined) {
    // Whole by the pattern; so many digits they read as Infinity is a count past year 1 all the same.
    const days = parseNumeral(back);
    return days === null || days < 1 ? undefined : shift(today, -days);
  }
  if (week !== undefined && weekday !== undefined) {
    return shift(today, -weekdayIndex(today) + (week === '上' ? -7 : 0) + WEEKDAYS[weekday]!);
  }
  if (month !== undefined && monthDay !== undefined) {
    const named = fullYear !== undefined ? Number(fullYear) : year !== undefined ? today.year - YEARS_BACK[year]! : undefined;
    return monthDayOf(named, numberOf(month), numberOf(monthDay), today);
  }
  if (dayOfMonth !== undefined) return latestDayNumbered(numberOf(dayOfMonth), today);
  return undefined;
}

function numberOf(text: string): number | null {
  const value = parseNumeral(text);
  return value !== null && Number.isInteger(value) ? value : null;
}

function monthDayOf(year: number | undefined, month: number | null, day: number | null, today: Day): Day | null | undefined {
  if (month === null || day === null || month < 1 || month > 12 || day < 1 || day > 31) return undefined;
  if (year !== undefined) return dayOf(year, month, day);
  const afterToday = month > today.month || (month === today.month && day > today.day);
  return dayOf(afterToday ? today.year - 1 : today.year, month, day);
}

/** null: that day would be before year 1. */
function latestDayNumbered(n: number | null, today: Day): Day | null | undefined {
  if (n === null || n < 1 || n > 31) return undefined;
  let { year, month } = today;
  if (n > today.day) [year, month] = previousMonth(year, month);
  while (n > daysInMonth(year, month)) [year, month] = previousMonth(year, month);
  return dayOf(year, month, n);
}

function previousMonth(year: number, month: number): [number, number] {
  return month === 1 ? [year - 1, 12] : [year, month - 1];
}

/** The day a run takes as today when neither the dialogue, its file nor `run --today` names one: fixed, so runs reproduce. */
export const DEFAULT_TODAY = '2026-03-01';

/**
 * Why `value` cannot stand where a calendar day is expected (a dataset's date, a model's answer),
 * null when it can. A relative word gets the day it means for `today` as the hint.
 */
export function dayValueProblem(value: string, today: string): string | null {
  if (parseDay(value) !== null) return null;
  const meant = resolveDayWord(value, today);
  const why = meant ? `write the day ${value.trim()} means for today ${today}: ${meant}` : calendarDayProblem(value);
  return `must be a calendar day YYYY-MM-DD (got ${JSON.stringify(value)}): ${why}`;
}
