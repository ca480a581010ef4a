import { describe, expect, it } from 'vitest';
import { say } from '../../src/domain/speech.js';
import { tx } from '../support/driver.js';
import { ConversationDriver } from './conversationDriver.js';

const HONGBAO = tx(60, '红包', 'EXPENSE', '红包');
const CLARIFY = '请问您想修改哪个部分？';

/** CONFIRMING on 「红包60」 with one clarify exchange already in the history. */
function withHistory(options: { online?: boolean } = {}): ConversationDriver {
  const d = new ConversationDriver(options);
  d.open('红包60', [HONGBAO]);
  d.converse('那个改一下', { action: 'clarify', message: CLARIFY });
  expect(d.state.history).toHaveLength(2);
  return d;
}

describe('seed 004 · Requirement: 交易确认与保存 (legacy conversation arm)', () => {
  it('Scenario: 确认保存 — 「确认」 saves the one transaction locally and clears the conversation history', () => {
    const d = withHistory();
    const effects = d.say('确认');
    expect(d.calledLlm(effects)).toBe(false);
    expect(d.only('routed', effects).route).toBe('local');
    expect(d.only('saveBatch', effects).items).toEqual([HONGBAO]);
    d.finishSave(true);
    expect(d.spoken()).toEqual([say('saved', { confirmedCount: 1 })]);
    expect(d.state.phase).toBe('LISTENING');
    expect(d.state.batch).toBeNull();
    expect(d.state.history).toEqual([]);
  });

  it('Scenario: 确认保存 — a failed save keeps the transaction and its history (not in seed 004: as the batch arm)', () => {
    const d = withHistory();
    d.say('确认');
    d.finishSave(false);
    expect(d.state.phase).toBe('CONFIRMING');
    expect(d.transaction()).toEqual(HONGBAO);
    expect(d.state.history).toHaveLength(2);
    expect(d.spoken()).toEqual([say('saveFailed')]);
  });

  it('Scenario: 连续记账 — 「继续」 saves the current (pending) transaction first, then LISTENING with the history cleared', () => {
    const d = withHistory();
    const effects = d.say('继续');
    expect(d.only('classified', effects).intent.kind).toBe('continueRecording');
    expect(d.only('saveBatch', effects).items).toEqual([HONGBAO]);
    const saved = d.finishSave(true);
    expect(d.notified(saved)).toContain('onContinueRecording');
    expect(d.state.phase).toBe('LISTENING');
    expect(d.state.batch).toBeNull();
    expect(d.state.history).toEqual([]);
  });

  it('Scenario: 取消当前记录 — 「不要了」, 「取消」 and the cancel button drop the transaction, LISTENING, history cleared', () => {
    for (const cancel of ['不要了', '取消', 'tap'] as const) {
      const d = withHistory();
      const effects = cancel === 'tap' ? d.send({ type: 'tap', action: 'cancel' }) : d.say(cancel);
      expect(d.all('saveBatch', effects)).toEqual([]);
      expect(d.calledLlm(effects)).toBe(false);
      expect(d.spoken(effects)).toEqual([say('cancelled')]);
      expect(d.state.phase).toBe('LISTENING');
      expect(d.state.batch).toBeNull();
      expect(d.state.history).toEqual([]);
    }
  });

  it('Scenario: 退出时清空对话历史 — 「退出」 in CONFIRMING clears the history and goes to IDLE, nothing saved', () => {
    const d = withHistory();
    const effects = d.say('退出');
    expect(d.only('routed', effects).route).toBe('local');
    expect(d.all('saveBatch', effects)).toEqual([]);
    expect(d.notified(effects)).toContain('onSessionEnded');
    expect(d.state.phase).toBe('IDLE');
    expect(d.state.batch).toBeNull();
    expect(d.state.history).toEqual([]);
  });

  it('Scenario: 在线纠正走 LLM 对话 — 「不对，应该是收入」 online: appended to the history, sent with the full history and the current transaction', () => {
    const d = withHistory();
    const earlier = d.state.history;
    const effects = d.say('不对，应该是收入');
    expect(d.only('classified', effects).intent.kind).toBe('correction');
    expect(d.all('callCorrect', effects)).toEqual([]);
    const call = d.only('callConverse', effects);
    expect(call.history).toEqual(earlier);
    expect(call.text).toBe('不对，应该是收入');
    expect(call.current).toEqual({ amount: 60, type: 'EXPENSE', category: '红包', description: '红包', date: null });
    expect(call.deadlineMs).toBe(3000);
    expect(d.state.history).toEqual([...earlier, { role: 'user', content: '不对，应该是收入' }]);
    expect(d.state.phase).toBe('CONFIRMING');
  });

  it('Scenario: 在线纠正走 LLM 对话 — the orchestrator acts on the action the LLM returns', () => {
    const d = new ConversationDriver();
    d.open('红包60', [HONGBAO]);
    const { answered } = d.converse('不对，应该是收入', { action: 'query', message: '这个月花了多少' });
    expect(d.only('routed', answered)).toMatchObject({ route: 'llm', outcome: 'query' });
  });

  it('Scenario: LLM 返回 correct action — the fields are updated, onParseResultUpdated fires, the assistant reply joins the history', () => {
    const d = new ConversationDriver();
    d.open('红包60', [HONGBAO]);
    const transaction = { amount: 60, type: 'INCOME' as const, category: '红包' };
    const { answered } = d.converse('不对，应该是收入', { action: 'correct', transaction });
    expect(d.transaction()).toMatchObject({ amount: 60, type: 'INCOME', category: '红包', description: '红包' });
    const notify = d.only('notify', answered);
    expect(notify).toEqual({ type: 'notify', callback: 'onParseResultUpdated', result: d.transaction() });
    expect(d.state.history).toEqual([
      { role: 'user', content: '不对，应该是收入' },
      { role: 'assistant', content: JSON.stringify({ action: 'correct', transaction }) },
    ]);
    expect(d.spoken(answered)).toEqual(['已将第1笔修改为收入60元，红包。还需要修改吗？']);
    expect(d.state.phase).toBe('CONFIRMING');
  });

  it('Scenario: LLM 返回 parse action — the history is cleared and the transaction is a new parse result', () => {
    const d = withHistory();
    const { answered } = d.converse('不是这个，是打车花了25', {
      action: 'parse',
      transaction: { amount: 25, type: 'EXPENSE', category: '交通', description: '打车' },
    });
    expect(d.state.history).toEqual([]);
    expect(d.state.batch!.items).toHaveLength(1);
    expect(d.transaction()).toMatchObject({ amount: 25, category: '交通', description: '打车' });
    const final = d.only('notify', answered);
    expect(final.callback === 'onFinalText' && final.text).toBe('不是这个，是打车花了25');
    expect(d.spoken(answered)).toEqual(['记录支出25元，交通，确认吗？']);
    expect(d.state.phase).toBe('CONFIRMING');
  });

  it('Scenario: LLM 返回 clarify action — the message is spoken, CONFIRMING kept, the assistant reply joins the history', () => {
    const d = new ConversationDriver();
    d.open('红包60', [HONGBAO]);
    const { answered } = d.converse('那个改一下', { action: 'clarify', message: CLARIFY });
    expect(d.spoken(answered)).toEqual([CLARIFY]);
    expect(d.state.phase).toBe('CONFIRMING');
    expect(d.transaction()).toEqual(HONGBAO);
    expect(d.state.history.at(-1)).toEqual({ role: 'assistant', content: JSON.stringify({ action: 'clarify', message: CLARIFY }) });
  });

  it('Scenario: LLM 返回 query action — 「查询功能即将上线」 is spoken and CONFIRMING kept', () => {
    const d = new ConversationDriver();
    d.open('红包60', [HONGBAO]);
    const { answered } = d.converse('这个月一共花了多少', { action: 'query', message: '这个月花了多少' });
    expect(d.spoken(answered)).toEqual([say('queryComingSoon')]);
    expect(say('queryComingSoon')).toBe('查询功能即将上线');
    expect(d.state.phase).toBe('CONFIRMING');
    expect(d.transaction()).toEqual(HONGBAO);
  });

  it('Scenario: 离线纠正降级到本地 — offline 「改成收入」 is corrected by the local rules and onParseResultUpdated fires', () => {
    const d = new ConversationDriver({ online: false });
    const opened = d.say('午饭35');
    expect(d.calledLlm(opened)).toBe(false);
    expect(d.transaction()).toMatchObject({ amount: 35, type: 'EXPENSE', category: '餐饮', source: 'local' });
    const effects = d.say('改成收入');
    expect(d.calledLlm(effects)).toBe(false);
    expect(d.all('routed', effects).map((r) => r.route)).toEqual(['offline', 'offline']);
    expect(d.transaction()!.type).toBe('INCOME');
    expect(d.notified(effects)).toEqual(['onParseResultUpdated']);
    expect(d.state.history).toEqual([]);
  });

  it('Scenario: 离线纠正降级到本地 — a local correction that changes nothing does not notify', () => {
    const d = new ConversationDriver({ online: false });
    d.say('午饭35');
    const effects = d.say('改成支出');
    expect(d.all('routed', effects).at(-1)).toMatchObject({ route: 'offline', outcome: 'applied' });
    expect(d.notified(effects)).toEqual([]);
  });

  it('Scenario: LLM 调用失败降级 — a failed call falls back to the local rules', () => {
    const d = new ConversationDriver();
    d.open('红包60', [HONGBAO]);
    const call = d.only('callConverse', d.say('改成收入'));
    const effects = d.send({ type: 'conversationFailed', id: call.id, reason: 'error' });
    expect(d.all('routed', effects)[0]).toMatchObject({ route: 'fallback', failure: 'error' });
    expect(d.transaction()!.type).toBe('INCOME');
    expect(d.notified(effects)).toEqual(['onParseResultUpdated']);
  });

  it('Scenario: LLM 调用失败降级 — after 3 s the call is aborted and the local rules answer; a late answer is ignored', () => {
    const d = new ConversationDriver();
    d.open('红包60', [HONGBAO]);
    const asked = d.say('改成收入');
    const call = d.only('callConverse', asked);
    const timer = d.all('startTimer', asked).find((t) => t.name === 'llmDeadline')!;
    expect(timer.ms).toBe(3000);
    const effects = d.send({ type: 'timerFired', name: 'llmDeadline', id: timer.id });
    expect(d.only('abortCall', effects).id).toBe(call.id);
    expect(d.all('routed', effects)[0]).toMatchObject({ route: 'fallback', failure: 'timeout' });
    expect(d.transaction()!.type).toBe('INCOME');
    const late = d.send({ type: 'conversationSucceeded', id: call.id, response: { action: 'correct', transaction: { amount: 1 }, message: null } });
    expect(late).toEqual([]);
    expect(d.transaction()!.amount).toBe(60);
  });

  it('Scenario: LLM 调用失败降级 — when the local rules cannot handle it either, onInterimText shows the original text', () => {
    const d = new ConversationDriver();
    d.open('红包60', [HONGBAO]);
    const call = d.only('callConverse', d.say('那个我再想想'));
    const effects = d.send({ type: 'conversationFailed', id: call.id, reason: 'malformed' });
    expect(d.all('notify', effects)).toEqual([{ type: 'notify', callback: 'onInterimText', text: '那个我再想想' }]);
    expect(d.transaction()).toEqual(HONGBAO);
    expect(d.state.phase).toBe('CONFIRMING');
  });
});

