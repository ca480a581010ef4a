import { describe, expect, it } from 'vitest';
import { Driver, FOUR, FOUR_TEXT, tx } from '../support/driver.js';

const fix = (index: number, updatedFields: Record<string, unknown>) => ({
  corrections: [{ index, updatedFields }],
  intent: 'correction' as const,
  confidence: 0.92,
});

describe('seed 001 · Requirement: Delegate 模式解耦', () => {
  it('Scenario: Delegate 安全 — callbacks arriving after dispose are ignored and change nothing', () => {
    const d = new Driver();
    d.open(FOUR_TEXT, FOUR);
    const call = d.only('callCorrect', d.say('第一笔改成50'));
    const disposed = d.send({ type: 'dispose' });
    expect(d.all('abortCall', disposed)).toHaveLength(1);
    const frozen = d.state;
    expect(d.send({ type: 'correctionSucceeded', id: call.id, response: fix(0, { amount: 50 }) })).toEqual([]);
    expect(d.send({ type: 'userText', text: '确认' })).toEqual([]);
    expect(d.state).toBe(frozen);
    expect(d.state.batch).toBeNull();
  });

  it('Scenario: 纠正更新通知 — a successful LLM correction calls onDraftBatchUpdated with the new batch', () => {
    const d = new Driver();
    d.open(FOUR_TEXT, FOUR);
    const { answered } = d.correct('第一笔改成50', fix(0, { amount: 50 }));
    const notify = d.only('notify', answered);
    expect(notify.callback).toBe('onDraftBatchUpdated');
    expect(notify.callback === 'onDraftBatchUpdated' && notify.batch).toBe(d.state.batch);
  });

  it('SHALL pass (text, DraftBatch) to onFinalText', () => {
    const d = new Driver();
    const batch = d.open(FOUR_TEXT, FOUR);
    expect(d.only('notify')).toEqual({ type: 'notify', callback: 'onFinalText', text: FOUR_TEXT, batch });
  });
});

