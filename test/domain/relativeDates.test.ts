import { describe, expect, it } from 'vitest';
import { addDays, calendarDayProblem, findDayMention, isCalendarDay, resolveDayWord } from '../../src/domain/relativeDates.js';

// Weekdays worked out by hand: 2026-03-01 is a Sunday, 2026-03-02 a Monday, 2024-03-01 a Friday.
const CASES: readonly (readonly [today: string, word: string, day: string | null])[] = [
  ['2026-03-01', '今天', '2026-03-01'],
  ['2026-03-01', '昨天', '2026-02-28'],
  ['2024-03-01', '昨天', '2024-02-29'],
  ['2000-03-01', '昨天', '2000-02-29'],
  ['2100-03-01', '昨天', '2100-02-28'],
  ['2026-01-01', '昨天', '2025-12-31'],
  ['2026-03-01', '作天', '2026-02-28'],
  ['2026-03-01', '前天', '2026-02-27'],
  ['2028-03-01', '前天', '2028-02-28'],
  ['2026-03-01', '大前天', '2026-02-26'],
  ['2026-01-02', '大前天', '2025-12-30'],
  ['2026-03-01', '三天前', '2026-02-26'],
  ['2026-03-01', '两天前', '2026-02-27'],
  ['2026-03-01', '10天前', '2026-02-19'],
  ['2026-03-01', '十天以前', '2026-02-19'],
  ['2026-03-01', '上周五', '2026-02-20'],
  ['2026-03-02', '上周五', '2026-02-27'],
  ['2026-03-02', '上星期五', '2026-02-27'],
  ['2026-03-01', '上周日', '2026-02-22'],
  ['2026-03-01', '这周一', '2026-02-23'],
  ['2026-03-02', '这周一', '2026-03-02'],
  ['2026-03-01', '本周日', '2026-03-01'],
  ['2026-03-01', '这个礼拜三', '2026-02-25'],
  ['2024-03-01', '这周四', '2024-02-29'],
  ['2026-03-01', '1号', '2026-03-01'],
  ['2026-03-01', '3号', '2026-02-03'],
  ['2026-03-15', '3号', '2026-03-03'],
  ['2026-03-15', '十五号', '2026-03-15'],
  ['2026-03-01', '31号', '2026-01-31'],
  ['2026-01-05', '三十一号', '2025-12-31'],
  ['2026-03-01', '29日', '2026-01-29'],
  ['2024-03-01', '29号', '2024-02-29'],
  ['2026-03-05', '3月2号', '2026-03-02'],
  ['2026-03-05', '3月2日', '2026-03-02'],
  ['2026-03-01', '3月2日', '2025-03-02'],
  ['2026-03-01', '三月一号', '2026-03-01'],
  ['2026-03-01', '去年12月31日', '2025-12-31'],
  ['2026-03-01', '十二月三十一号', '2025-12-31'],
  ['2026-03-01', '今年1月5日', '2026-01-05'],
  ['2026-03-01', '前年2月29日', '2024-02-29'],
  ['2026-03-01', '2025年6月1日', '2025-06-01'],
  ['2024-03-01', '2月29号', '2024-02-29'],
  // Days that do not exist: a mention without a day.
  ['2026-03-01', '2月29日', null],
  ['2026-03-01', '2月30号', null],
  ['2026-03-01', '去年2月29日', null],
  ['2026-03-01', '4月31日', null],
  // Not days at all.
  ['2026-03-01', '32号', null],
  ['2026-03-01', '13月1日', null],
  ['2026-03-01', '0天前', null],
  ['2026-03-01', '打车', null],
  ['2026-03-01', '昨天打车', null],
];

describe("relative days resolve against the dialogue's today (week = Monday to Sunday)", () => {
  it.each(CASES)('on %s, %s is %s', (today, word, day) => {
    expect(resolveDayWord(word, today)).toBe(day);
  });
});

