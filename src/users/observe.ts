import type { DraftBatch, DraftTransaction } from '../domain/draftBatch.js';
import { goalDay, type GoalItem } from './goal.js';
import { soundKey } from './homophones.js';

export type WrongField = 'amount' | 'type' | 'category' | 'date';

/** What a user sees wrong on the batch card, measured against what is still to be saved. */
export interface Diagnosis {
  /** Items on the card (pending or confirmed) that are none of the goal's. */
  readonly extra: readonly DraftTransaction[];
  /** Items that are a goal item with a field wrong (the first wrong field). */
  readonly wrong: readonly { readonly item: DraftTransaction; readonly goal: GoalItem; readonly field: WrongField }[];
  /** Goal items not on the card. */
  readonly missing: readonly GoalItem[];
}

interface Row {
  readonly amount: number | null;
  readonly type: string;
  readonly category: string | null;
  readonly description: string | null;
  /** The day on the card or in the row; null is today (seed 002). */
  readonly date: string | null;
}

/** A user knows an item by what it was; a description that sounds the same is the same (ASR homophones). */
export function sameThing(row: Row, goal: GoalItem): boolean {
  return row.description !== null && soundKey(row.description) === soundKey(goal.description);
}

/** The first field of `row` that is not the goal's; the day is compared as a day (null is `today`). */
export function firstWrongField(row: Row, goal: GoalItem, today: string): WrongField | null {
  if (row.amount !== goal.amount) return 'amount';
  if (row.type !== goal.type) return 'type';
  if (row.category !== goal.category) return 'category';
  if ((row.date ?? today) !== goalDay(goal, today)) return 'date';
  return null;
}

export function rowMatches(row: Row, goal: GoalItem, today: string): boolean {
  return sameThing(row, goal) && firstWrongField(row, goal, today) === null;
}

/** Pairs each goal item with at most one row: exact matches first, then same thing with a wrong field. */
export function pairUp<R extends Row>(rows: readonly R[], goals: readonly GoalItem[], today: string): { pairs: [R, GoalItem][]; rows: R[]; goals: GoalItem[] } {
  const freeRows = [...rows];
  const freeGoals = [...goals];
  const pairs: [R, GoalItem][] = [];
  const exact = (row: Row, goal: GoalItem) => rowMatches(row, goal, today);
  for (const accept of [exact, sameThing]) {
    for (const goal of [...freeGoals]) {
      const at = freeRows.findIndex((row) => accept(row, goal));
      if (at < 0) continue;
      pairs.push([freeRows.splice(at, 1)[0]!, goal]);
      freeGoals.splice(freeGoals.indexOf(goal), 1);
    }
  }
  return { pairs, rows: freeRows, goals: freeGoals };
}

export function diagnose(batch: DraftBatch, remaining: readonly GoalItem[], today: string): Diagnosis {
  const active = batch.items.filter((item) => item.status !== 'cancelled');
  const view = active.map((item) => ({ ...item.result, item }));
  const { pairs, rows, goals } = pairUp(view, remaining, today);
  const wrong = pairs.flatMap(([row, goal]) => {
    const field = firstWrongField(row, goal, today);
    return field ? [{ item: row.item, goal, field }] : [];
  });
  return { extra: rows.map((row) => row.item), wrong, missing: goals };
}

/** The goal items no saved row accounts for, and the saved rows that are none of the goal's. */
export function compareSaved<R extends Row>(saved: readonly R[], goal: readonly GoalItem[], today: string): { missing: GoalItem[]; unwanted: R[] } {
  const exact = pairUpExact(saved, goal, today);
  return { missing: exact.goals, unwanted: exact.rows };
}

function pairUpExact<R extends Row>(rows: readonly R[], goals: readonly GoalItem[], today: string): { rows: R[]; goals: GoalItem[] } {
  const freeRows = [...rows];
  const freeGoals: GoalItem[] = [];
  for (const goal of goals) {
    const at = freeRows.findIndex((row) => rowMatches(row, goal, today));
    if (at < 0) freeGoals.push(goal);
    else freeRows.splice(at, 1);
  }
  return { rows: freeRows, goals: freeGoals };
}
