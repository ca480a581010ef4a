import { describe, expect, it } from 'vitest';
import { Driver, FOUR, FOUR_TEXT, tx } from '../support/driver.js';

describe('seed 003 · Requirement: 混合意图分流 (orchestrator)', () => {
  it('Scenario: 确认意图由本地规则即时处理 — 「确认」 is confirmed locally and SHALL NOT call the LLM', () => {
    const d = new Driver();
    d.open(FOUR_TEXT, FOUR);
    const effects = d.say('确认');
    expect(d.calledLlm(effects)).toBe(false);
    expect(d.only('routed', effects).route).toBe('local');
    expect(d.only('classified', effects).intent).toEqual({ kind: 'confirm' });
  });

  it('Scenario: 取消意图由本地规则即时处理 — 「不要了」 SHALL NOT call the LLM', () => {
    const d = new Driver();
    d.open(FOUR_TEXT, FOUR);
    const effects = d.say('不要了');
    expect(d.calledLlm(effects)).toBe(false);
    expect(d.only('classified', effects).intent).toEqual({ kind: 'cancel' });
  });

  it('Scenario: 逐条确认由本地规则处理 — 「确认第二笔」 runs confirmItem(1) at once, no LLM', () => {
    const d = new Driver();
    d.open(FOUR_TEXT, FOUR);
    const effects = d.say('确认第二笔');
    expect(d.calledLlm(effects)).toBe(false);
    expect(d.statuses()).toEqual(['pending', 'confirmed', 'pending', 'pending']);
  });

  it('Scenario: 逐条取消由本地规则处理 — 「删掉第三笔」 runs cancelItem(2) at once, no LLM', () => {
    const d = new Driver();
    d.open(FOUR_TEXT, FOUR);
    const effects = d.say('删掉第三笔');
    expect(d.calledLlm(effects)).toBe(false);
    expect(d.statuses()).toEqual(['pending', 'pending', 'cancelled', 'pending']);
  });

  it('Scenario: 纠正意图交由 LLM 处理 — 「修改为收入」 calls the correction endpoint', () => {
    const d = new Driver();
    d.open(FOUR_TEXT, FOUR);
    const effects = d.say('修改为收入');
    expect(d.only('callCorrect', effects).request.correctionText).toBe('修改为收入');
  });

  it('Scenario: 自然语言纠正交由 LLM 处理 — 「那个应该是收入不是支出啊」 goes to the LLM', () => {
    const d = new Driver();
    d.open(FOUR_TEXT, FOUR);
    const effects = d.say('那个应该是收入不是支出啊');
    expect(d.all('callCorrect', effects)).toHaveLength(1);
  });

  it('「确认第五笔」 on a batch of four names the missing item and changes nothing', () => {
    const d = new Driver();
    const before = d.open(FOUR_TEXT, FOUR);
    expect(d.spoken(d.say('确认第五笔'))).toEqual(['没有第5笔，请说具体第几笔']);
    expect(d.state.batch).toBe(before);
  });
});