describe('seed 001 · Requirement: 交易确认与保存', () => {
  it('Scenario: 多笔全部确认 — 「确认」 with 4 pending items: confirmAll, saveBatch of 4, batch cleared', () => {
    const d = new Driver();
    d.open(FOUR_TEXT, FOUR);
    d.say('确认');
    expect(d.only('saveBatch').items).toHaveLength(4);
    d.finishSave(true);
    expect(d.state.batch).toBeNull();
  });

  it('Scenario: 多笔定点纠正 — 「第三笔改为支出」 updates items[2]', () => {
    const d = new Driver();
    d.open(FOUR_TEXT, FOUR);
    const { call } = d.correct('第三笔改为支出', fix(2, { type: 'EXPENSE' }));
    expect(call.request.currentBatch.map((i) => i.index)).toEqual([0, 1, 2, 3]);
    expect(d.state.batch!.items.map((i) => i.result.type)).toEqual(['EXPENSE', 'EXPENSE', 'EXPENSE', 'INCOME']);
  });

  it('Scenario: 多笔逐条取消 — 「删掉第二笔」 → cancelItem(1), CONFIRMING kept while items are pending', () => {
    const d = new Driver();
    d.open(FOUR_TEXT, FOUR);
    d.say('删掉第二笔');
    expect(d.statuses()).toEqual(['pending', 'cancelled', 'pending', 'pending']);
    expect(d.state.phase).toBe('CONFIRMING');
  });

  it('Scenario: 多笔混合完成 — confirm 1 and 3, cancel 2 and 4: the confirmed items (1, 3) are saved and the batch cleared', () => {
    const d = new Driver();
    d.open(FOUR_TEXT, FOUR);
    d.say('确认第1笔');
    d.say('确认第3笔');
    d.say('取消第2笔');
    expect(d.all('saveBatch')).toHaveLength(0);
    d.say('删掉第4笔');
    expect(d.only('saveBatch').items.map((i) => i.description)).toEqual(['吃饭', '抢红包']);
    d.finishSave(true);
    expect(d.state.batch).toBeNull();
    expect(d.state.phase).toBe('LISTENING');
  });

  it('Scenario: 单笔兼容 — a batch of one behaves like the single-transaction flow (TTS, confirm, cancel, correct)', () => {
    const d = new Driver();
    d.open('红包收了60', [tx(60, '红包', 'INCOME')]);
    expect(d.spoken()).toEqual(['记录收入60元，红包，确认吗？']);
    const { answered } = d.correct('应该是支出不是收入', fix(0, { type: 'EXPENSE' }));
    expect(d.spoken(answered)).toEqual(['已将第1笔修改为支出60元，红包。还需要修改吗？']);
    d.say('确认');
    d.finishSave(true);
    expect(d.spoken()).toEqual(['已保存1笔交易。']);
  });

  it('Scenario: 语音纠正通过 LLM 修改草稿 — 「改为收入」: loading TTS, {pending batch, text} to the LLM, batch updated, UI notified, result spoken, CONFIRMING kept', () => {
    const d = new Driver();
    d.open('吃饭花了60', [tx(60, '餐饮', 'EXPENSE', '吃饭')]);
    const { call, asked, answered } = d.correct('改为收入', fix(0, { type: 'INCOME' }));
    const types = asked.map((e) => e.type);
    expect(types.indexOf('speak')).toBeLessThan(types.indexOf('callCorrect'));
    expect(d.spoken(asked)).toEqual(['好的，正在修改...']);
    expect(call.deadlineMs).toBe(3000);
    expect(call.request).toMatchObject({ correctionText: '改为收入', currentBatch: [{ index: 0, amount: 60, type: 'EXPENSE' }] });
    expect(d.all('notify', answered).map((n) => n.callback)).toEqual(['onDraftBatchUpdated']);
    expect(d.spoken(answered)).toEqual(['已将第1笔修改为收入60元，餐饮。还需要修改吗？']);
    expect(d.state.phase).toBe('CONFIRMING');
  });

  it('Scenario: LLM 二次判定为确认 — 「嗯对就这样」 goes to the LLM, whose confirm runs the confirm-all flow', () => {
    const d = new Driver();
    d.open(FOUR_TEXT, FOUR);
    d.correct('嗯对就这样', { corrections: [], intent: 'confirm', confidence: 0.85 });
    expect(d.statuses()).toEqual(['confirmed', 'confirmed', 'confirmed', 'confirmed']);
    expect(d.only('saveBatch').items).toHaveLength(4);
  });

  it('Scenario: 纠正失败保持原结果 — unclear, or a failed request the local rules cannot read, keeps the batch and asks again', () => {
    const d = new Driver();
    const before = d.open(FOUR_TEXT, FOUR);
    const { answered } = d.correct('那个不太对吧', { corrections: [], intent: 'unclear', confidence: 0.4 });
    expect(d.state.batch).toBe(before);
    expect(d.spoken(answered)).toEqual(['没听清要改什么，请再说一次']);

    const call = d.only('callCorrect', d.say('那个不太对吧'));
    const failed = d.send({ type: 'correctionFailed', id: call.id, reason: 'error' });
    expect(d.state.batch).toBe(before);
    expect(d.state.phase).toBe('CONFIRMING');
    expect(d.spoken(failed)).toEqual(['没听清要改什么，请再说一次']);
  });

  it('Scenario: LLM 纠正超时降级 — past 3 s the request is cancelled and the local correction is applied', () => {
    const d = new Driver();
    d.open('红包收了60', [tx(60, '红包', 'INCOME')]);
    const call = d.only('callCorrect', d.say('改成支出'));
    const timer = d.only(
      'startTimer',
      d.last.filter((e) => e.type === 'startTimer' && e.name === 'llmDeadline'),
    );
    expect(timer.ms).toBe(3000);
    const fired = d.send({ type: 'timerFired', name: 'llmDeadline', id: call.id });
    expect(d.only('abortCall', fired).id).toBe(call.id);
    expect(d.state.batch!.items[0]!.result.type).toBe('EXPENSE');
    expect(d.spoken(fired)).toEqual(['已将第1笔修改为支出60元，红包。还需要修改吗？']);
    expect(d.send({ type: 'correctionSucceeded', id: call.id, response: fix(0, { amount: 1 }) })).toEqual([]);
  });

  it.each(['不要了', '取消'])('Scenario: 取消当前记录 — 「%s」 clears the DraftBatch and returns to LISTENING', (text) => {
    const d = new Driver();
    d.open(FOUR_TEXT, FOUR);
    d.say(text);
    expect(d.state.batch).toBeNull();
    expect(d.state.phase).toBe('LISTENING');
  });

  it('Scenario: 取消当前记录 — tapping the cancel button does the same', () => {
    const d = new Driver();
    d.open(FOUR_TEXT, FOUR);
    d.send({ type: 'tap', action: 'cancel' });
    expect(d.state.batch).toBeNull();
    expect(d.state.phase).toBe('LISTENING');
  });

  it('Scenario: 连续记账 — the confirmed items are saved first, then the batch is cleared and LISTENING resumes', () => {
    const d = new Driver();
    d.open(FOUR_TEXT, FOUR);
    d.say('确认第一笔');
    d.say('继续记账');
    expect(d.only('saveBatch').items.map((i) => i.description)).toEqual(['吃饭']);
    const done = d.finishSave(true);
    expect(d.all('notify', done).map((n) => n.callback)).toContain('onContinueRecording');
    expect(d.state.batch).toBeNull();
    expect(d.state.phase).toBe('LISTENING');
  });

  it('Scenario: CONFIRMING 态追加新笔 — append below 10 items adds a pending item at the tail and speaks it', () => {
    const d = new Driver();
    d.open('吃饭60', [tx(60, '餐饮')]);
    const { answered } = d.correct('还有一笔打车30', {
      corrections: [{ index: -1, updatedFields: { amount: 30, type: 'EXPENSE', category: '交通', description: '打车' } }],
      intent: 'append',
      confidence: 0.9,
    });
    expect(d.state.batch!.items.at(-1)).toMatchObject({ index: 1, status: 'pending', result: { amount: 30 } });
    expect(d.spoken(answered)).toEqual(['已追加第2笔，支出30元，交通。现在共2笔，请确认或修改。']);
  });

  it('Scenario: 追加超限拒绝 — append at 10 items is refused with 「已达上限，请先确认当前交易」', () => {
    const d = new Driver();
    d.open(
      '十笔',
      Array.from({ length: 10 }, (_, i) => tx(i + 1, '餐饮')),
    );
    const { answered } = d.correct('还有一笔奶茶15', {
      corrections: [{ index: -1, updatedFields: { amount: 15 } }],
      intent: 'append',
      confidence: 0.9,
    });
    expect(d.state.batch!.items).toHaveLength(10);
    expect(d.spoken(answered)).toEqual(['已达上限，请先确认当前交易']);
  });
});

