/**
 * The words of the numeral grammar (numerals.ts): digits, units, currency words and the
 * neighbours that make a number a count, date or ordinal rather than an amount. Data only.
 */

/** Digit characters and their values; Arabic and Chinese alike. */
export const DIGIT_VALUES: Readonly<Record<string, number>> = {
  零: 0,
  〇: 0,
  一: 1,
  二: 2,
  两: 2,
  三: 3,
  四: 4,
  五: 5,
  六: 6,
  七: 7,
  八: 8,
  九: 9,
  '0': 0,
  '1': 1,
  '2': 2,
  '3': 3,
  '4': 4,
  '5': 5,
  '6': 6,
  '7': 7,
  '8': 8,
  '9': 9,
};
/** Units inside a section (三百五十) and units that close a section (两万, 三亿). */
export const SMALL_UNITS: Readonly<Record<string, number>> = { 十: 10, 百: 100, 千: 1000 };
export const BIG_UNITS: Readonly<Record<string, number>> = { 万: 10_000, 亿: 100_000_000 };
/** The decimal point of a spoken numeral (三点五). */
export const DECIMAL_POINT = '点';

/** Signs before an amount; one space may follow them (¥ 12). */
export const CURRENCY_SIGNS = ['¥', '￥'] as const;
/** Yuan words after a number, the longer reading first (块钱 before 块, ' rmb' before 'rmb'). */
export const YUAN_WORDS = ['块钱', '元钱', '块', '元', '圆', '蚊', ' rmb', 'rmb', '人民币'] as const;
/** Jiao (a tenth) words, the longer reading first. */
export const JIAO_WORDS = ['毛钱', '毛', '角钱', '角'] as const;
/** The fen (a hundredth) word after its digit (3块2毛5分). */
export const FEN_WORD = '分';
/** Half a yuan after a yuan word (一块半). */
export const HALF_WORD = '半';
/** Units that, right after the cents of 28块5, show the number goes on (3块256, 一块半十): no cents then. */
export const CENTS_BLOCKING_UNITS = '十百千万';

/**
 * What may follow a number that is then not an amount: counts, dates, times, sizes
 * (两个人, 3月5号, 三点, 8折, 一下, 一共). Checked only when the number has no money unit.
 */
export const NON_MONEY_FOLLOWERS = [
  ...'笔个条项次回天号日月年点岁杯份件瓶包盒张本双斤克米公里位人口顿碗盘串只台辆折成倍下些样起直定般会遍趟名季期节首部套箱袋罐支根周楼层室分秒度半共边种门家间届级班篇集场把颗粒片',
  '%',
] as const;
/**
 * Words that start with a follower above but name something else, so a numeral of two or more
 * characters before them stays an amount: 一百二下午 (afternoon, not 一下), 一万二年终奖.
 */
export const FOLLOWER_EXCEPTIONS = ['下午', '年终'] as const;
/** Words before a number that make it a date or an ordinal (第2笔, 星期三, 周五). */
export const NON_MONEY_PREFIXES = ['第', '星期', '礼拜', '周'] as const;
/** After these, even a lone 五 is an amount (花了五, 改成五). */
export const AMOUNT_CUES = ['花了', '花', '付了', '付', '收了', '收到', '赚了', '是', '成', '为', '到', '用了', '给了', '交了'] as const;
/** A lone Chinese digit right before one of these (or at the end) is an amount: 奶茶五, 改成五吧. */
export const SOFT_ENDINGS = [...'，,、；;。.！!？? 吧了啊呀啦哦的嘛呢'] as const;

/** Item references: 第 + 1..10 (Arabic, a Chinese digit or 十) + an optional counter. */
export const ORDINAL_MARK = '第';
export const MAX_ORDINAL = 10;
/** Counters after 第X that make it an item reference (第二笔, 第2个). */
export const ORDINAL_COUNTERS = '笔个条项';
/** After 第X these (and any numeral character) make it no item reference (第二次, 第三天, 第一名). */
export const ORDINAL_BLOCKERS = '次天年月名届期号日回遍';
