import { describe, expect, it } from 'vitest';
import { converse, parseTransactions } from '../../src/gateway/endpoints.js';
import { LlmCallError, type ChatBackend, type ChatRequest, type ChatResult } from '../../src/llm/backend.js';
import { ScriptedBackend } from '../../src/llm/scriptedBackend.js';

function answering(endpoint: 'parse' | 'conversation', model: unknown): ScriptedBackend {
  const backend = new ScriptedBackend();
  backend.setTurn({ [endpoint]: { text: JSON.stringify(model) } });
  return backend;
}

const item = (amount: number | null, type: string, category: string, description: string) => ({
  amount,
  type,
  category,
  description,
  date: null,
});

describe('parse-transaction (seed 000, seed 002 decision 3)', () => {
  it('Scenario: 多笔识别 — four ParseResults in the order spoken, source llm', async () => {
    const backend = answering('parse', {
      transactions: [
        item(60, 'EXPENSE', '餐饮', '吃饭'),
        item(60, 'EXPENSE', '洗浴', '洗脚'),
        item(30, 'INCOME', '红包', '抢红包'),
        item(90, 'INCOME', '工资', '工资'),
      ],
    });
    const outcome = await parseTransactions(backend, '吃饭花了60，洗脚花了60，抢红包抢了30，工资收到90');
    expect(outcome.ok).toBe(true);
    if (!outcome.ok) return;
    expect(outcome.value.model).toBe('scripted');
    expect(outcome.value.transactions).toHaveLength(4);
    expect(outcome.value.transactions[2]).toEqual({
      amount: 30,
      type: 'INCOME',
      category: '红包',
      description: '抢红包',
      date: null,
      account: null,
      confidence: 1,
      source: 'llm',
    });
    expect(outcome.value.transactions.map((t) => t.category)).toEqual(['餐饮', '洗浴', '红包', '工资']);
  });

  it('Scenario: 单笔识别（向后兼容） — one element, missing optional fields become null', async () => {
    const backend = answering('parse', { transactions: [{ amount: 35, type: 'EXPENSE' }] });
    const outcome = await parseTransactions(backend, '午饭35块');
    expect(outcome.ok && outcome.value.transactions).toEqual([
      { amount: 35, type: 'EXPENSE', category: null, description: null, date: null, account: null, confidence: 1, source: 'llm' },
    ]);
  });

  it('more than 10 transactions is not a schema error: the client truncates', async () => {
    const backend = answering('parse', { transactions: Array.from({ length: 11 }, (_, i) => item(i + 1, 'EXPENSE', '餐饮', '饭')) });
    const outcome = await parseTransactions(backend, '……');
    expect(outcome.ok && outcome.value.transactions).toHaveLength(11);
  });

  it.each([
    ['a type outside the enum', { transactions: [item(5, 'SPEND', '餐饮', '饭')] }, /type must be equal to one of the allowed values/],
    ['amount as a string', { transactions: [item('5' as never, 'EXPENSE', '餐饮', '饭')] }, /amount must be number,null/],
    ['a missing transactions array', { transaction: item(5, 'EXPENSE', '餐饮', '饭') }, /transactions/],
  ])('%s → invalid', async (_name, model, detail) => {
    const outcome = await parseTransactions(answering('parse', model), '饭5块');
    expect(outcome).toMatchObject({ ok: false, failure: 'invalid' });
    if (!outcome.ok) expect(outcome.detail).toMatch(detail);
  });
});

