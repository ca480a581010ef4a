import type { DraftBatch, DraftTransaction } from '../domain/draftBatch.js';
import type { GoalItem } from './goal.js';
import { soundKey } from './homophones.js';

export type WrongField = 'amount' | 'type' | 'category';

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
}

/** A user knows an item by what it was; a description that sounds the same is the same (ASR homophones). */
export function sameThing(row: Row, goal: GoalItem): boolean {
  return row.description !== null && soundKey(row.description) === soundKey(goal.description);
}

export function firstWrongField(row: Row, goal: GoalItem): WrongField | null {
  if (row.amount !== goal.amount) return 'amount';
  if (row.type !== goal.type) return 'type';
  if (row.category !== goal.category) return 'category';
  return null;
}

export function rowMatches(row: Row, goal: GoalItem): boolean {
  return sameThing(row, goal) && firstWrongField(row, goal) === null;
}

/** Pairs each goal item with at most one row: exact matches first, then same thing with a wrong field. */
export function pairUp<R extends Row>(rows: readonly R[], goals: readonly GoalItem[]): { pairs: [R, GoalItem][]; rows: R[]; goals: GoalItem[] } {
  const freeRows = [...rows];
  const freeGoals = [...goals];
  const pairs: [R, GoalItem][] = [];
  for (const accept of [rowMatches, sameThing]) {
    for (const goal of [...freeGoals]) {
      const at = freeRows.findIndex((row) => accept(row, goal));
      if (at < 0) continue;
      pairs.push([freeRows.splice(at, 1)[0]!, goal]);
      freeGoals.splice(freeGoals.indexOf(goal), 1);
    }
  }
  return { pairs, rows: freeRows, goals: freeGoals };
}

export function diagnose(batch: DraftBatch, remaining: readonly GoalItem[]): Diagnosis {
  const active = batch.items.filter((item) => item.status !== 'cancelled');
  const view = active.map((item) => ({ ...item.result, item }));
  const { pairs, rows, goals } = pairUp(view, remaining);
  const wrong = pairs.flatMap(([row, goal]) => {
    const field = firstWrongField(row, goal);
    return field ? [{ item: row.item, goal, field }] : [];
  });
  return { extra: rows.map((row) => row.item), wrong, missing: goals };
}

/** The goal items no saved row accounts for, and the saved rows that are none of the goal's. */
export function compareSaved<R extends Row>(saved: readonly R[], goal: readonly GoalItem[]): { missing: GoalItem[]; unwanted: R[] } {
  const exact = pairUpExact(saved, goal);
  return { missing: exact.goals, unwanted: exact.rows };
}

function pairUpExact<R extends Row>(rows: readonly R[], goals: readonly GoalItem[]): { rows: R[]; goals: GoalItem[] } {
  const freeRows = [...rows];
  const freeGoals: GoalItem[] = [];
  for (const goal of goals) {
    const at = freeRows.findIndex((row) => rowMatches(row, goal));
    if (at < 0) freeGoals.push(goal);
    else freeRows.splice(at, 1);
  }
  return { rows: freeRows, goals: freeGoals };
}
