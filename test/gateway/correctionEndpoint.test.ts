import { describe, expect, it } from 'vitest';
import type { CorrectionRequest } from '../../src/domain/correctionProtocol.js';
import { correctTransactions } from '../../src/gateway/endpoints.js';
import { ScriptedBackend, ScriptViolationError } from '../../src/llm/scriptedBackend.js';

const twoItems: CorrectionRequest = {
  currentBatch: [
    { index: 0, amount: 60, type: 'EXPENSE', category: '餐饮', description: '吃饭', date: null },
    { index: 1, amount: 30, type: 'EXPENSE', category: '交通', description: '打车', date: null },
  ],
  correctionText: '第一笔改成50',
};

const withRedPacket: CorrectionRequest = {
  currentBatch: [
    { index: 0, amount: 60, type: 'EXPENSE', category: '餐饮', description: '吃饭', date: null },
    { index: 1, amount: 30, type: 'EXPENSE', category: '红包', description: '抢红包', date: null },
  ],
  correctionText: '红包那笔改为收入',
};

function answering(model: unknown, latencyMs?: number): ScriptedBackend {
  const backend = new ScriptedBackend();
  backend.setTurn({ correct: { text: JSON.stringify(model), ...(latencyMs === undefined ? {} : { latencyMs }) } });
  return backend;
}

function withText(request: CorrectionRequest, correctionText: string): CorrectionRequest {
  return { ...request, correctionText };
}

describe('correct-transaction protocol (seed 003)', () => {
  it('Scenario: LLM 返回定点纠正', async () => {
    const backend = answering({
      corrections: [{ index: 0, updatedFields: { amount: 50.0 } }],
      intent: 'correction',
      confidence: 0.92,
    });
    const outcome = await correctTransactions(backend, twoItems);
    expect(outcome).toMatchObject({ ok: true, latencyMs: 350, model: 'scripted' });
    if (!outcome.ok) return;
    expect(outcome.value).toEqual({
      corrections: [{ index: 0, updatedFields: { amount: 50 } }],
      intent: 'correction',
      confidence: 0.92,
      model: 'scripted',
    });
    expect(outcome.rawText).toContain('"intent":"correction"');
  });

  it('Scenario: LLM 返回描述词定位纠正', async () => {
    const backend = answering({ corrections: [{ index: 1, updatedFields: { type: 'INCOME' } }], intent: 'correction', confidence: 0.9 });
    const outcome = await correctTransactions(backend, withRedPacket);
    expect(outcome.ok && outcome.value.corrections).toEqual([{ index: 1, updatedFields: { type: 'INCOME' } }]);
  });

  it('Scenario: LLM 识别出确认意图', async () => {
    const backend = answering({ corrections: [], intent: 'confirm', confidence: 0.85 });
    const outcome = await correctTransactions(backend, withText(twoItems, '嗯对就这样'));
    expect(outcome.ok && outcome.value).toEqual({ corrections: [], intent: 'confirm', confidence: 0.85, model: 'scripted' });
  });

  it('Scenario: LLM 识别出追加意图 (confidence missing → 0.0 as in the Kotlin DTO)', async () => {
    const backend = answering({
      corrections: [{ index: -1, updatedFields: { amount: 15.0, category: '饮品', type: 'EXPENSE', description: '奶茶' } }],
      intent: 'append',
    });
    const outcome = await correctTransactions(backend, withText(twoItems, '还有一笔奶茶15'));
    expect(outcome.ok && outcome.value).toEqual({
      corrections: [{ index: -1, updatedFields: { amount: 15, category: '饮品', type: 'EXPENSE', description: '奶茶' } }],
      intent: 'append',
      confidence: 0,
      model: 'scripted',
    });
  });

  it('Scenario: LLM 无法理解纠正内容', async () => {
    const backend = answering({ corrections: [], intent: 'unclear', confidence: 0.3 });
    const outcome = await correctTransactions(backend, withText(twoItems, '那个呃'));
    expect(outcome.ok && outcome.value).toMatchObject({ intent: 'unclear', confidence: 0.3, corrections: [] });
  });

  it('Scenario: LLM 返回多字段修正', async () => {
    const single: CorrectionRequest = { currentBatch: [twoItems.currentBatch[0]!], correctionText: '改为收入100块' };
    const backend = answering({
      corrections: [{ index: 0, updatedFields: { type: 'INCOME', amount: 100.0 } }],
      intent: 'correction',
      confidence: 0.9,
    });
    const outcome = await correctTransactions(backend, single);
    expect(outcome.ok && outcome.value.corrections).toEqual([{ index: 0, updatedFields: { type: 'INCOME', amount: 100 } }]);
  });

  it('Scenario: 低 confidence 回退到 unclear — the gateway passes 0.55 through; the floor is the client’s', async () => {
    const backend = answering({ corrections: [{ index: 0, updatedFields: { amount: 5 } }], intent: 'correction', confidence: 0.55 });
    const outcome = await correctTransactions(backend, twoItems);
    expect(outcome.ok && outcome.value).toMatchObject({ intent: 'correction', confidence: 0.55 });
  });

  it('整体纠正: 金额都加10块 gives one correction per item', async () => {
    const backend = answering({
      corrections: [
        { index: 0, updatedFields: { amount: 70 } },
        { index: 1, updatedFields: { amount: 40 } },
      ],
      intent: 'correction',
      confidence: 0.9,
    });
    const outcome = await correctTransactions(backend, withText(twoItems, '金额都加10块'));
    expect(outcome.ok && outcome.value.corrections.map((c) => c.index)).toEqual([0, 1]);
  });

  it('keeps only editable fields in updatedFields', async () => {
    const backend = answering({
      corrections: [{ index: 0, updatedFields: { amount: 50, reason: 'user said so', note: 1 } }],
      intent: 'correction',
      confidence: 0.9,
    });
    const outcome = await correctTransactions(backend, twoItems);
    expect(outcome.ok && outcome.value.corrections[0]!.updatedFields).toEqual({ amount: 50 });
  });

  it('accepts the answer inside a ```json fence with prose', async () => {
    const backend = new ScriptedBackend();
    backend.setTurn({
      correct: { raw: '好的：\n```json\n{"corrections":[],"intent":"cancel","confidence":0.9}\n```' },
    });
    const outcome = await correctTransactions(backend, withText(twoItems, '全部不要了'));
    expect(outcome.ok && outcome.value.intent).toBe('cancel');
  });
});

