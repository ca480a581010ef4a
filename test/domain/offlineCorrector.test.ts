import { describe, expect, it } from 'vitest';
import {
  buildCorrectionRequest,
  mapCorrectionsBack,
  validateCorrection,
  type BatchItemDto,
  type CorrectionRequest,
} from '../../src/domain/correctionProtocol.js';
import { cancelItem, createBatch, updateItem, type DraftBatch } from '../../src/domain/draftBatch.js';
import { correctOffline } from '../../src/domain/offlineCorrector.js';
import { parseResult, type TransactionType } from '../../src/domain/parseResult.js';

function item(index: number, amount: number, category: string, type: TransactionType, description: string): BatchItemDto {
  return { index, amount, category, type, description, date: null };
}

const LUNCH = item(0, 60, '餐饮', 'EXPENSE', '吃饭');
const RED_PACKET_AS_EXPENSE = item(0, 60, '红包', 'EXPENSE', '红包');
/** The seed 000 batch of four, as sent: pending items renumbered from 0. */
const SEED_FOUR: readonly BatchItemDto[] = [
  item(0, 60, '餐饮', 'EXPENSE', '吃饭'),
  item(1, 60, '洗浴', 'EXPENSE', '洗脚'),
  item(2, 30, '红包', 'EXPENSE', '抢红包'),
  item(3, 90, '工资', 'INCOME', '工资'),
];
const TWO = SEED_FOUR.slice(0, 2);

function correct(currentBatch: readonly BatchItemDto[], correctionText: string) {
  const request: CorrectionRequest = { currentBatch, correctionText };
  return correctOffline(request);
}

const success = (corrections: unknown) => ({ corrections, intent: 'correction', confidence: 1, model: 'local-rules' });
const UNCLEAR = { corrections: [], intent: 'unclear', confidence: 0, model: 'local-rules' };

describe('seed 003 离线降级纠正', () => {
  it('Scenario: 离线类型修正 — 「改为收入」 sets type INCOME', () => {
    expect(correct([LUNCH], '改为收入')).toEqual(success([{ index: 0, updatedFields: { type: 'INCOME' } }]));
  });

  it('Scenario: 离线复杂纠正 — 「那个应该是收入不是支出」: 收入 is checked first, so type becomes INCOME', () => {
    expect(correct([LUNCH], '那个应该是收入不是支出')).toEqual(success([{ index: 0, updatedFields: { type: 'INCOME' } }]));
  });

  it('Scenario: 离线复杂纠正 — the documented limit: 「应该是支出不是收入」 is INCOME too (收入 checked first, 以实现为准)', () => {
    expect(correct([RED_PACKET_AS_EXPENSE], '应该是支出不是收入').corrections).toEqual([{ index: 0, updatedFields: { type: 'INCOME' } }]);
  });

  it('支出 and 转账 are read when 收入 is absent', () => {
    expect(correct([item(0, 60, '红包', 'INCOME', '红包')], '改成支出').corrections).toEqual([{ index: 0, updatedFields: { type: 'EXPENSE' } }]);
    expect(correct([LUNCH], '这是转账').corrections).toEqual([{ index: 0, updatedFields: { type: 'TRANSFER', category: '转账' } }]);
  });

  it('Scenario: 修正失败提示 — nothing extractable → unclear with confidence 0', () => {
    expect(correct([LUNCH], '嗯这个好像有点问题')).toEqual(UNCLEAR);
    expect(correct(TWO, '嗯对就这样')).toEqual(UNCLEAR);
  });

  it('Scenario: 多次纠正累积 — 「改为收入」 then 「金额改成100」 both end up on the item', () => {
    let batch: DraftBatch = createBatch([parseResult({ amount: 60, category: '红包', description: '红包' })], 0);
    for (const text of ['改为收入', '金额改成100']) {
      const { request, originalIndexOf } = buildCorrectionRequest(batch, text);
      const response = correctOffline(request);
      expect(response.intent).toBe('correction');
      for (const c of mapCorrectionsBack(response.corrections, originalIndexOf)) {
        batch = updateItem(batch, c.originalIndex, c.updatedFields, 'local');
      }
    }
    expect(batch.items[0]?.result).toMatchObject({ type: 'INCOME', amount: 100, category: '红包' });
  });
});

