import { MAX_BATCH_SIZE, type DraftBatch, type DraftTransaction } from '../domain/draftBatch.js';
import type { Random } from '../util/random.js';
import type { GoalItem } from './goal.js';
import { diagnose, type WrongField } from './observe.js';

/** What a simulated user means by a turn; speech.ts/utterance.ts turn it into words. */
export type UserAction =
  | { readonly kind: 'say'; readonly items: readonly GoalItem[] }
  | { readonly kind: 'append'; readonly item: GoalItem }
  | { readonly kind: 'correct'; readonly item: DraftTransaction; readonly goal: GoalItem; readonly field: WrongField; readonly by: NamingStyle }
  | { readonly kind: 'cancelItem'; readonly item: DraftTransaction }
  | { readonly kind: 'confirmItem'; readonly item: DraftTransaction }
  | { readonly kind: 'confirm'; readonly byModel: boolean }
  | { readonly kind: 'cancel' };

export type NamingStyle = 'ordinal' | 'description';
export type ConfirmStyle = 'local' | 'model' | 'itemByItem';

/** The habits of one user, drawn once. */
export interface UserProfile {
  /** How many goal items the first utterance holds; the rest are appended one by one. */
  readonly firstCount: number;
  readonly confirmStyle: ConfirmStyle;
  /** 「第二笔改成十五」 or 「奶茶那笔改成十五」 (switched when the same correction did not take). */
  readonly correctBy: NamingStyle;
  /** Turns tolerated beyond the fewest the goal needs. */
  readonly patience: number;
  /** At the end of patience: 「取消」 the batch, or just walk away. */
  readonly givesUpBy: 'cancel' | 'leaving';
}

export function sampleProfile(random: Random, goalSize: number): UserProfile {
  const appendsLater = goalSize >= 2 && random.chance(0.25) ? random.int(1, Math.min(2, goalSize - 1)) : 0;
  return {
    firstCount: goalSize - appendsLater,
    confirmStyle: random.weighted<ConfirmStyle>([
      ['local', goalSize <= 4 ? 5 : 6],
      ['model', 3],
      ['itemByItem', goalSize <= 4 ? 2 : 0],
    ]),
    correctBy: random.chance(0.5) ? 'ordinal' : 'description',
    patience: random.int(2, 6),
    givesUpBy: random.chance(0.5) ? 'cancel' : 'leaving',
  };
}

/** The fewest turns a goal takes when the app gets everything right. */
export function minimumTurns(profile: UserProfile, goalSize: number): number {
  const appends = goalSize - profile.firstCount;
  return 1 + appends + (profile.confirmStyle === 'itemByItem' ? goalSize : 1);
}

/**
 * The next thing to say, from what the app shows (the batch card, null when it shows none)
 * and what is still to be saved. One repair per turn: extra items first, then wrong fields,
 * then missing items; all right → confirm in the user's style.
 */
export function nextAction(
  profile: UserProfile,
  batch: DraftBatch | null,
  remaining: readonly GoalItem[],
  turn: number,
  last: UserAction | null,
  today: string,
): UserAction {
  if (!batch) return { kind: 'say', items: turn === 0 ? remaining.slice(0, profile.firstCount) : remaining };
  const { extra, wrong, missing } = diagnose(batch, remaining, today);
  const settledBadly = extra.some((item) => item.status !== 'pending') || wrong.some(({ item }) => item.status !== 'pending');
  // A confirmed item cannot be changed any more: start over.
  if (settledBadly) return { kind: 'cancel' };
  const surplus = extra[0];
  if (surplus) return { kind: 'cancelItem', item: surplus };
  const fix = wrong[0];
  if (fix) {
    const again = last?.kind === 'correct' && last.item.index === fix.item.index && last.field === fix.field;
    const by = again ? (last.by === 'ordinal' ? 'description' : 'ordinal') : profile.correctBy;
    return { kind: 'correct', ...fix, by };
  }
  const absent = missing[0];
  // A full card takes no append (seed 000: at most 10): save what is right, say the rest afterwards.
  if (absent && batch.items.length < MAX_BATCH_SIZE) return { kind: 'append', item: absent };
  if (profile.confirmStyle === 'itemByItem') {
    const open = batch.items.find((item) => item.status === 'pending');
    if (open && !absent) return { kind: 'confirmItem', item: open };
  }
  // A model-only phrase that was not understood is said again the plain way (「确认」).
  const rephrase = last?.kind === 'confirm' && last.byModel;
  return { kind: 'confirm', byModel: profile.confirmStyle === 'model' && !rephrase };
}
