import { describe, expect, it } from 'vitest';
import { CATEGORIES, fuzzyMatchCategory, matchCategory } from '../../src/domain/categories.js';
import { countTransactionMentions, parseOffline, splitTransactions } from '../../src/domain/offlineParser.js';

const SEED_MULTI = '吃饭花了60，洗脚花了60，抢红包抢了30，工资收到90';

describe('parseOffline', () => {
  it.each([
    ['吃饭花了60', 60, 'EXPENSE', '餐饮', '吃饭'],
    ['工资收到90', 90, 'INCOME', '工资', '工资'],
    ['午饭35块', 35, 'EXPENSE', '餐饮', '午饭'],
    ['打车花了三十五', 35, 'EXPENSE', '交通', '打车'],
    ['买衣服花了两百', 200, 'EXPENSE', '购物', '买衣服'],
    ['房租两千五', 2500, 'EXPENSE', '住房', '房租'],
    ['奶茶15', 15, 'EXPENSE', '饮品', '奶茶'],
    ['洗脚花了60', 60, 'EXPENSE', '洗浴', '洗脚'],
    ['红包收了60', 60, 'INCOME', '红包', '红包'],
    ['抢红包抢了30', 30, 'INCOME', '红包', '抢红包'],
    ['发红包50', 50, 'EXPENSE', '红包', '发红包'],
    ['给老妈发了个红包200', 200, 'EXPENSE', '红包', '给老妈发了个红包'],
    ['转账给老王500', 500, 'TRANSFER', '转账', '转账给老王'],
    ['信用卡还款2000', 2000, 'TRANSFER', '转账', '信用卡还款'],
    ['买东西退款50', 50, 'INCOME', '退款', '买东西退款'],
    ['淘宝退款50', 50, 'INCOME', '退款', '淘宝退款'],
    ['今天中午吃饭花了28块5', 28.5, 'EXPENSE', '餐饮', '吃饭'],
    ['中午饭15', 15, 'EXPENSE', '餐饮', '中午饭'],
    ['地铁公交30', 30, 'EXPENSE', '交通', '地铁公交'],
    ['花了60买奶茶', 60, 'EXPENSE', '饮品', '买奶茶'],
    ['昨天看电影花了￥80', 80, 'EXPENSE', '娱乐', '看电影'],
    ['年终奖一万二', 12000, 'INCOME', '奖金', '年终奖'],
    ['水电费交了三百二', 320, 'EXPENSE', '住房', '水电费'],
    ['宠物医院看病花了两百', 200, 'EXPENSE', '宠物', '宠物医院看病'],
  ] as const)('%s → %d %s %s 「%s」', (text, amount, type, category, description) => {
    const result = parseOffline(text);
    expect(result).not.toBeNull();
    expect(result).toMatchObject({ amount, type, category, description, date: null, account: null, source: 'local' });
    expect(result?.confidence).toBe(0.8);
  });

  it('has a lower confidence and no category when no keyword is known', () => {
    const result = parseOffline('给小王买了个东东花了40');
    expect(result).toMatchObject({ amount: 40, type: 'EXPENSE', category: null });
    expect(result?.confidence).toBeLessThan(0.8);
  });

  it.each(['确认', '吃饭', '改一下', '两个人', '第二笔', ''])('returns null when %j names no amount', (text) => {
    expect(parseOffline(text)).toBeNull();
  });

  it('reads no clock: 昨天/前天 leave the date null', () => {
    expect(parseOffline('昨天打车30')?.date).toBeNull();
    expect(parseOffline('前天吃饭60')).toMatchObject({ date: null, description: '吃饭' });
  });

  it('Scenario: 离线降级为单笔 — a multi-transaction utterance parses offline to its first transaction only', () => {
    const result = parseOffline(SEED_MULTI);
    expect(result).toMatchObject({ amount: 60, type: 'EXPENSE', category: '餐饮', description: '吃饭', source: 'local' });
  });

  it('Scenario: 单笔识别（向后兼容） — 「午饭35块」 is one transaction', () => {
    expect(countTransactionMentions('午饭35块')).toBe(1);
    expect(splitTransactions('午饭35块')).toEqual(['午饭35块']);
    expect(parseOffline('午饭35块')).toMatchObject({ amount: 35, category: '餐饮' });
  });
});