describe('amounts', () => {
  it.each([
    ['改成100', 100],
    ['金额是五十', 50],
    ['100块', 100],
    ['应该是28块5', 28.5],
    ['不对，是三十五', 35],
    ['不是60是50', 50],
    ['是50不是60', 50],
  ] as const)('%s → amount %d', (text, amount) => {
    expect(correct([LUNCH], text)).toEqual(success([{ index: 0, updatedFields: { amount } }]));
  });

  it('Scenario: LLM 返回多字段修正 — 「改为收入100块」 gives both type and amount', () => {
    expect(correct([LUNCH], '改为收入100块')).toEqual(success([{ index: 0, updatedFields: { type: 'INCOME', amount: 100 } }]));
  });

  it('the ordinal digit of 「第2笔改成100」 is not taken as the amount', () => {
    expect(correct(TWO, '第2笔改成100')).toEqual(success([{ index: 1, updatedFields: { amount: 100 } }]));
  });

  it('relative changes add to or take from the current amount', () => {
    expect(correct([LUNCH], '再加10块').corrections).toEqual([{ index: 0, updatedFields: { amount: 70 } }]);
    expect(correct([LUNCH], '多记了10块').corrections).toEqual([{ index: 0, updatedFields: { amount: 50 } }]);
    expect(correct([LUNCH], '少算了5块').corrections).toEqual([{ index: 0, updatedFields: { amount: 65 } }]);
  });

  it('Scenario: 整体纠正 — 「金额都加10块」 adds 10 to every pending item', () => {
    expect(correct(SEED_FOUR, '金额都加10块')).toEqual(
      success([
        { index: 0, updatedFields: { amount: 70 } },
        { index: 1, updatedFields: { amount: 70 } },
        { index: 2, updatedFields: { amount: 40 } },
        { index: 3, updatedFields: { amount: 100 } },
      ]),
    );
  });
});

describe('categories', () => {
  it.each([
    ['分类改成交通', { category: '交通' }],
    ['改成吃的', { category: '餐饮' }],
    ['改成打车', { category: '交通', description: '打车' }],
    ['不是吃饭是打车', { category: '交通', description: '打车' }],
    ['应该是奶茶，15块', { category: '饮品', description: '奶茶', amount: 15 }],
  ] as const)('%s → %o', (text, updatedFields) => {
    expect(correct([LUNCH], text)).toEqual(success([{ index: 0, updatedFields }]));
  });
});

describe('which item', () => {
  it('Scenario: 序号定位纠正 — 「第三笔改为支出」 → index 2, type EXPENSE', () => {
    expect(correct(SEED_FOUR, '第三笔改为支出')).toEqual(success([{ index: 2, updatedFields: { type: 'EXPENSE' } }]));
  });

  it('Scenario: LLM 返回定点纠正 — 「第一笔改成50」 on 2 items → index 0, amount 50', () => {
    expect(correct(TWO, '第一笔改成50')).toEqual(success([{ index: 0, updatedFields: { amount: 50 } }]));
  });

  it('Scenario: 描述词定位纠正 — 「红包那笔应该是收入」 finds the item whose category is 红包', () => {
    expect(correct(SEED_FOUR, '红包那笔应该是收入')).toEqual(success([{ index: 2, updatedFields: { type: 'INCOME' } }]));
  });

  it('Scenario: LLM 返回描述词定位纠正 — 「红包那笔改为收入」 → the 红包 item, type INCOME', () => {
    expect(correct(SEED_FOUR, '红包那笔改为收入')).toEqual(success([{ index: 2, updatedFields: { type: 'INCOME' } }]));
  });

  it('locates by description and by keyword of the category', () => {
    expect(correct(SEED_FOUR, '洗脚那笔改成80').corrections).toEqual([{ index: 1, updatedFields: { amount: 80 } }]);
    expect(correct(SEED_FOUR, '吃饭的应该是50').corrections).toEqual([{ index: 0, updatedFields: { amount: 50 } }]);
    expect(correct(SEED_FOUR, '按摩那笔改成100').corrections).toEqual([{ index: 1, updatedFields: { amount: 100 } }]);
    expect(correct(SEED_FOUR, '吃饭那笔改成打车').corrections).toEqual([{ index: 0, updatedFields: { category: '交通', description: '打车' } }]);
  });

  it('an unsplit 「洗脚那笔80」 keeps the category: the word only found the item', () => {
    expect(correct(SEED_FOUR, '洗脚80').corrections).toEqual([{ index: 1, updatedFields: { amount: 80 } }]);
  });

  it('several ordinals correct several items', () => {
    expect(correct(SEED_FOUR, '第一笔和第二笔都改成支出').corrections).toEqual([
      { index: 0, updatedFields: { type: 'EXPENSE' } },
      { index: 1, updatedFields: { type: 'EXPENSE' } },
    ]);
  });

  it('the only pending item is the target when nothing names one', () => {
    expect(correct([LUNCH], '改成50').corrections).toEqual([{ index: 0, updatedFields: { amount: 50 } }]);
  });

  it('Scenario: 定位模糊 — several items and nothing that names one → unclear', () => {
    expect(correct(TWO, '改成50')).toEqual(UNCLEAR);
    expect(correct(SEED_FOUR, '应该是收入')).toEqual(UNCLEAR);
  });

  it('an ordinal beyond the pending items → unclear', () => {
    expect(correct(TWO, '第三笔改成50')).toEqual(UNCLEAR);
  });

  it('an empty batch can only be appended to', () => {
    expect(correct([], '改成50')).toEqual(UNCLEAR);
    expect(correct([], '还有一笔奶茶15').intent).toBe('append');
  });

  it('Scenario: 纠正时排除 cancelled items — 「第二笔改成100」 with index 1 cancelled lands on original index 2', () => {
    const results = [60, 60, 30, 90].map((amount) => parseResult({ amount }));
    const batch = cancelItem(createBatch(results, 0), 1);
    const { request, originalIndexOf } = buildCorrectionRequest(batch, '第二笔改成100');
    expect(request.currentBatch.map((i) => i.index)).toEqual([0, 1, 2]);
    const response = correctOffline(request);
    expect(response.corrections).toEqual([{ index: 1, updatedFields: { amount: 100 } }]);
    expect(mapCorrectionsBack(response.corrections, originalIndexOf)).toEqual([{ sentIndex: 1, originalIndex: 2, updatedFields: { amount: 100 } }]);
  });
});

