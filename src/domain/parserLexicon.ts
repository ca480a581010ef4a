/** Word tables of the offline parser (seed 002 decision 10): data, so a change is one line. */

/** Punctuation that separates transactions in one utterance. */
export const SEGMENT_DELIMITERS = '，,、；;。！!？? ';

/** Spoken joins between transactions; longer entries are consumed whole (还有一笔 before 还有). */
export const SEGMENT_CONNECTIVES = [
  '还有一笔', '还有一个', '再加一笔', '再记一笔', '另外还有', '再加上', '还有', '然后', '另外', '以及', '加上', '外加',
  '接着', '之后', '和', '再就是',
] as const;

/** Said before the thing bought, never part of it (今天中午吃饭 → 吃饭). */
export const LEADING_NOISE = [
  '今天', '昨天', '前天', '大前天', '今早', '今晚', '昨晚', '早上', '上午', '中午', '下午', '晚上', '傍晚', '刚才', '刚刚',
  '刚', '我们', '我', '咱们', '一笔', '一个', '还有', '再', '又', '那个', '就是', '嗯', '啊', '呃', '哦', '去', '在', '和', '跟',
] as const;

/** Said between the thing and the amount (吃饭花了60 → 吃饭, 工资收到90 → 工资). */
export const AMOUNT_VERBS = [
  '花了', '花掉', '花费', '花', '用了', '用掉', '付了', '付款', '支付', '付', '支出', '收入', '收到', '收了', '收',
  '到账', '进账', '入账', '赚了', '赚', '挣了', '挣', '抢了', '抢到', '领了', '发了', '交了', '缴了', '充了',
  '给了', '转了', '消费了', '消费', '一共', '总共', '共', '总计', '合计', '大概', '差不多', '大约', '约', '是', '了',
  '的', '为', '要', '买了',
] as const;

/** Particles after the amount (60块钱吧). */
export const TRAILING_NOISE = ['左右', '多', '吧', '啊', '呀', '了', '的', '哦', '嗯', '钱'] as const;

/** Confidence of a local parse with and without a recognised category. */
export const OFFLINE_CONFIDENCE = 0.8;
export const OFFLINE_CONFIDENCE_NO_CATEGORY = 0.6;