describe('seed 001 · Requirement: 上下文提交与清空时机', () => {
  it('Scenario: 纠正不清空上下文 — corrections on several items only update those items', () => {
    const d = new Driver();
    d.open(FOUR_TEXT, FOUR);
    d.correct('第二笔改成70', fix(1, { amount: 70 }));
    d.correct('第四笔改成奖金', fix(3, { category: '奖金' }));
    expect(d.state.batch).not.toBeNull();
    expect(d.state.batch!.items.map((i) => [i.result.amount, i.result.category])).toEqual([
      [60, '餐饮'],
      [70, '洗浴'],
      [30, '红包'],
      [90, '奖金'],
    ]);
  });

  it('Scenario: 超时自动清空 — session inactivity clears the DraftBatch', () => {
    const d = new Driver();
    d.open(FOUR_TEXT, FOUR);
    const timer = d.log.filter((e) => e.type === 'startTimer' && e.name === 'inactivity').at(-1) as { id: number };
    const effects = d.send({ type: 'timerFired', name: 'inactivity', id: timer.id });
    expect(d.state.batch).toBeNull();
    expect(d.all('notify', effects).map((n) => n.callback)).toContain('onSessionEnded');
  });

  it('SHALL clear only on the five conditions: exit clears and goes IDLE', () => {
    const d = new Driver();
    d.open(FOUR_TEXT, FOUR);
    d.say('退出');
    expect(d.state.batch).toBeNull();
    expect(d.state.phase).toBe('IDLE');
  });
});

