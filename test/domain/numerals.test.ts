import { describe, expect, it } from 'vitest';
import {
  containsAmount,
  findAmounts,
  findAmountSpans,
  findFirstAmount,
  findOrdinals,
  hasOrdinal,
  ordinalAt,
  ordinalMatchAt,
  parseChineseNumber,
  parseNumeral,
  parseOrdinal,
} from '../../src/domain/numerals.js';
import { normalizeUtterance } from '../../src/domain/textNormalize.js';
import { Random } from '../../src/util/random.js';

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
    ['花了一下午打车20', [20]],
    ['住了一百二十年', []],
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
    ['挂号一百二下午买药六十八', [120, 68]],
    ['工资一万二年终奖三万', [12000, 30000]],
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

// ---- Properties over generated text --------------------------------------------------------

const CHINESE_DIGITS = '零一二三四五六七八九';

/** The written-out form of 1..9999: 三千零五, 一百一十, 二十. */
function spellSection(n: number): string {
  let out = '';
  let gap = false;
  for (const [unit, size] of [
    ['千', 1000],
    ['百', 100],
    ['十', 10],
    ['', 1],
  ] as const) {
    const digit = Math.floor(n / size) % 10;
    if (digit === 0) {
      gap = out.length > 0;
      continue;
    }
    if (gap) out += '零';
    out += CHINESE_DIGITS[digit]! + unit;
    gap = false;
  }
  return out;
}

/** The written-out form of 1..99,999,999: 一万零一十, 三百万零五. */
function spell(n: number): string {
  const high = Math.floor(n / 10_000);
  const low = n % 10_000;
  if (high === 0) return spellSection(low);
  if (low === 0) return `${spellSection(high)}万`;
  return `${spellSection(high)}万${low < 1000 ? '零' : ''}${spellSection(low)}`;
}

const TEXT_PIECES = [
  ...'0123456789零〇一二两三四五六七八九十百千万亿点块元圆蚊毛角钱分半¥￥ ,.第笔个条项次天月号周花了是成吧的，。%',
  '块钱',
  ' rmb',
  '人民币',
  '毛钱',
  '星期',
  '礼拜',
  '花了',
  '收到',
  '1,234',
  '12,345,678',
  '第10',
  '１２',
  '打车',
  '吃饭',
];
const TEXTS = (() => {
  const random = new Random(20_261_122);
  return Array.from({ length: 20_000 }, () => {
    let text = '';
    for (let i = random.int(1, 12); i > 0; i--) text += random.pick(TEXT_PIECES);
    return normalizeUtterance(text);
  });
})();

describe('the numeral grammar over generated text', () => {
  it('reads every written-out number back to its value', () => {
    const random = new Random(7);
    const numbers = [...Array.from({ length: 5000 }, () => random.int(1, 99_999_999)), ...Array.from({ length: 2000 }, (_, i) => i + 1)];
    const wrong = numbers.filter((n) => parseNumeral(spell(n)) !== n || parseChineseNumber(n.toLocaleString('en-US')) !== n);
    expect(wrong).toEqual([]);
  });

  it('reads yuan, jiao and fen as the sum of their values', () => {
    const random = new Random(11);
    const wrong = Array.from({ length: 3000 }, () => [random.int(1, 9999), random.int(0, 9), random.int(0, 9)] as const).filter(
      ([yuan, jiao, fen]) => parseChineseNumber(`${spell(yuan)}块${CHINESE_DIGITS[jiao]}毛${CHINESE_DIGITS[fen]}`) !== (yuan * 100 + jiao * 10 + fen) / 100,
    );
    expect(wrong).toEqual([]);
  });

  it('finds amounts that, read alone, have the value found, in order and without overlap', () => {
    const wrong = TEXTS.filter((text) => {
      const amounts = findAmounts(text);
      return amounts.some(
        (amount, i) => parseChineseNumber(text.slice(amount.start, amount.end)) !== amount.value || (i > 0 && amount.start < amounts[i - 1]!.end),
      );
    });
    expect(wrong).toEqual([]);
  });

  it('findAmountSpans, findFirstAmount and containsAmount agree with findAmounts', () => {
    const spans = new Int32Array(64);
    const wrong = TEXTS.filter((text) => {
      const amounts = findAmounts(text);
      const count = findAmountSpans(text, spans, 32);
      return (
        Array.from(spans.subarray(0, 2 * count)).join() !== amounts.flatMap((a) => [a.start, a.end]).join() ||
        findAmountSpans(text, spans, 1) !== Math.min(1, amounts.length) ||
        JSON.stringify(findFirstAmount(text)) !== JSON.stringify(amounts[0] ?? null) ||
        containsAmount(text) !== amounts.length > 0
      );
    });
    expect(wrong).toEqual([]);
  });

  it('finds each 第X笔 wherever one starts, and reads it alone as the same ordinal', () => {
    let found = 0;
    const wrong = TEXTS.filter((text) => {
      const ordinals = findOrdinals(text);
      found += ordinals.length;
      const starts = [...text].flatMap((_, i) => (ordinalAt(text, i) ? [i] : []));
      return (
        starts.join() !== ordinals.map((o) => o.start).join() ||
        hasOrdinal(text) !== ordinals.length > 0 ||
        ordinals.some((o) => parseOrdinal(text.slice(o.start, o.end)) !== o.ordinal || ordinalMatchAt(text, o.start) !== o.end * 16 + o.ordinal)
      );
    });
    expect(wrong).toEqual([]);
    expect(found).toBeGreaterThan(100);
  });
});
