import { describe, expect, it } from 'vitest';
import { resolveDayWord } from '../../src/domain/relativeDates.js';
import { chineseWhole } from '../../src/users/chineseNumber.js';
import { dayPhrases, daysBefore, daysBetween } from '../../src/users/spokenDays.js';

const texts = (day: string, today: string) => dayPhrases(day, today).map((phrase) => phrase.text);

describe('how a simulated user names a past day (issue 39 item 5)', () => {
  it('counts days across month, year and leap-day boundaries', () => {
    expect(daysBefore('2026-03-01', 1)).toBe('2026-02-28');
    expect(daysBefore('2024-03-01', 1)).toBe('2024-02-29');
    expect(daysBefore('2026-01-01', 2)).toBe('2025-12-30');
    expect(daysBetween('2025-12-30', '2026-01-02')).toBe(3);
    expect(daysBetween('2026-03-02', '2026-03-01')).toBe(-1);
  });

  it('names yesterday every way it can be named: 昨天, this week’s weekday, 28号, 2月28号 (today Sunday 2026-03-01)', () => {
    expect(texts('2026-02-28', '2026-03-01')).toEqual(['昨天', '这周六', '28号', '2月28号']);
  });

  it('a week starts on Monday: on Wednesday 2026-03-04, 2026-02-27 is 上周五 and 5天前; 2026-03-02 is 这周一', () => {
    expect(texts('2026-02-27', '2026-03-04')).toEqual(['5天前', '上周五', '27号', '2月27号']);
    expect(texts('2026-03-02', '2026-03-04')).toEqual(['前天', '2天前', '这周一', '2号', '3月2号']);
    expect(texts('2026-02-23', '2026-03-01')).toEqual(['6天前', '这周一', '23号', '2月23号']);
    expect(texts('2026-02-20', '2026-03-01')).toEqual(['9天前', '上周五', '20号', '2月20号']);
  });

  it('across the year: on 2026-01-01, 2025-12-31 is 昨天, 这周三, 31号, 12月31号 and 去年12月31号', () => {
    expect(texts('2025-12-31', '2026-01-01')).toEqual(['昨天', '这周三', '31号', '12月31号', '去年12月31号']);
    expect(texts('2025-12-26', '2026-01-01')).toEqual(['6天前', '上周五', '26号', '12月26号', '去年12月26号']);
  });

  it('29 February: on 2024-03-01 the day before is 2月29号; 大前天 is 2024-02-27', () => {
    expect(texts('2024-02-29', '2024-03-01')).toEqual(['昨天', '这周四', '29号', '2月29号']);
    expect(texts('2024-02-27', '2024-03-01')).toEqual(['大前天', '3天前', '这周二', '27号', '2月27号']);
  });

  it('N号 only while it is the latest day so numbered; M月D号 only while it is not still to come this year', () => {
    expect(texts('2026-03-03', '2026-03-15')).toEqual(['上周二', '3号', '3月3号']);
    expect(texts('2026-02-10', '2026-03-15')).toEqual(['2月10号']);
    expect(texts('2025-06-10', '2026-03-01')).toEqual(['6月10号', '去年6月10号']);
    expect(texts('2025-02-10', '2026-03-01')).toEqual(['去年2月10号']);
  });

  it('today itself is 今天; a day after today is refused', () => {
    expect(texts('2026-03-01', '2026-03-01')).toEqual(['今天', '这周日', '1号', '3月1号']);
    expect(() => dayPhrases('2026-03-02', '2026-03-01')).toThrow(RangeError);
  });

  it('agrees with the app’s resolver on every phrase, in both numerals, for 400 days back from several todays', () => {
    for (const today of ['2026-03-01', '2026-03-04', '2026-01-01', '2024-03-01', '2024-12-31', '2026-05-31']) {
      for (let back = 0; back < 400; back++) {
        const day = daysBefore(today, back);
        for (const { text } of dayPhrases(day, today)) {
          expect(resolveDayWord(text, today), `${text} on ${today}`).toBe(day);
          expect(
            resolveDayWord(
              text.replace(/\d+/g, (n) => chineseWhole(Number(n))),
              today,
            ),
            `${text} in Chinese on ${today}`,
          ).toBe(day);
        }
      }
    }
  });
});