describe('seed 003 · Requirement: LLM 对话式纠正协议 (orchestrator)', () => {
  it('Scenario: LLM 返回定点纠正 — {index 0, amount 50} at 0.92 is applied to item 0', () => {
    const d = new Driver();
    d.open('吃饭60，打车30', [tx(60, '餐饮'), tx(30, '交通')]);
    d.correct('第一笔改成50', { corrections: [{ index: 0, updatedFields: { amount: 50.0 } }], intent: 'correction', confidence: 0.92 });
    expect(d.state.batch!.items.map((i) => i.result.amount)).toEqual([50, 30]);
  });

  it('Scenario: LLM 返回描述词定位纠正 — the index of the 红包 item gets type INCOME', () => {
    const d = new Driver();
    d.open('吃饭60，红包30', [tx(60, '餐饮'), tx(30, '红包')]);
    d.correct('红包那笔改为收入', { corrections: [{ index: 1, updatedFields: { type: 'INCOME' } }], intent: 'correction', confidence: 0.9 });
    expect(d.state.batch!.items[1]!.result.type).toBe('INCOME');
  });

  it('Scenario: LLM 识别出确认意图 — intent confirm at 0.85 confirms everything', () => {
    const d = new Driver();
    d.open(FOUR_TEXT, FOUR);
    d.correct('嗯对就这样', { corrections: [], intent: 'confirm', confidence: 0.85 });
    expect(d.all('saveBatch')).toHaveLength(1);
  });

  it('Scenario: LLM 识别出追加意图 — index -1 with the new transaction is appended', () => {
    const d = new Driver();
    d.open('吃饭60', [tx(60, '餐饮')]);
    d.correct('还有一笔奶茶15', {
      corrections: [{ index: -1, updatedFields: { amount: 15.0, category: '饮品', type: 'EXPENSE', description: '奶茶' } }],
      intent: 'append',
      confidence: 0.9,
    });
    expect(d.state.batch!.items[1]!.result).toMatchObject({ amount: 15, category: '饮品', description: '奶茶' });
  });

  it('Scenario: LLM 无法理解纠正内容 — unclear at 0.3 keeps the batch', () => {
    const d = new Driver();
    const before = d.open(FOUR_TEXT, FOUR);
    d.correct('嗯那个啥', { corrections: [], intent: 'unclear', confidence: 0.3 });
    expect(d.state.batch).toBe(before);
  });

  it('Scenario: LLM 返回多字段修正 — 「改为收入100块」 updates type and amount together', () => {
    const d = new Driver();
    d.open('红包60', [tx(60, '红包')]);
    d.correct('改为收入100块', { corrections: [{ index: 0, updatedFields: { type: 'INCOME', amount: 100.0 } }], intent: 'correction', confidence: 0.9 });
    expect(d.state.batch!.items[0]!.result).toMatchObject({ type: 'INCOME', amount: 100 });
  });

  it('Scenario: LLM 处理期间播放 TTS 填充 — 「好的，正在修改...」 is spoken before the request goes out', () => {
    const d = new Driver();
    d.open(FOUR_TEXT, FOUR);
    const effects = d.say('第一笔改成50');
    const speakAt = effects.findIndex((e) => e.type === 'speak' && e.text === '好的，正在修改...');
    const callAt = effects.findIndex((e) => e.type === 'callCorrect');
    expect(speakAt).toBeGreaterThanOrEqual(0);
    expect(speakAt).toBeLessThan(callAt);
  });

  it('Scenario: LLM 纠正超时降级 — after 3 s the call is aborted and the local correction is spoken', () => {
    const d = new Driver();
    d.open('吃饭60', [tx(60, '餐饮')]);
    const call = d.only('callCorrect', d.say('改成50'));
    const effects = d.send({ type: 'timerFired', name: 'llmDeadline', id: call.id });
    expect(d.all('abortCall', effects)).toHaveLength(1);
    expect(d.state.batch!.items[0]!.result.amount).toBe(50);
    expect(d.spoken(effects)).toEqual(['已将第1笔修改为支出50元，餐饮。还需要修改吗？']);
  });

  it('Scenario: 低 confidence 回退到 unclear — 0.55 ignores the corrections and says 「没听清要改什么，请再说一次」', () => {
    const d = new Driver();
    const before = d.open(FOUR_TEXT, FOUR);
    const { answered } = d.correct('第一笔改成50', { corrections: [{ index: 0, updatedFields: { amount: 50 } }], intent: 'correction', confidence: 0.55 });
    expect(d.state.batch).toBe(before);
    expect(d.spoken(answered)).toEqual(['没听清要改什么，请再说一次']);
  });

  it.each([
    [0.69, false],
    [0.7, true],
  ])('the confidence floor is 0.7 inclusive: %s applied = %s', (confidence, applied) => {
    const d = new Driver();
    d.open('吃饭60', [tx(60, '餐饮')]);
    d.correct('改成50', { corrections: [{ index: 0, updatedFields: { amount: 50 } }], intent: 'correction', confidence });
    expect(d.state.batch!.items[0]!.result.amount).toBe(applied ? 50 : 60);
  });

  it('a low-confidence confirm is unclear too: nothing is saved', () => {
    const d = new Driver();
    d.open(FOUR_TEXT, FOUR);
    d.correct('嗯', { corrections: [], intent: 'confirm', confidence: 0.5 });
    expect(d.all('saveBatch')).toHaveLength(0);
    expect(d.statuses()).toEqual(['pending', 'pending', 'pending', 'pending']);
  });
});

describe('seed 003 · Requirement: 离线降级纠正 (orchestrator)', () => {
  it('Scenario: 离线类型修正 — offline 「改为收入」 sets type INCOME locally and says it is offline', () => {
    const d = new Driver({ online: false });
    d.say('吃饭花了60');
    const effects = d.say('改为收入');
    expect(d.calledLlm(effects)).toBe(false);
    expect(d.state.batch!.items[0]!.result.type).toBe('INCOME');
    expect(d.spoken(effects)).toEqual(['好的，正在修改...', '当前离线，仅支持简单修正', '已将第1笔修改为收入60元，餐饮。还需要修改吗？']);
  });

  it('Scenario: 离线复杂纠正 — offline 「那个应该是收入不是支出」 applies the first-checked type (收入)', () => {
    const d = new Driver({ online: false });
    d.say('吃饭花了60');
    d.say('那个应该是收入不是支出');
    expect(d.state.batch!.items[0]!.result.type).toBe('INCOME');
  });
});

describe('seed 003 · Requirement: 纠正应用与反馈', () => {
  it('Scenario: 修正成功播报 — 「已将第1笔修改为收入60元，红包。还需要修改吗？」, CONFIRMING kept', () => {
    const d = new Driver();
    d.open('红包60', [tx(60, '红包')]);
    const { answered } = d.correct('改为收入', { corrections: [{ index: 0, updatedFields: { type: 'INCOME' } }], intent: 'correction', confidence: 0.9 });
    expect(d.spoken(answered)).toEqual(['已将第1笔修改为收入60元，红包。还需要修改吗？']);
    expect(d.state.phase).toBe('CONFIRMING');
  });

  it('Scenario: 修正失败提示 — offline text the local rules cannot read keeps the batch and says 「没听清要改什么，请再说一次」', () => {
    const d = new Driver({ online: false });
    d.say('吃饭花了60');
    const before = d.state.batch;
    const effects = d.say('嗯那个啥');
    expect(d.state.batch).toBe(before);
    expect(d.spoken(effects).at(-1)).toBe('没听清要改什么，请再说一次');
  });

  it('Scenario: 多次纠正累积 — 「改为收入」 then 「金额改成100」 both show in the final item', () => {
    const d = new Driver();
    d.open('红包60', [tx(60, '红包')]);
    d.correct('改为收入', { corrections: [{ index: 0, updatedFields: { type: 'INCOME' } }], intent: 'correction', confidence: 0.9 });
    d.correct('金额改成100', { corrections: [{ index: 0, updatedFields: { amount: 100 } }], intent: 'correction', confidence: 0.9 });
    expect(d.state.batch!.items[0]!.result).toMatchObject({ type: 'INCOME', amount: 100, category: '红包' });
  });
});
