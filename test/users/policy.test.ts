import { describe, expect, it } from 'vitest';
import { cancelItem, confirmItem, createBatch, type DraftBatch } from '../../src/domain/draftBatch.js';
import { parseResult } from '../../src/domain/parseResult.js';
import { goalItem, type GoalItem } from '../../src/users/goal.js';
import { THINGS } from '../../src/generate/vocabulary.js';
import { minimumTurns, nextAction, type UserProfile } from '../../src/users/policy.js';

const thing = (description: string) => THINGS.find((t) => t.description === description)!;
const MEAL = goalItem(thing('吃饭'), 60);
const TAXI = goalItem(thing('打车'), 30);
const TEA = goalItem(thing('奶茶'), 15);
const GOAL = [MEAL, TAXI, TEA];
const TODAY = '2026-03-01';

const PROFILE: UserProfile = { firstCount: 3, confirmStyle: 'local', correctBy: 'ordinal', patience: 3, givesUpBy: 'cancel' };

type CardItem = { amount: number; description: string; category: string; type?: 'EXPENSE' | 'INCOME'; date?: string | null };

function card(...items: (GoalItem | CardItem)[]): DraftBatch {
  return createBatch(
    items.map((item) =>
      parseResult({ amount: item.amount, description: item.description, category: item.category, type: item.type ?? 'EXPENSE', date: item.date ?? null }),
    ),
    0,
  );
}

describe('the simulated user acts on the batch card (issue 15 item 1)', () => {
  it('with no card says its goal: the first part first, everything still missing later', () => {
    const splitter = { ...PROFILE, firstCount: 2 };
    expect(nextAction(splitter, null, GOAL, 0, null, TODAY)).toEqual({ kind: 'say', items: [MEAL, TAXI] });
    expect(nextAction(splitter, null, [TEA], 3, null, TODAY)).toEqual({ kind: 'say', items: [TEA] });
  });

  it('an extra item → 删掉第N笔 first, before fixing or appending anything', () => {
    const batch = card(MEAL, { amount: 5, description: '不对', category: '其他' }, { ...TAXI, amount: 20 });
    expect(nextAction(PROFILE, batch, GOAL, 1, null, TODAY)).toEqual({ kind: 'cancelItem', item: batch.items[1] });
  });

  it('a wrong amount → a correction of that item; the same correction again switches to naming it the other way', () => {
    const batch = card(MEAL, { ...TAXI, amount: 300 }, TEA);
    const first = nextAction(PROFILE, batch, GOAL, 1, null, TODAY);
    expect(first).toEqual({ kind: 'correct', item: batch.items[1], goal: TAXI, field: 'amount', by: 'ordinal' });
    expect(nextAction(PROFILE, batch, GOAL, 2, first, TODAY)).toMatchObject({ kind: 'correct', field: 'amount', by: 'description' });
  });

  it('a wrong type is corrected before a wrong category; a misheard description still names the same item', () => {
    const batch = card(MEAL, { ...TAXI, description: '大车', type: 'INCOME', category: '工资' }, TEA);
    expect(nextAction(PROFILE, batch, GOAL, 1, null, TODAY)).toMatchObject({ kind: 'correct', item: batch.items[1], field: 'type' });
  });

  it('a missing item → an append; all right → 确认, the model-only phrase, or item by item', () => {
    expect(nextAction(PROFILE, card(MEAL, TEA), GOAL, 1, null, TODAY)).toEqual({ kind: 'append', item: TAXI });
    const right = card(MEAL, TAXI, TEA);
    expect(nextAction(PROFILE, right, GOAL, 1, null, TODAY)).toEqual({ kind: 'confirm', byModel: false });
    expect(nextAction({ ...PROFILE, confirmStyle: 'model' }, right, GOAL, 1, null, TODAY)).toEqual({ kind: 'confirm', byModel: true });
    expect(nextAction({ ...PROFILE, confirmStyle: 'model' }, right, GOAL, 2, { kind: 'confirm', byModel: true }, TODAY)).toEqual({
      kind: 'confirm',
      byModel: false,
    });
    const oneDone = confirmItem(right, 0);
    expect(nextAction({ ...PROFILE, confirmStyle: 'itemByItem' }, oneDone, GOAL, 2, null, TODAY)).toEqual({ kind: 'confirmItem', item: oneDone.items[1] });
  });

  it('cancelled items are gone from its view; a wrong item already confirmed makes it start over', () => {
    const withCancelled = cancelItem(card(MEAL, { amount: 9, description: '可乐', category: '饮品' }, TAXI, TEA), 1);
    expect(nextAction(PROFILE, withCancelled, GOAL, 2, null, TODAY)).toEqual({ kind: 'confirm', byModel: false });
    const settled = confirmItem(card(MEAL, { ...TAXI, amount: 31 }, TEA), 1);
    expect(nextAction(PROFILE, settled, GOAL, 2, null, TODAY)).toEqual({ kind: 'cancel' });
  });

  it('a wrong day is corrected last, and a day is a day: none on the card is today', () => {
    const yesterdayTaxi = { ...TAXI, date: '2026-02-28' };
    const goal = [MEAL, yesterdayTaxi, TEA];
    const noDay = card(MEAL, TAXI, TEA);
    expect(nextAction(PROFILE, noDay, goal, 1, null, TODAY)).toEqual({
      kind: 'correct',
      item: noDay.items[1],
      goal: yesterdayTaxi,
      field: 'date',
      by: 'ordinal',
    });
    const wrongAmountToo = card(MEAL, { ...TAXI, amount: 31 }, TEA);
    expect(nextAction(PROFILE, wrongAmountToo, goal, 1, null, TODAY)).toMatchObject({ field: 'amount' });
    // The card's explicit today and its missing day both mean today: nothing to fix.
    expect(nextAction(PROFILE, card({ ...MEAL, date: TODAY }, yesterdayTaxi, TEA), goal, 1, null, TODAY)).toEqual({ kind: 'confirm', byModel: false });
    const dayOnAnUndatedItem = card(MEAL, yesterdayTaxi, { ...TEA, date: '2026-02-27' });
    expect(nextAction(PROFILE, dayOnAnUndatedItem, goal, 1, null, TODAY)).toMatchObject({ kind: 'correct', item: dayOnAnUndatedItem.items[2], field: 'date' });
  });

  it('the fewest turns: one utterance, one append per later item, one confirmation (or one per item)', () => {
    expect(minimumTurns(PROFILE, 3)).toBe(2);
    expect(minimumTurns({ ...PROFILE, firstCount: 1 }, 3)).toBe(4);
    expect(minimumTurns({ ...PROFILE, confirmStyle: 'itemByItem' }, 3)).toBe(4);
  });
});
