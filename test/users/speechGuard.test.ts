import { describe, expect, it } from 'vitest';
import { createBatch } from '../../src/domain/draftBatch.js';
import { parseResult } from '../../src/domain/parseResult.js';
import { goalItem } from '../../src/users/goal.js';
import { THINGS } from '../../src/generate/vocabulary.js';
import { guardLine } from '../../src/users/speechGuard.js';

const TODAY = '2026-03-01';
const thing = (description: string) => THINGS.find((t) => t.description === description)!;
const taxi = goalItem(thing('打车'), 30, '2026-02-28');
const tea = goalItem(thing('奶茶'), 15.5);
const card = createBatch(
  [
    parseResult({ amount: 30, type: 'EXPENSE', category: '交通', description: '打车', date: null, account: null, confidence: 0.9, source: 'llm' }),
    parseResult({ amount: 51, type: 'EXPENSE', category: '饮品', description: '奶茶', date: null, account: null, confidence: 0.9, source: 'llm' }),
  ],
  0,
);
const [, teaOnCard] = card.items;

describe('guarded speech: a model-written line must say what the turn needs (issue 46 item 2)', () => {
  it("a first utterance passes with the goal's amounts and days, in digits or words", () => {
    const say = { kind: 'say', items: [taxi, tea] } as const;
    expect(guardLine(say, '昨天打车30，今天奶茶15.5', TODAY)).toBeNull();
    expect(guardLine(say, '嗯昨天打车三十块 今天喝奶茶十五块五', TODAY)).toBeNull();
  });

  it('a first utterance with a wrong day, a missing amount or an extra amount is refused, saying which', () => {
    const say = { kind: 'say', items: [taxi, tea] } as const;
    expect(guardLine(say, '今天打车30，奶茶15.5', TODAY)).toBe('missing 30 on 2026-02-28; not in the task 30 on 2026-03-01');
    expect(guardLine(say, '昨天打车30', TODAY)).toBe('missing 15.5 on 2026-03-01');
    expect(guardLine(say, '昨天打车30，今天奶茶15.5，地铁4块', TODAY)).toBe('not in the task 4 on 2026-03-01');
  });

  it('a correction must name the right item (by ordinal or description) and the new value', () => {
    const byOrdinal = { kind: 'correct', item: teaOnCard!, goal: tea, field: 'amount', by: 'ordinal' } as const;
    expect(guardLine(byOrdinal, '第二笔改成15.5', TODAY)).toBeNull();
    expect(guardLine(byOrdinal, '奶茶那笔是十五块五', TODAY)).toBeNull();
    expect(guardLine(byOrdinal, '第一笔改成15.5', TODAY)).toBe('it names item 1, not item 2');
    expect(guardLine(byOrdinal, '第二笔改成16', TODAY)).toBe('it says the amount [16], the task needs 15.5');
    expect(guardLine(byOrdinal, '改成15.5', TODAY)).toBe('it names neither 第2笔 nor 奶茶');
    const day = { kind: 'correct', item: card.items[0]!, goal: taxi, field: 'date', by: 'description' } as const;
    expect(guardLine(day, '打车那笔是昨天的', TODAY)).toBeNull();
    expect(guardLine(day, '打车那笔是前天的', TODAY)).toBe('it names the day 2026-02-27, the task needs 2026-02-28');
  });

  it('a confirm is a confirm: Layer 1 or a plain yes with no change, no amount, no refusal', () => {
    const confirm = { kind: 'confirm', byModel: false } as const;
    expect(guardLine(confirm, '确认', TODAY)).toBeNull();
    expect(guardLine(confirm, '嗯对的没问题', TODAY)).toBeNull();
    expect(guardLine(confirm, '不对，第二笔改一下', TODAY)).not.toBeNull();
    expect(guardLine(confirm, '好的，还有一笔地铁4块', TODAY)).not.toBeNull();
    expect(guardLine({ kind: 'cancel' }, '算了都不要了', TODAY)).toBeNull();
    expect(guardLine({ kind: 'cancel' }, '确认', TODAY)).toBe('it does not cancel');
  });

  it('deleting or confirming one item names that item', () => {
    expect(guardLine({ kind: 'cancelItem', item: teaOnCard! }, '第二笔删掉', TODAY)).toBeNull();
    expect(guardLine({ kind: 'cancelItem', item: teaOnCard! }, '第一笔删掉', TODAY)).toBe('it names item 1, not item 2');
    expect(guardLine({ kind: 'confirmItem', item: teaOnCard! }, '第二笔没问题确认', TODAY)).toBeNull();
  });
});
