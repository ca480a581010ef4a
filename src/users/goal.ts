import type { Random } from '../util/random.js';
import { THINGS, type Thing, type TxType } from '../generate/vocabulary.js';
import { MAX_BATCH_SIZE } from '../domain/draftBatch.js';

/** One true transaction a simulated user wants saved. */
export interface GoalItem {
  readonly amount: number;
  readonly type: TxType;
  readonly category: string;
  readonly description: string;
  /** How the user names it with an amount; `#` stands for the amount. */
  readonly spoken: string;
}

export interface Goal {
  readonly items: readonly GoalItem[];
}

/** Goal sizes run 1..10, each as likely (seed 000: a batch holds at most 10). */
export function sampleGoal(random: Random, size = random.int(1, MAX_BATCH_SIZE)): Goal {
  const pool = [...THINGS];
  const items: GoalItem[] = [];
  // Distinct things, so a user can name an item by what it was (「奶茶那笔」).
  for (let i = 0; i < size; i++) {
    const thing = pool.splice(random.int(0, pool.length - 1), 1)[0]!;
    items.push(goalItem(thing, sampleAmount(random)));
  }
  return { items };
}

export function goalItem(thing: Thing, amount: number): GoalItem {
  const { type, category, description, spoken } = thing;
  return { amount, type, category, description, spoken };
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