describe('conversation endpoint (seed 004)', () => {
  const current = { amount: 60, type: 'EXPENSE' as const, category: '红包', description: '红包', date: null };

  it('Scenario: LLM 返回 correct action', async () => {
    const backend = answering('conversation', { action: 'correct', transaction: { amount: 60, type: 'INCOME', category: '红包' } });
    const outcome = await converse(backend, [], current, '不对，应该是收入');
    expect(outcome.ok && outcome.value).toEqual({
      action: 'correct',
      transaction: { amount: 60, type: 'INCOME', category: '红包' },
      message: null,
      model: 'scripted',
    });
  });

  it('Scenario: LLM 返回 clarify action', async () => {
    const backend = answering('conversation', { action: 'clarify', message: '请问您想修改哪个部分？' });
    const outcome = await converse(backend, [{ role: 'user', content: '红包60' }], current, '改一下');
    expect(outcome.ok && outcome.value).toMatchObject({ action: 'clarify', transaction: null, message: '请问您想修改哪个部分？' });
  });

  it('Scenario: LLM 返回 query action', async () => {
    const backend = answering('conversation', { action: 'query', message: '这个月花了多少' });
    expect(await converse(backend, [], current, '这个月花了多少')).toMatchObject({ ok: true, value: { action: 'query' } });
  });

  it.each([
    ['correct without a transaction', { action: 'correct' }],
    ['clarify without a message', { action: 'clarify' }],
    ['an unknown action', { action: 'delete' }],
  ])('%s → invalid', async (_name, model) => {
    expect(await converse(answering('conversation', model), [], current, '嗯')).toMatchObject({ ok: false, failure: 'invalid' });
  });
});

/** A wall-clock backend that answers after `ms` unless its signal aborts first. */
function slowRealBackend(ms: number): ChatBackend {
  return {
    name: 'slow',
    model: 'slow-model',
    clock: 'real',
    complete: (req: ChatRequest) =>
      new Promise<ChatResult>((resolve, reject) => {
        const timer = setTimeout(() => resolve({ text: '{"transactions":[]}', latencyMs: ms, model: 'slow-model' }), ms);
        req.signal?.addEventListener('abort', () => {
          clearTimeout(timer);
          reject(req.signal?.reason);
        });
      }),
  };
}

describe('deadlines and backend errors', () => {
  it('aborts a real-clock backend at the deadline → timeout outcome', async () => {
    const outcome = await parseTransactions(slowRealBackend(1000), '午饭35', { deadlineMs: 50 });
    expect(outcome).toMatchObject({ ok: false, failure: 'timeout', detail: 'no answer within 50 ms' });
    expect(outcome.latencyMs).toBeGreaterThanOrEqual(45);
    expect(outcome.latencyMs).toBeLessThan(900);
  });

  it('a caller abort also ends as a timeout outcome', async () => {
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 20);
    const outcome = await parseTransactions(slowRealBackend(1000), '午饭35', { signal: controller.signal });
    expect(outcome).toMatchObject({ ok: false, failure: 'timeout' });
  });

  it('an answer within the deadline is ok', async () => {
    const outcome = await parseTransactions(slowRealBackend(10), '午饭35', { deadlineMs: 500 });
    expect(outcome).toMatchObject({ ok: true, value: { transactions: [], model: 'slow-model' } });
  });

  it('a thrown backend error becomes an error outcome', async () => {
    const failing: ChatBackend = {
      name: 'failing',
      model: 'm',
      clock: 'virtual',
      complete: () => Promise.reject(new LlmCallError('HTTP 502 from upstream', { status: 502, latencyMs: 80 })),
    };
    expect(await parseTransactions(failing, '午饭35')).toMatchObject({
      ok: false,
      failure: 'error',
      detail: 'HTTP 502 from upstream',
      latencyMs: 80,
    });
  });

  it('passes usage through', async () => {
    const backend: ChatBackend = {
      name: 'u',
      model: 'm',
      clock: 'virtual',
      complete: async () => ({ text: '{"transactions":[]}', latencyMs: 5, model: 'm', usage: { promptTokens: 900, completionTokens: 12 } }),
    };
    expect(await parseTransactions(backend, '午饭35')).toMatchObject({ ok: true, usage: { promptTokens: 900, completionTokens: 12 } });
  });
});