describe('legacy conversation arm · single transaction, shared vocabulary', () => {
  it('keeps only the first transaction of a parse (seed 004 predates batches)', () => {
    const d = new ConversationDriver();
    d.open('吃饭60，打车30', [tx(60, '餐饮', 'EXPENSE', '吃饭'), tx(30, '交通', 'EXPENSE', '打车')]);
    expect(d.state.batch!.items).toHaveLength(1);
    expect(d.transaction()).toMatchObject({ amount: 60, category: '餐饮' });
    expect(d.spoken()).toEqual(['记录支出60元，餐饮，确认吗？']);
  });

  it('「确认第一笔」 confirms the one transaction; 「删掉第三笔」 names no transaction', () => {
    const d = new ConversationDriver();
    d.open('红包60', [HONGBAO]);
    expect(d.spoken(d.say('删掉第三笔'))).toEqual([say('noSuchItem', { n: 3 })]);
    expect(d.state.phase).toBe('CONFIRMING');
    expect(d.only('saveBatch', d.say('确认第一笔')).items).toEqual([HONGBAO]);
  });

  it('a failed parse falls back to the local parser', () => {
    const d = new ConversationDriver();
    const call = d.only('callParse', d.say('打车二十六'));
    const effects = d.send({ type: 'parseFailed', id: call.id, reason: 'timeout' });
    expect(d.all('routed', effects)[0]).toMatchObject({ route: 'fallback', failure: 'timeout' });
    expect(d.transaction()).toMatchObject({ amount: 26, category: '交通', source: 'local' });
  });

  it('a line while a call is in flight is refused as busy', () => {
    const d = new ConversationDriver();
    d.open('红包60', [HONGBAO]);
    d.say('改成收入');
    expect(d.notified(d.say('确认'))).toEqual(['onError']);
    expect(d.state.inFlight?.kind).toBe('converse');
  });

  it('the batch correction events mean nothing to this core', () => {
    const d = new ConversationDriver();
    d.open('红包60', [HONGBAO]);
    const before = d.state;
    expect(d.send({ type: 'correctionSucceeded', id: 1, response: { corrections: [], intent: 'confirm', confidence: 1 } })).toEqual([]);
    expect(d.state).toBe(before);
  });
});