describe('bad correction answers are outcomes, not throws', () => {
  it.each([
    ['an intent outside the enum', { corrections: [], intent: 'maybe', confidence: 0.9 }, /intent/],
    ['an upper-case intent', { corrections: [], intent: 'CONFIRM', confidence: 0.9 }, /intent/],
    [
      'an index past the batch',
      { corrections: [{ index: 2, updatedFields: { amount: 5 } }], intent: 'correction', confidence: 0.9 },
      /index 2 is out of range \(currentBatch has 2 items\)/,
    ],
    ['a negative index on a correction', { corrections: [{ index: -1, updatedFields: { amount: 5 } }], intent: 'correction', confidence: 0.9 }, /out of range/],
    ['a fractional index', { corrections: [{ index: 0.5, updatedFields: {} }], intent: 'correction', confidence: 0.9 }, /integer/],
    ['append at a real index', { corrections: [{ index: 2, updatedFields: { amount: 15 } }], intent: 'append', confidence: 0.9 }, /append uses index -1/],
    ['append without a transaction', { corrections: [], intent: 'append', confidence: 0.9 }, /append carries no transaction/],
    ['amount as a string', { corrections: [{ index: 0, updatedFields: { amount: '50' } }], intent: 'correction', confidence: 0.9 }, /amount must be number/],
    [
      'a type outside the enum',
      { corrections: [{ index: 0, updatedFields: { type: 'income' } }], intent: 'correction', confidence: 0.9 },
      /type must be equal to one of the allowed values/,
    ],
    [
      'a numeric category',
      { corrections: [{ index: 0, updatedFields: { category: 5 } }], intent: 'correction', confidence: 0.9 },
      /category must be string,null/,
    ],
    ['confidence above 1', { corrections: [], intent: 'confirm', confidence: 1.5 }, /confidence must be <= 1/],
    ['no corrections array', { intent: 'confirm', confidence: 0.9 }, /corrections/],
  ])('%s → invalid', async (_name, model, detail) => {
    const outcome = await correctTransactions(answering(model), twoItems);
    expect(outcome).toMatchObject({ ok: false, failure: 'invalid', latencyMs: 350 });
    if (!outcome.ok) {
      expect(outcome.detail).toMatch(detail);
      expect(outcome.rawText).toBe(JSON.stringify(model));
    }
  });

  it('prose without JSON → malformed, with the raw text kept', async () => {
    const backend = new ScriptedBackend();
    backend.setTurn({ correct: { raw: '好的，我已经帮您改好了。' } });
    const outcome = await correctTransactions(backend, twoItems);
    expect(outcome).toMatchObject({ ok: false, failure: 'malformed', rawText: '好的，我已经帮您改好了。' });
  });

  it('scripted fault error → error outcome at the scripted latency', async () => {
    const backend = new ScriptedBackend();
    backend.setTurn({ correct: { fault: 'error', latencyMs: 120 } });
    expect(await correctTransactions(backend, twoItems)).toMatchObject({ ok: false, failure: 'error', latencyMs: 120 });
  });

  it('scripted fault timeout → timeout outcome that never arrives (latency Infinity)', async () => {
    const backend = new ScriptedBackend();
    backend.setTurn({ correct: { fault: 'timeout' } });
    const outcome = await correctTransactions(backend, twoItems);
    expect(outcome).toMatchObject({ ok: false, failure: 'timeout' });
    expect(outcome.latencyMs).toBe(Number.POSITIVE_INFINITY);
  });

  it('a virtual answer slower than the deadline keeps its latency: the caller owns the virtual clock', async () => {
    const backend = answering({ corrections: [], intent: 'confirm', confidence: 0.9 }, 4200);
    const outcome = await correctTransactions(backend, twoItems, { deadlineMs: 3000 });
    expect(outcome).toMatchObject({ ok: true, latencyMs: 4200 });
  });

  it('a script violation is a harness error and propagates', async () => {
    const backend = new ScriptedBackend();
    backend.setTurn({ parse: { text: '{"transactions":[]}' } });
    await expect(correctTransactions(backend, twoItems)).rejects.toBeInstanceOf(ScriptViolationError);
  });
});