describe('append', () => {
  it('Scenario: LLM 识别出追加意图 — 「还有一笔奶茶15」 → append with the new transaction at index -1', () => {
    expect(correct(TWO, '还有一笔奶茶15')).toEqual({
      corrections: [{ index: -1, updatedFields: { amount: 15, category: '饮品', type: 'EXPENSE', description: '奶茶' } }],
      intent: 'append',
      confidence: 1,
      model: 'local-rules',
    });
  });

  it.each([
    ['再加一笔打车30', { amount: 30, type: 'EXPENSE', category: '交通', description: '打车' }],
    ['另外工资收到5000', { amount: 5000, type: 'INCOME', category: '工资', description: '工资' }],
    ['再记一笔抢红包抢了20', { amount: 20, type: 'INCOME', category: '红包', description: '抢红包' }],
  ] as const)('%s → append %o', (text, updatedFields) => {
    const response = correct(TWO, text);
    expect(response.intent).toBe('append');
    expect(response.corrections).toEqual([{ index: -1, updatedFields }]);
  });

  it('an append marker without an amount is unclear, and one with a correction marker is a correction', () => {
    expect(correct(TWO, '还有一笔奶茶').intent).toBe('unclear');
    expect(correct(TWO, '另外第二笔改成50')).toEqual(success([{ index: 1, updatedFields: { amount: 50 } }]));
  });
});

describe('protocol', () => {
  it('Scenario: LLM 纠正超时降级 — every answer passes the same light validation as an LLM answer', () => {
    const texts = ['改为收入', '第2笔改成100', '红包那笔应该是收入', '还有一笔奶茶15', '金额都加10块', '改成50', '嗯对就这样'];
    for (const text of texts) {
      const response = correct(SEED_FOUR, text);
      expect(validateCorrection(response, SEED_FOUR.length)).toBeNull();
      expect(response.model).toBe('local-rules');
      expect(['correction', 'append', 'unclear']).toContain(response.intent);
    }
  });

  it('Scenario: LLM 无法理解纠正内容 — a vague text gets no corrections', () => {
    const response = correct(TWO, '这个不太对吧好像');
    expect(response.intent).toBe('unclear');
    expect(response.corrections).toEqual([]);
  });
});

describe('product decisions beyond seed 003 (docs/decisions.md)', () => {
  it('Scenario: 修正失败提示 — 「上面的都不算了」 names no change: unclear, not every item re-filed under 餐饮 (the 面 of 上面)', () => {
    expect(correct(TWO, '上面的都不算了')).toEqual(UNCLEAR);
  });

  it('金额修正「从文本提取数字」 — 「咖啡那笔再便宜两块」 takes 2 from the coffee, it does not set the amount to 2', () => {
    const coffee = [item(0, 30, '饮品', 'EXPENSE', '咖啡'), item(1, 38, '交通', 'EXPENSE', '打车')];
    expect(correct(coffee, '咖啡那笔再便宜两块')).toEqual(success([{ index: 0, updatedFields: { amount: 28 } }]));
  });

  it.each(['加了两百的油洗车二十五', '下午买了杯喜茶二十三，打车回家三十一', '双十一买了件羽绒服六百九十九还有双靴子四百五'])(
    '离线降级为单笔 — a line with several amounts (%s) is several transactions: unclear, batch unchanged',
    (text) => {
      expect(correct(TWO, text)).toEqual(UNCLEAR);
    },
  );

  it('「不是30是50」 and 「30那笔改成50」 still read one new amount: the old one is the locator', () => {
    expect(correct([LUNCH], '不是30是50').corrections).toEqual([{ index: 0, updatedFields: { amount: 50 } }]);
    expect(correct([LUNCH], '60那笔改成50').corrections).toEqual([{ index: 0, updatedFields: { amount: 50 } }]);
  });
});

describe('「不是A不是B，是C」: every 「不是…」 names the old value (seed 003 离线复杂纠正)', () => {
  it('two negations naming one item correct that item', () => {
    expect(correct(TWO, '不是洗脚不是洗浴，是按摩').corrections).toEqual([{ index: 1, updatedFields: expect.objectContaining({ category: '洗浴' }) }]);
  });

  it('two negations naming two items: 定位模糊, unclear', () => {
    expect(correct(TWO, '不是洗脚不是吃饭，是按摩30')).toEqual(UNCLEAR);
  });
});
