import { describe, expect, it } from 'vitest';
import { answerCorrection } from '../../src/reference/heuristicCorrection.js';
import { answerParse } from '../../src/reference/heuristicParse.js';

const item = (index: number, amount: number, category: string, description: string) => ({ index, amount, type: 'EXPENSE', category, description, date: null });
const correction = (correctionText: string, currentBatch: object[], today: string) => answerCorrection(JSON.stringify({ currentBatch, correctionText }), today);

describe('the heuristic reference resolves the days of issue 39 where a good model would', () => {
  it('an append carries the day it names (还有一笔前天的奶茶15, 再加一笔3月2号的电费一百三)', () => {
    expect(correction('还有一笔前天的奶茶15', [item(0, 30, '交通', '打车')], '2026-03-01')).toMatchObject({
      intent: 'append',
      corrections: [{ index: -1, updatedFields: { amount: 15, category: '饮品', date: '2026-02-27' } }],
    });
    expect(correction('再加一笔3月2号的电费一百三', [item(0, 50, '通讯', '话费')], '2026-03-10')).toMatchObject({
      intent: 'append',
      corrections: [{ updatedFields: { amount: 130, date: '2026-03-02' } }],
    });
  });

  it('最后一笔 is the last pending item: 「最后一笔是大前天的」 dates it', () => {
    const batch = [item(0, 4, '交通', '地铁'), item(1, 32, '水果', '买水果'), item(2, 88, '洗浴', '洗脚')];
    expect(correction('最后一笔是大前天的', batch, '2026-03-01')).toMatchObject({
      intent: 'correction',
      corrections: [{ index: 2, updatedFields: { date: '2026-02-26' } }],
    });
    expect(correction('最后那个是17', batch, '2026-03-01')).toMatchObject({ corrections: [{ index: 2, updatedFields: { amount: 17 } }] });
  });

  it('two day-and-amount groups without a pause are two items, each with its day', () => {
    const { transactions } = answerParse('3号发工资九千二 5号交房租三千', '2026-03-10');
    expect(transactions.map((t) => [t.amount, t.type, t.category, t.date])).toEqual([
      [9200, 'INCOME', '工资', '2026-03-03'],
      [3000, 'EXPENSE', '住房', '2026-03-05'],
    ]);
  });

  it('a day after the only amount stays with it, and 1号房租 is a day and rent', () => {
    expect(answerParse('打车30是昨天的', '2026-03-01').transactions.map((t) => [t.amount, t.date])).toEqual([[30, '2026-02-28']]);
    expect(answerParse('1号房租77', '2026-03-10').transactions.map((t) => [t.amount, t.description, t.date])).toEqual([[77, '房租', '2026-03-01']]);
  });
});
