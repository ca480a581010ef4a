import { describe, expect, it } from 'vitest';
import type { CorrectionRequest } from '../../src/domain/correctionProtocol.js';
import { converse, correctTransactions, parseTransactions } from '../../src/gateway/endpoints.js';
import { HEURISTIC_LATENCY_MS, HeuristicModel } from '../../src/reference/heuristicModel.js';

const model = new HeuristicModel();

const batch: CorrectionRequest['currentBatch'] = [
  { index: 0, amount: 60, type: 'EXPENSE', category: '餐饮', description: '吃饭', date: null },
  { index: 1, amount: 60, type: 'EXPENSE', category: '洗浴', description: '洗脚', date: null },
  { index: 2, amount: 30, type: 'EXPENSE', category: '红包', description: '抢红包', date: null },
];

async function correct(correctionText: string, currentBatch = batch) {
  const outcome = await correctTransactions(model, { currentBatch, correctionText });
  if (!outcome.ok) throw new Error(`${outcome.failure}: ${outcome.detail}`);
  return outcome.value;
}

describe('heuristic reference model, through the gateway', () => {
  it('Scenario: 多笔识别 — 4 transactions with categories and types', async () => {
    const outcome = await parseTransactions(model, '吃饭花了60，洗脚花了60，抢红包抢了30，工资收到90');
    expect(outcome).toMatchObject({ ok: true, latencyMs: HEURISTIC_LATENCY_MS, model: 'heuristic-rules-v1' });
    if (!outcome.ok) return;
    expect(outcome.value.transactions.map((t) => [t.amount, t.type, t.category])).toEqual([
      [60, 'EXPENSE', '餐饮'],
      [60, 'EXPENSE', '洗浴'],
      [30, 'INCOME', '红包'],
      [90, 'INCOME', '工资'],
    ]);
    expect(outcome.value.transactions.every((t) => t.source === 'llm')).toBe(true);
  });

  it('Scenario: 单笔识别（向后兼容）', async () => {
    const outcome = await parseTransactions(model, '午饭35块');
    expect(outcome.ok && outcome.value.transactions.map((t) => [t.amount, t.category])).toEqual([[35, '餐饮']]);
  });

  it('Scenario: LLM 返回定点纠正', async () => {
    expect(await correct('第一笔改成50')).toMatchObject({
      intent: 'correction',
      corrections: [{ index: 0, updatedFields: { amount: 50 } }],
    });
  });

  it('Scenario: LLM 返回描述词定位纠正', async () => {
    expect(await correct('红包那笔改为收入')).toMatchObject({
      intent: 'correction',
      corrections: [{ index: 2, updatedFields: { type: 'INCOME' } }],
    });
  });

  it('整体纠正: 金额都加10块', async () => {
    const value = await correct('金额都加10块');
    expect(value.corrections.map((c) => [c.index, c.updatedFields.amount])).toEqual([
      [0, 70],
      [1, 70],
      [2, 40],
    ]);
  });

  it.each(['嗯对就这样', '就这样吧', '没问题', '对的没错'])('Scenario: LLM 识别出确认意图 — %s', async (text) => {
    expect(await correct(text)).toMatchObject({ intent: 'confirm', corrections: [] });
  });

  it.each(['全部不要了', '算了都不要了'])('cancel — %s', async (text) => {
    expect(await correct(text)).toMatchObject({ intent: 'cancel', corrections: [] });
  });

  it('Scenario: LLM 识别出追加意图', async () => {
    expect(await correct('还有一笔奶茶15')).toMatchObject({
      intent: 'append',
      corrections: [{ index: -1, updatedFields: { amount: 15, type: 'EXPENSE', category: '饮品', description: '奶茶' } }],
    });
  });

  it('Scenario: LLM 无法理解纠正内容 — 改成50 with three items', async () => {
    expect(await correct('改成50')).toMatchObject({ intent: 'unclear', corrections: [], confidence: 0.3 });
  });

  it('seed 004: correct, parse, query and clarify actions', async () => {
    const current = { amount: 60, type: 'EXPENSE' as const, category: '红包', description: '红包', date: null };
    const reply = async (text: string) => {
      const outcome = await converse(model, [], current, text);
      if (!outcome.ok) throw new Error(outcome.detail);
      return outcome.value;
    };
    expect(await reply('不对，应该是收入')).toMatchObject({ action: 'correct', transaction: { amount: 60, type: 'INCOME', category: '红包' } });
    expect(await reply('不是这个，是打车花了25')).toMatchObject({ action: 'parse', transaction: { amount: 25, category: '交通' } });
    expect(await reply('这个月花了多少')).toMatchObject({ action: 'query', message: '这个月花了多少' });
    expect(await reply('嗯嗯')).toMatchObject({ action: 'clarify' });
  });
});