describe('splitTransactions / countTransactionMentions', () => {
  it('Scenario: 多笔识别 — the seed utterance holds 4 transactions, each parseable on its own', () => {
    const segments = splitTransactions(SEED_MULTI);
    expect(segments).toEqual(['吃饭花了60', '洗脚花了60', '抢红包抢了30', '工资收到90']);
    expect(countTransactionMentions(SEED_MULTI)).toBe(4);
    expect(segments.map((s) => parseOffline(s))).toMatchObject([
      { amount: 60, type: 'EXPENSE', category: '餐饮' },
      { amount: 60, type: 'EXPENSE', category: '洗浴' },
      { amount: 30, type: 'INCOME', category: '红包' },
      { amount: 90, type: 'INCOME', category: '工资' },
    ]);
  });

  it('Scenario: 交易顺序保持 — segments come out in the order spoken', () => {
    expect(splitTransactions('工资收到90，吃饭花了60')).toEqual(['工资收到90', '吃饭花了60']);
    expect(splitTransactions('奶茶15然后打车30和吃饭60')).toEqual(['奶茶15', '打车30', '吃饭60']);
  });

  it.each([
    ['吃饭60、打车30', ['吃饭60', '打车30']],
    ['吃饭60；打车30。奶茶15', ['吃饭60', '打车30', '奶茶15']],
    ['吃饭60还有打车30另外奶茶15', ['吃饭60', '打车30', '奶茶15']],
    ['吃饭60以及打车30', ['吃饭60', '打车30']],
    ['吃饭60打车30', ['吃饭60', '打车30']],
    ['吃饭，花了60', ['吃饭，花了60']],
    ['今天，吃饭60，打车30', ['今天，吃饭60', '打车30']],
    ['吃饭60，挺好吃的', ['吃饭60，挺好吃的']],
    ['两个人吃饭花了100，打车三十五', ['两个人吃饭花了100', '打车三十五']],
  ] as const)('splits %s into %o', (text, expected) => {
    expect(splitTransactions(text)).toEqual(expected);
    expect(countTransactionMentions(text)).toBe(expected.length);
  });

  it('an utterance without an amount is one segment and zero transactions', () => {
    expect(splitTransactions('没有金额的话')).toEqual(['没有金额的话']);
    expect(countTransactionMentions('没有金额的话')).toBe(0);
    expect(splitTransactions('')).toEqual([]);
  });
});

describe('categories', () => {
  it('offers about twenty categories', () => {
    expect(CATEGORIES.length).toBeGreaterThanOrEqual(18);
    expect(CATEGORIES).toEqual(expect.arrayContaining(['餐饮', '交通', '饮品', '洗浴', '红包', '工资', '购物', '住房']));
  });

  it.each([
    ['中午吃火锅', '餐饮'],
    ['打车回家', '交通'],
    ['滴滴', '交通'],
    ['加油', '交通'],
    ['星巴克咖啡', '饮品'],
    ['洗脚按摩', '洗浴'],
    ['抢红包', '红包'],
    ['发工资了', '工资'],
    ['宠物医院', '宠物'],
    ['医院', '医疗'],
    ['KTV唱歌', '娱乐'],
    ['充话费', '通讯'],
    ['买苹果', '水果'],
    ['薯片', '零食'],
    ['买卫生纸', '日用'],
    ['交学费', '教育'],
    ['买基金', '理财'],
  ] as const)('matchCategory(%s) → %s (longest keyword wins)', (text, expected) => {
    expect(matchCategory(text)).toBe(expected);
  });

  it('matchCategory is null when no keyword is present', () => {
    expect(matchCategory('确认')).toBeNull();
  });

  it.each([
    ['吃的', '餐饮'],
    ['饭钱', '餐饮'],
    ['餐饮', '餐饮'],
    ['交通类', '交通'],
    ['打车', '交通'],
    ['喝的', '饮品'],
    ['车钱', '交通'],
    ['  红包 ', '红包'],
  ] as const)('fuzzyMatchCategory(%s) → %s', (name, expected) => {
    expect(fuzzyMatchCategory(name)).toBe(expected);
  });

  it('fuzzyMatchCategory is null for an unknown name', () => {
    expect(fuzzyMatchCategory('随便')).toBeNull();
  });
});

describe('离线降级为单笔: the first transaction spoken is the one recorded', () => {
  it('「上午挂号看病花了一百二下午买药又花了六十八」 is 120 for 挂号看病 (一百二 before 下午 is an amount, not 一下)', () => {
    expect(parseOffline('上午挂号看病花了一百二下午买药又花了六十八')).toMatchObject({ amount: 120, category: '医疗', description: '挂号看病' });
  });

  it('「工资一万二 年终奖三万」 is 12000 工资 (一万二 before 年终奖 is an amount, not 二年)', () => {
    expect(parseOffline('工资一万二 年终奖三万')).toMatchObject({ amount: 12000, type: 'INCOME', category: '工资' });
  });
});

describe('离线降级为单笔: the category of the recorded transaction (decision Q12)', () => {
  it('an expense is filed under an expense category when one is named: 「拿奖金买了个手机花了3000」 is 购物, not 奖金', () => {
    expect(parseOffline('拿奖金买了个手机花了3000')).toMatchObject({ amount: 3000, type: 'EXPENSE', category: '购物' });
  });

  it('an expense naming only an income category keeps it (发红包 is spending on 红包)', () => {
    expect(parseOffline('发红包50')).toMatchObject({ type: 'EXPENSE', category: '红包' });
  });
});
