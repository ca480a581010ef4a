import { describe, expect, it } from 'vitest';
import { Driver, FOUR, FOUR_TEXT, tx } from '../support/driver.js';

const correction = (index: number, updatedFields: Record<string, unknown>, confidence = 0.92) => ({
  corrections: [{ index, updatedFields }],
  intent: 'correction' as const,
  confidence,
});

describe('seed 000 · Requirement: 批量交易识别', () => {
  it('Scenario: 多笔识别 — 4 ParseResults become 4 items, each with its own amount, category and type', () => {
    const d = new Driver();
    const batch = d.open(FOUR_TEXT, FOUR);
    expect(batch.items.map((i) => [i.result.amount, i.result.category, i.result.type])).toEqual([
      [60, '餐饮', 'EXPENSE'],
      [60, '洗浴', 'EXPENSE'],
      [30, '红包', 'INCOME'],
      [90, '工资', 'INCOME'],
    ]);
  });

  it('Scenario: 单笔识别（向后兼容） — 「午饭35块」 gives a list of one', () => {
    const d = new Driver();
    const batch = d.open('午饭35块', [tx(35, '餐饮', 'EXPENSE', '午饭')]);
    expect(batch.items).toHaveLength(1);
    expect(d.spoken()).toEqual(['记录支出35元，餐饮，确认吗？']);
  });

  it('Scenario: 交易顺序保持 — items keep the order the user mentioned them in', () => {
    const d = new Driver();
    const batch = d.open(FOUR_TEXT, FOUR);
    expect(batch.items.map((i) => i.result.description)).toEqual(['吃饭', '洗脚', '抢红包', '工资']);
    expect(batch.items.map((i) => i.index)).toEqual([0, 1, 2, 3]);
  });

  it('Scenario: 离线降级为单笔 — offline, several transactions give one local item and 「当前离线，仅支持单笔记账」', () => {
    const d = new Driver({ online: false });
    const effects = d.say('吃饭花了60，打车30');
    expect(d.calledLlm(effects)).toBe(false);
    expect(d.spoken(effects)[0]).toBe('当前离线，仅支持单笔记账');
    expect(d.state.batch!.items).toHaveLength(1);
    expect(d.state.batch!.items[0]!.result).toMatchObject({ amount: 60, source: 'local' });
  });

  it('SHALL truncate more than 10 parsed transactions to the first 10 and say so', () => {
    const d = new Driver();
    const twelve = Array.from({ length: 12 }, (_, i) => tx(i + 1, '餐饮'));
    const batch = d.open('十二笔', twelve);
    expect(batch.items.map((i) => i.result.amount)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(d.spoken()[0]).toBe('一次最多记录10笔，已保留前10笔。');
    expect(d.spoken()[1]).toBe('识别到10笔交易，共55元支出、0元收入。请查看详情后确认。');
  });
});

describe('seed 000 · Requirement: 草稿集合管理（DraftBatch）', () => {
  it('Scenario: 创建 DraftBatch — one pending DraftTransaction per ParseResult, index from 0', () => {
    const d = new Driver();
    const batch = d.open(FOUR_TEXT, FOUR);
    expect(batch.items.map((i) => [i.index, i.status])).toEqual([
      [0, 'pending'],
      [1, 'pending'],
      [2, 'pending'],
      [3, 'pending'],
    ]);
    expect(d.only('notify').callback).toBe('onFinalText');
  });

  it('Scenario: 单笔草稿 — a single result is a batch of one, handled by the same logic', () => {
    const d = new Driver();
    d.open('红包收了60', [tx(60, '红包', 'INCOME')]);
    d.say('确认');
    expect(d.only('saveBatch').items).toHaveLength(1);
  });
});

describe('seed 000 · Requirement: 逐条/整体确认', () => {
  it.each(['确认', '全部确认'])('Scenario: 全部确认 — 「%s」 confirms every pending item and commits', (text) => {
    const d = new Driver();
    d.open(FOUR_TEXT, FOUR);
    const effects = d.say(text);
    expect(d.calledLlm(effects)).toBe(false);
    expect(d.statuses()).toEqual(['confirmed', 'confirmed', 'confirmed', 'confirmed']);
    expect(d.only('saveBatch').items).toHaveLength(4);
  });

  it('Scenario: 逐条确认 — 「确认第一笔」 confirms index 0 only', () => {
    const d = new Driver();
    d.open(FOUR_TEXT, FOUR);
    d.say('确认第一笔');
    expect(d.statuses()).toEqual(['confirmed', 'pending', 'pending', 'pending']);
    expect(d.spoken()).toEqual(['已确认第1笔。剩余3笔待确认。']);
  });

  it('an item operation that leaves items pending notifies onDraftBatchUpdated (seed 001: 纠正/逐条操作后通知 UI 刷新)', () => {
    const d = new Driver();
    d.open(FOUR_TEXT, FOUR);
    const effects = d.say('确认第二笔');
    const notify = d.only('notify', effects);
    expect(notify).toMatchObject({ callback: 'onDraftBatchUpdated', batch: d.state.batch });
  });

  it('confirming an item that was already cancelled says so and changes nothing', () => {
    const d = new Driver();
    d.open(FOUR_TEXT, FOUR);
    d.say('删掉第一笔');
    const before = d.state.batch;
    expect(d.spoken(d.say('确认第一笔'))).toEqual(['第1笔已取消。剩余3笔待确认。']);
    expect(d.state.batch).toBe(before);
  });

  it('Scenario: 自动提交触发 — when the last pending item is confirmed, the confirmed items are saved and the batch cleared', () => {
    const d = new Driver();
    d.open('吃饭60，打车30', [tx(60, '餐饮'), tx(30, '交通')]);
    d.say('确认第一笔');
    expect(d.all('saveBatch')).toHaveLength(0);
    d.say('确认第二笔');
    expect(d.only('saveBatch').items.map((i) => i.amount)).toEqual([60, 30]);
    d.finishSave(true);
    expect(d.state.batch).toBeNull();
    expect(d.state.phase).toBe('LISTENING');
  });
});

describe('seed 000 · Requirement: 逐条/整体取消', () => {
  it.each(['取消', '不要了'])('Scenario: 取消 — 「%s」 clears the DraftBatch and returns to LISTENING', (text) => {
    const d = new Driver();
    d.open(FOUR_TEXT, FOUR);
    d.say(text);
    expect(d.state.batch).toBeNull();
    expect(d.state.phase).toBe('LISTENING');
    expect(d.all('saveBatch')).toHaveLength(0);
    expect(d.spoken()).toEqual(['已取消。']);
  });

  it('Scenario: 逐条取消 — 「删掉第二笔」 cancels index 1 and says 「已取消第2笔（{description}{amount}元）。剩余{N}笔待确认。」', () => {
    const d = new Driver();
    d.open(FOUR_TEXT, FOUR);
    d.say('删掉第二笔');
    expect(d.statuses()).toEqual(['pending', 'cancelled', 'pending', 'pending']);
    expect(d.state.phase).toBe('CONFIRMING');
    expect(d.spoken()).toEqual(['已取消第2笔（洗脚60元）。剩余3笔待确认。']);
  });

  it('Scenario: 取消最后一笔 pending 且有 confirmed — the confirmed items are saved and the batch cleared', () => {
    const d = new Driver();
    d.open('吃饭60，打车30', [tx(60, '餐饮'), tx(30, '交通')]);
    d.say('确认第一笔');
    d.say('删掉第二笔');
    expect(d.only('saveBatch').items.map((i) => i.amount)).toEqual([60]);
    d.finishSave(true);
    expect(d.spoken()).toEqual(['已保存1笔交易。']);
    expect(d.state.batch).toBeNull();
  });

  it('Scenario: 取消最后一笔且无 confirmed — the batch is cleared and TTS says 「已取消。」', () => {
    const d = new Driver();
    d.open('吃饭60，打车30', [tx(60, '餐饮'), tx(30, '交通')]);
    d.say('删掉第一笔');
    d.say('删掉第二笔');
    expect(d.all('saveBatch')).toHaveLength(0);
    expect(d.spoken()).toEqual(['已取消。']);
    expect(d.state.batch).toBeNull();
  });
});

describe('seed 000 · Requirement: 定点纠正', () => {
  it('Scenario: 序号定位纠正 — 「第三笔改为支出」 sends batch context + text; the answer updates index 2', () => {
    const d = new Driver();
    d.open(FOUR_TEXT, FOUR);
    const { call } = d.correct('第三笔改为支出', correction(2, { type: 'EXPENSE' }));
    expect(call.request.correctionText).toBe('第三笔改为支出');
    expect(call.request.currentBatch).toHaveLength(4);
    expect(d.state.batch!.items[2]!.result.type).toBe('EXPENSE');
  });

  it('Scenario: 描述词定位纠正 — the LLM locates the 红包 item and its index is applied', () => {
    const d = new Driver();
    d.open(FOUR_TEXT, [FOUR[0]!, FOUR[1]!, tx(30, '红包', 'EXPENSE', '抢红包'), FOUR[3]!]);
    const { call } = d.correct('红包那笔应该是收入', correction(2, { type: 'INCOME' }));
    expect(call.request.currentBatch[2]!.category).toBe('红包');
    expect(d.state.batch!.items[2]!.result.type).toBe('INCOME');
  });

  it('Scenario: 整体纠正 — 「金额都加10块」: several corrections, each item +10', () => {
    const d = new Driver();
    d.open('吃饭60，打车30', [tx(60, '餐饮'), tx(30, '交通')]);
    const { answered } = d.correct('金额都加10块', {
      corrections: [
        { index: 0, updatedFields: { amount: 70 } },
        { index: 1, updatedFields: { amount: 40 } },
      ],
      intent: 'correction',
      confidence: 0.9,
    });
    expect(d.state.batch!.items.map((i) => i.result.amount)).toEqual([70, 40]);
    expect(d.spoken(answered)).toEqual(['已将第1笔修改为支出70元，餐饮；第2笔修改为支出40元，交通。还需要修改吗？']);
  });

  it('Scenario: 定位模糊 — intent unclear keeps the batch and asks again', () => {
    const d = new Driver();
    const before = d.open('吃饭60，打车30', [tx(60, '餐饮'), tx(30, '交通')]);
    const { answered } = d.correct('那笔改一下', { corrections: [], intent: 'unclear', confidence: 0.3 });
    expect(d.state.batch).toBe(before);
    expect(d.spoken(answered)).toEqual(['没听清要改什么，请再说一次']);
  });
});

describe('seed 000 · Requirement: CONFIRMING 态追加新笔', () => {
  const append = {
    corrections: [{ index: -1, updatedFields: { amount: 15, category: '饮品', type: 'EXPENSE', description: '奶茶' } }],
    intent: 'append' as const,
    confidence: 0.9,
  };

  it('Scenario: 追加新笔 — 「还有一笔奶茶15」 goes to the correction endpoint and the answer is appended with index = last + 1', () => {
    const d = new Driver();
    d.open('吃饭60，打车30', [tx(60, '餐饮'), tx(30, '交通')]);
    const { call } = d.correct('还有一笔奶茶15', append);
    expect(call.request.correctionText).toBe('还有一笔奶茶15');
    expect(d.state.batch!.items.map((i) => [i.index, i.status, i.result.amount])).toEqual([
      [0, 'pending', 60],
      [1, 'pending', 30],
      [2, 'pending', 15],
    ]);
  });

  it('Scenario: 追加后播报 — 「已追加第{N}笔，{type}{amount}元，{category}。现在共{total}笔，请确认或修改。」', () => {
    const d = new Driver();
    d.open('吃饭60，打车30', [tx(60, '餐饮'), tx(30, '交通')]);
    const { answered } = d.correct('还有一笔奶茶15', append);
    expect(d.spoken(answered)).toEqual(['已追加第3笔，支出15元，饮品。现在共3笔，请确认或修改。']);
  });

  it('Scenario: 超限拒绝追加 — a batch of 10 refuses the append with 「已达上限，请先确认当前交易」', () => {
    const d = new Driver();
    const ten = d.open(
      '十笔',
      Array.from({ length: 10 }, (_, i) => tx(i + 1, '餐饮')),
    );
    const { answered } = d.correct('还有一笔奶茶15', append);
    expect(d.state.batch).toBe(ten);
    expect(d.spoken(answered)).toEqual(['已达上限，请先确认当前交易']);
  });
});

describe('seed 000 · Requirement: 多笔 TTS 播报', () => {
  it('SHALL say the 2-5 wording item by item', () => {
    const d = new Driver();
    d.open(FOUR_TEXT, FOUR);
    expect(d.spoken()).toEqual(['识别到4笔交易：第1笔，支出60元，餐饮；第2笔，支出60元，洗浴；第3笔，收入30元，红包；第4笔，收入90元，工资。请确认或修改。']);
  });

  it('SHALL say the 6-10 wording as a summary of expense and income totals', () => {
    const d = new Driver();
    d.open('六笔', [tx(10, '餐饮'), tx(20, '交通'), tx(30, '购物'), tx(1000, '工资', 'INCOME'), tx(5.5, '饮品'), tx(200, '转账', 'TRANSFER')]);
    expect(d.spoken()).toEqual(['识别到6笔交易，共65.5元支出、1000元收入。请查看详情后确认。']);
  });

  it('Scenario: 定点修正播报 — 「已将第{N}笔修改为{type}{amount}元，{category}。还需要修改吗？」', () => {
    const d = new Driver();
    d.open(FOUR_TEXT, FOUR);
    const { answered } = d.correct('第一笔改成50', correction(0, { amount: 50 }));
    expect(d.spoken(answered)).toEqual(['已将第1笔修改为支出50元，餐饮。还需要修改吗？']);
  });

  it('Scenario: 保存成功播报 — 「已保存{confirmedCount}笔交易。」', () => {
    const d = new Driver();
    d.open(FOUR_TEXT, FOUR);
    d.say('删掉第四笔');
    d.say('确认');
    d.finishSave(true);
    expect(d.spoken()).toEqual(['已保存3笔交易。']);
  });
});

describe('seed 000 · Requirement: 批量交易保存', () => {
  it('Scenario: 批量保存成功 — 4 confirmed items go to saveBatch together', () => {
    const d = new Driver();
    d.open(FOUR_TEXT, FOUR);
    d.say('确认');
    expect(d.only('saveBatch').items.map((i) => i.amount)).toEqual([60, 60, 30, 90]);
  });

  it('Scenario: 批量保存失败回滚 — the orchestrator keeps the DraftBatch as it was and speaks an error', () => {
    const d = new Driver();
    const before = d.open(FOUR_TEXT, FOUR);
    d.say('确认');
    const effects = d.finishSave(false);
    expect(d.state.batch).toBe(before);
    expect(d.state.phase).toBe('CONFIRMING');
    expect(d.spoken(effects)).toEqual(['保存失败，请再说一次确认。']);
    expect(d.all('notify', effects).map((n) => n.callback)).toContain('onError');
    d.say('确认');
    expect(d.only('saveBatch').items).toHaveLength(4);
  });
});

describe('seed 000 · Requirement: 上下文清空规则', () => {
  it('Scenario: 纠正不清空上下文 — repeated corrections update only their item', () => {
    const d = new Driver();
    d.open(FOUR_TEXT, FOUR);
    d.correct('第一笔改成50', correction(0, { amount: 50 }));
    d.correct('第一笔改成交通', correction(0, { category: '交通' }));
    d.correct('第二笔改成70', correction(1, { amount: 70 }));
    expect(d.state.batch!.items.map((i) => [i.result.amount, i.result.category])).toEqual([
      [50, '交通'],
      [70, '洗浴'],
      [30, '红包'],
      [90, '工资'],
    ]);
  });

  it('Scenario: 超时清空 — inactivity clears the DraftBatch and releases everything', () => {
    const d = new Driver();
    d.open(FOUR_TEXT, FOUR);
    const timer = d.log.filter((e) => e.type === 'startTimer' && e.name === 'inactivity').at(-1);
    expect(timer).toBeDefined();
    d.send({ type: 'timerFired', name: 'inactivity', id: (timer as { id: number }).id });
    expect(d.state.batch).toBeNull();
    expect(d.state.phase).toBe('IDLE');
    expect(d.state.inFlight).toBeNull();
  });

  it('an inactivity timer superseded by newer input does nothing', () => {
    const d = new Driver();
    d.open(FOUR_TEXT, FOUR);
    const first = d.log.find((e) => e.type === 'startTimer' && e.name === 'inactivity') as { id: number };
    d.say('确认第一笔');
    d.send({ type: 'timerFired', name: 'inactivity', id: first.id });
    expect(d.state.phase).toBe('CONFIRMING');
  });
});