describe('findDayMention: the first day named in an utterance', () => {
  it('finds the day, where it is and what it means', () => {
    expect(findDayMention('昨天打车30', '2026-03-01')).toEqual({ start: 0, end: 2, text: '昨天', date: '2026-02-28' });
    expect(findDayMention('那个就是上周五的烧烤一百二十八', '2026-03-02')).toMatchObject({ start: 4, text: '上周五', date: '2026-02-27' });
    expect(findDayMention('打车三十，大前天买菜二十', '2026-03-01')).toMatchObject({ start: 5, text: '大前天', date: '2026-02-26' });
  });

  it('keeps a mention of a day that does not exist, without a day', () => {
    expect(findDayMention('2月30号吃饭50', '2026-03-01')).toEqual({ start: 0, end: 5, text: '2月30号', date: null });
  });

  it('does not read a line, a floor or an amount as a day', () => {
    expect(findDayMention('坐2号线花了4块', '2026-03-01')).toBeNull();
    expect(findDayMention('3号楼楼下买水2块', '2026-03-01')).toBeNull();
    expect(findDayMention('午饭35块', '2026-03-01')).toBeNull();
  });

  it.each([
    ['1号房租77', { start: 0, end: 2, text: '1号', date: '2026-03-01' }],
    ['22号房租878', { start: 0, end: 3, text: '22号', date: '2026-02-22' }],
    ['住3号房交了房费200', null],
    ['3号房间空调修理150', null],
  ])('号 before 房租 names a day, before a room (房, 房间) it does not: %s', (text, mention) => {
    expect(findDayMention(text, '2026-03-01')).toEqual(mention);
  });

  it('throws when today is not a calendar day (a harness bug, never data)', () => {
    expect(() => findDayMention('昨天', '2026-02-30')).toThrow(/not a calendar day/);
  });
});

describe('calendar days', () => {
  it.each([
    ['2026-03-01', true],
    ['2024-02-29', true],
    ['2026-02-29', false],
    ['2026-02-30', false],
    ['2026-04-31', false],
    ['2026-13-01', false],
    ['2026-3-1', false],
    ['昨天', false],
    ['3/2', false],
    [' 2026-03-01', false],
  ])('%s is a calendar day: %s', (text, expected) => {
    expect(isCalendarDay(text)).toBe(expected);
  });

  it('says why a day is not one', () => {
    expect(calendarDayProblem('2026-02-30')).toBe('2026-02 has 28 days');
    expect(calendarDayProblem('2026-13-01')).toBe('there is no month 13');
    expect(calendarDayProblem('3/2')).toBe('not written YYYY-MM-DD');
    expect(calendarDayProblem('2024-02-29')).toBeNull();
  });

  it('adds days across month and year ends', () => {
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29');
    expect(addDays('2025-12-31', 1)).toBe('2026-01-01');
    expect(addDays('2026-03-01', -365)).toBe('2025-03-01');
  });
});

describe('day counts read whole, and days that would fall before year 1 (issue 47, items 1 and 2)', () => {
  // Counted independently by Python's datetime (proleptic Gregorian): date(2026, 3, 1) - timedelta(n).
  it.each([
    ['12345天前', '1992-05-13'],
    ['九千九百九十九天前', '1998-10-15'],
    ['99999天前', '1752-05-17'],
    ['九万九千九百九十九天前', '1752-05-17'],
    ['2026年3月1日', '2026-03-01'],
  ])('on 2026-03-01, %s is %s (every digit counts)', (word, day) => {
    expect(resolveDayWord(word, '2026-03-01')).toBe(day);
  });

  it('a count past year 1 is a mention without a day, never a day of its tail', () => {
    expect(findDayMention(`${'9'.repeat(12)}天前打车30`, '2026-03-01')).toEqual({ start: 0, end: 14, text: `${'9'.repeat(12)}天前`, date: null });
    expect(findDayMention(`${'9'.repeat(400)}天前`, '2026-03-01')).toMatchObject({ start: 0, date: null });
    expect(findDayMention('12345号', '2026-03-01')).toBeNull();
    expect(findDayMention('12025年3月2日', '2026-03-01')).toMatchObject({ start: 0, date: null });
  });

  it.each([
    ['0001-01-01', '昨天', null],
    ['0001-01-01', '今天', '0001-01-01'],
    ['0001-01-05', '9999天前', null],
    ['0001-01-05', '3天前', '0001-01-02'],
    ['0001-01-05', '31号', null],
    ['0001-01-05', '去年3月2日', null],
    ['0001-01-03', '上周五', null],
    ['0001-03-01', '昨天', '0001-02-28'],
  ])('on %s, %s is %s (no year 0, no negative year)', (today, word, day) => {
    expect(resolveDayWord(word, today)).toBe(day);
  });

  it('addDays refuses to leave the years 1–9999', () => {
    expect(() => addDays('0001-01-01', -1)).toThrow(/outside the years 1–9999/);
    expect(() => addDays('9999-12-31', 1)).toThrow(/outside the years 1–9999/);
  });
});
