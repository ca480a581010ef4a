import type { Random } from '../util/random.js';
import { THINGS, type Thing, type TxType } from '../generate/vocabulary.js';
import { MAX_BATCH_SIZE } from '../domain/draftBatch.js';
import { daysBefore } from './spokenDays.js';

/** One true transaction a simulated user wants saved. */
export interface GoalItem {
  readonly amount: number;
  readonly type: TxType;
  readonly category: string;
  readonly description: string;
  /** How the user names it with an amount; `#` stands for the amount. */
  readonly spoken: string;
  /** The day it happened when the user names one (YYYY-MM-DD); null: none named, so it happened today. */
  readonly date: string | null;
}

export interface Goal {
  readonly items: readonly GoalItem[];
  /** The simulation's today, which the user's days are relative to and unnamed days are. */
  readonly today: string;
}

/** The day a goal item must be saved with: the day named, else today (seed 002: no date is today). */
export function goalDay(item: GoalItem, today: string): string {
  return item.date ?? today;
}

/** Goal sizes run 1..10, each as likely (seed 000: a batch holds at most 10). */
export function sampleGoal(random: Random, today: string, size = random.int(1, MAX_BATCH_SIZE)): Goal {
  const pool = [...THINGS];
  const items: GoalItem[] = [];
  // Distinct things, so a user can name an item by what it was (「奶茶那笔」).
  for (let i = 0; i < size; i++) {
    const thing = pool.splice(random.int(0, pool.length - 1), 1)[0]!;
    items.push(goalItem(thing, sampleAmount(random)));
  }
  return { items, today };
}

export function goalItem(thing: Thing, amount: number, date: string | null = null): GoalItem {
  const { type, category, description, spoken } = thing;
  return { amount, type, category, description, spoken, date };
}

/** How often a user names the day of an item (昨天打车三十), and how far back it lies. */
const NAMES_A_DAY = 0.4;
const DAYS_BACK: readonly (readonly [readonly [number, number], number])[] = [
  [[0, 0], 2],
  [[1, 1], 7],
  [[2, 2], 4],
  [[3, 3], 2],
  [[4, 10], 3],
  [[11, 60], 2],
];

/**
 * Gives some items of a goal the day they happened, counted back from the goal's today. Drawn from
 * its own stream, so that the things, amounts and habits of a seed's users stay what they were.
 */
export function withDays(goal: Goal, random: Random): Goal {
  const items = goal.items.map((item) => {
    if (!random.chance(NAMES_A_DAY)) return item;
    const [lo, hi] = random.weighted(DAYS_BACK);
    return { ...item, date: daysBefore(goal.today, random.int(lo, hi)) };
  });
  return { ...goal, items };
}

/** Mostly whole amounts of everyday size, some with 5 jiao (三块五). */
function sampleAmount(random: Random): number {
  const whole = random.weighted<readonly [number, number]>([
    [[1, 20], 3],
    [[21, 200], 5],
    [[201, 3000], 2],
  ]);
  const amount = random.int(whole[0], whole[1]);
  return amount <= 100 && random.chance(0.15) ? amount + 0.5 : amount;
}