describe('seed 001 · Requirement: 纠正时 pending items 过滤与 index 重编号', () => {
  it('Scenario: 纠正时排除 cancelled items — index 1 cancelled, 「第二笔改成100」: only 0, 2, 3 are sent as 0, 1, 2 and LLM index 1 maps back to original index 2', () => {
    const d = new Driver();
    d.open(FOUR_TEXT, FOUR);
    d.say('删掉第二笔');
    const { call, answered } = d.correct('第二笔改成100', fix(1, { amount: 100 }));
    expect(call.request.currentBatch.map((i) => [i.index, i.description])).toEqual([
      [0, '吃饭'],
      [1, '抢红包'],
      [2, '工资'],
    ]);
    expect(d.state.batch!.items.map((i) => i.result.amount)).toEqual([60, 60, 100, 90]);
    const routed = d.only('routed', answered);
    expect(routed.mapping).toEqual([{ sentIndex: 1, originalIndex: 2 }]);
    expect(d.spoken(answered)).toEqual(['已将第3笔修改为收入100元，红包。还需要修改吗？']);
  });

  it('confirmed items are excluded from the request too', () => {
    const d = new Driver();
    d.open(FOUR_TEXT, FOUR);
    d.say('确认第一笔');
    const { call } = d.correct('第一笔改成10', fix(0, { amount: 10 }));
    expect(call.request.currentBatch.map((i) => i.description)).toEqual(['洗脚', '抢红包', '工资']);
    expect(d.state.batch!.items.map((i) => i.result.amount)).toEqual([60, 10, 30, 90]);
  });

  it('an LLM index outside the pending range is invalid: the batch is untouched and the user asked again', () => {
    const d = new Driver();
    d.open(FOUR_TEXT, FOUR);
    d.say('删掉第二笔');
    const before = d.state.batch;
    const { answered } = d.correct('第二笔改成1', fix(3, { amount: 1 }));
    expect(d.only('routed', answered)).toMatchObject({ route: 'llm', failure: 'invalid', outcome: 'unclear' });
    expect(d.state.batch).toBe(before);
    expect(d.spoken(answered)).toEqual(['没听清要改什么，请再说一次']);
  });
});

describe('seed 001 over seed 004: a failed (not timed-out) correction keeps the batch', () => {
  it.each(['error', 'malformed', 'invalid'] as const)('%s: no local rule is applied even to a text they could read', (reason) => {
    const d = new Driver();
    const before = d.open(FOUR_TEXT, FOUR);
    const call = d.only('callCorrect', d.say('第二笔改成45'));
    const effects = d.send({ type: 'correctionFailed', id: call.id, reason });
    expect(d.state.batch).toBe(before);
    expect(d.only('routed', effects)).toMatchObject({ route: 'llm', failure: reason });
    expect(d.spoken(effects)).toEqual(['没听清要改什么，请再说一次']);
  });

  it('a failed parse has no batch to keep: the local parser takes the utterance', () => {
    const d = new Driver();
    const call = d.only('callParse', d.say('打车花了35'));
    const effects = d.send({ type: 'parseFailed', id: call.id, reason: 'error' });
    expect(d.only('routed', effects)).toMatchObject({ route: 'fallback', failure: 'error' });
    expect(d.state.batch!.items[0]!.result).toMatchObject({ amount: 35, source: 'local' });
  });
});
