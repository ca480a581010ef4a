import { describe, expect, it } from 'vitest';
import {
  findAmounts,
  findFirstAmount,
  findOrdinals,
  parseChineseNumber,
  parseNumeral,
  parseOrdinal,
} from '../../src/domain/numerals.js';

describe('parseChineseNumber', () => {
  it.each([
    ['60', 60],
    ['28.5', 28.5],
    ['1,200', 1200],
    ['１２０', 120],
    ['三十五', 35],
    ['一百二十', 120],
    ['两百', 200],
    ['两千五', 2500],
    ['一百二', 120],
    ['三千零五', 3005],
    ['一百零五', 105],
    ['一千零二十', 1020],
    ['十五', 15],
    ['十', 10],
    ['二十', 20],
    ['一万二', 12000],
    ['一万二千', 12000],
    ['十万', 100000],
    ['3万', 30000],
    ['1.5万', 15000],
    ['2千5', 2500],
    ['三点五', 3.5],
    ['二十八点五', 28.5],
    ['零', 0],
  ])('reads the numeral %s as %d', (text, expected) => {
    expect(parseChineseNumber(text)).toBe(expected);
  });

  it.each([
    ['28块5', 28.5],
    ['3块2毛', 3.2],
    ['3块2', 3.2],
    ['3块2毛5', 3.25],
    ['五毛', 0.5],
    ['两毛五', 0.25],
    ['一块五', 1.5],
    ['一块半', 1.5],
    ['¥60', 60],
    ['￥35', 35],
    ['¥ 12.5', 12.5],
    ['60元', 60],
    ['35块', 35],
    ['35块钱', 35],
    ['三十五块钱', 35],
    ['60rmb', 60],
    ['60RMB', 60],
    ['100 rmb', 100],
    ['五十元钱', 50],
  ])('reads the money expression %s as %d', (text, expected) => {
    expect(parseChineseNumber(text)).toBe(expected);
  });

  it.each(['', '百', '千万', '万一', '一二', '吃饭', '60块吃饭', '第二笔', '三五', '十十'])('refuses %j', (text) => {
    expect(parseChineseNumber(text)).toBeNull();
  });

  it('parseNumeral reads bare numerals only', () => {
    expect(parseNumeral('两千五')).toBe(2500);
    expect(parseNumeral('35块')).toBeNull();
  });
});

describe('findAmounts', () => {
  const values = (text: string) => findAmounts(text).map((a) => a.value);

  it('finds the four amounts of the seed 000 multi-transaction utterance, in order', () => {
    expect(values('吃饭花了60，洗脚花了60，抢红包抢了30，工资收到90')).toEqual([60, 60, 30, 90]);
  });

  it('reports where each amount is and whether a unit was spoken', () => {
    const [amount] = findAmounts('午饭35块');
    expect(amount).toEqual({ value: 35, start: 2, end: 5, hasCurrency: true });
    expect(findFirstAmount('奶茶15')).toEqual({ value: 15, start: 2, end: 4, hasCurrency: false });
  });

  it.each([
    ['第2笔改成100', [100]],
    ['第二笔改成五十', [50]],
    ['两个人吃饭花了100', [100]],
    ['3月5号打车30', [30]],
    ['奶茶两杯30', [30]],
    ['打了8折花了80', [80]],
    ['一共50', [50]],
    ['还有一笔奶茶15', [15]],
    ['三点钟打车20', [20]],
    ['周五聚餐200', [200]],
    ['100度电费60', [60]],
  ])('skips counts, dates, times and ordinals in %s', (text, expected) => {
    expect(values(text)).toEqual(expected);
  });

  it.each(['改一下', '便宜一点', '一起吃饭', '三明治', '百货', '千万别记错', '万一'])('finds no amount in %s', (text) => {
    expect(values(text)).toEqual([]);
  });

  it.each([
    ['打车五', [5]],
    ['花了五', [5]],
    ['改成五吧', [5]],
    ['八宝粥5块', [5]],
    ['3块2毛和五毛', [3.2, 0.5]],
    ['吃饭60,打车30', [60, 30]],
    ['吃饭60打车30', [60, 30]],
  ])('finds lone digits and adjacent amounts in %s', (text, expected) => {
    expect(values(text)).toEqual(expected);
  });
});

describe('parseOrdinal', () => {
  it.each([
    ['第一笔', 1],
    ['第二笔', 2],
    ['第两笔', 2],
    ['第三个', 3],
    ['第十条', 10],
    ['第2笔', 2],
    ['第10笔', 10],
    ['第２笔', 2],
    ['第五项', 5],
    ['第九', 9],
  ])('reads %s as %d (1-based)', (text, expected) => {
    expect(parseOrdinal(text)).toBe(expected);
  });

  it.each(['第十一笔', '第11笔', '第0笔', '第零笔', '二笔', '第二笔确认', '第一次', '第二天'])('refuses %s', (text) => {
    expect(parseOrdinal(text)).toBeNull();
  });

  it('findOrdinals finds each 第X笔 with its span', () => {
    expect(findOrdinals('第一笔和第三笔都改成支出')).toEqual([
      { ordinal: 1, start: 0, end: 3 },
      { ordinal: 3, start: 4, end: 7 },
    ]);
    expect(findOrdinals('第一次来')).toEqual([]);
  });
});
