/**
 * How a person names a past day relative to today: 昨天, 前天, 5天前, 上周五, 3号, 2月28号,
 * 去年12月31号. Written independently of the app's resolver (src/domain/relativeDates.ts) so that
 * a simulated user is a second opinion on what the words mean: a week starts on Monday, N号 is the
 * latest day numbered N not after today, M月D号 is this year's unless that is still to come.
 */

const MS_PER_DAY = 86_400_000;
const WEEKDAY_WORDS = ['一', '二', '三', '四', '五', '六', '日'] as const;
const RELATIVE_WORDS = ['今天', '昨天', '前天', '大前天'] as const;

/** How a phrase names the day; the speaker weighs the kinds (people say 昨天 more than 2月28号). */
export type DayPhraseKind = 'word' | 'daysAgo' | 'weekday' | 'dayOfMonth' | 'monthDay';

export interface DayPhrase {
  readonly kind: DayPhraseKind;
  /** Digits in Arabic numerals (3号, 5天前); the speaker may say them in Chinese. */
  readonly text: string;
}

function utcOf(day: string): number {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return Date.UTC(year, month - 1, date);
}

function isoOf(utc: number): string {
  return new Date(utc).toISOString().slice(0, 10);
}

/** The ISO day `days` before `day`. */
export function daysBefore(day: string, days: number): string {
  return isoOf(utcOf(day) - days * MS_PER_DAY);
}

/** Whole days from `earlier` to `later` (negative when `earlier` is after). */
export function daysBetween(earlier: string, later: string): number {
  return Math.round((utcOf(later) - utcOf(earlier)) / MS_PER_DAY);
}

/** Monday 0 … Sunday 6. */
function weekdayOf(day: string): number {
  return (new Date(utcOf(day)).getUTCDay() + 6) % 7;
}

function parts(day: string): { year: number; month: number; date: number } {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return { year, month, date };
}

/**
 * Every phrase that names `day` unambiguously on `today` (`day` not after `today`); days more
 * than a year back have only the 去年 form or none.
 */
export function dayPhrases(day: string, today: string): DayPhrase[] {
  const back = daysBetween(day, today);
  if (back < 0) throw new RangeError(`${day} is after today ${today}`);
  const phrases: DayPhrase[] = [];
  if (back < RELATIVE_WORDS.length) phrases.push({ kind: 'word', text: RELATIVE_WORDS[back]! });
  if (back >= 2 && back <= 10) phrases.push({ kind: 'daysAgo', text: `${back}天前` });
  const thisMonday = daysBefore(today, weekdayOf(today));
  const sinceMonday = daysBetween(thisMonday, day);
  const weekday = WEEKDAY_WORDS[weekdayOf(day)]!;
  if (sinceMonday >= 0) phrases.push({ kind: 'weekday', text: `这周${weekday}` });
  else if (sinceMonday >= -7) phrases.push({ kind: 'weekday', text: `上周${weekday}` });
  const d = parts(day);
  const t = parts(today);
  const sameMonth = d.year === t.year && d.month === t.month;
  const previousMonth = (t.month === 1 ? d.year === t.year - 1 && d.month === 12 : d.year === t.year && d.month === t.month - 1) && d.date > t.date;
  if (sameMonth || previousMonth) phrases.push({ kind: 'dayOfMonth', text: `${d.date}号` });
  const stillToCome = d.month > t.month || (d.month === t.month && d.date > t.date);
  if (d.year === t.year || (d.year === t.year - 1 && stillToCome)) phrases.push({ kind: 'monthDay', text: `${d.month}月${d.date}号` });
  if (d.year === t.year - 1) phrases.push({ kind: 'monthDay', text: `去年${d.month}月${d.date}号` });
  return phrases;
}
