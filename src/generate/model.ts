// Over 300 lines on purpose: one class, the generator's independent model of every user action, whose rules read best side by side.
import { DEFAULT_CONFIG } from '../domain/sessionTypes.js';
import type { Phase } from '../domain/vocabulary.js';
import type { ModelItem } from './modelItem.js';
import type { Random } from '../util/random.js';
import { appended, corrected, itemCancelled, itemConfirmed, line, readBack } from './speech.js';
import { CANCEL_ITEM_FORMS, CONFIRM_ITEM_FORMS, TARGET_CATEGORIES, VAGUE_TEXTS, ordinalWord, say, type Thing, type TxType } from './vocabulary.js';

/**
 * An independent model of what the orchestrator must do, written from the seeds'
 * rules (seed 000-003), never by running the orchestrator. Each method plays one
 * user action on the model and returns the dataset turn with its expectations.
 */

/** How a call to the LLM goes: answered, a fault (timeout, error, malformed answer), or not made at all (offline). */
export type Delivery = 'llm' | 'timeout' | 'error' | 'malformed' | 'offline';
export type ChangeKind = 'amount' | 'type' | 'category' | 'all' | 'vague';

type Json = string | number | boolean | null | Json[] | { [key: string]: Json };
export type Expect = { [key: string]: Json };

export interface GenTurn {
  readonly user?: string;
  readonly tap?: 'confirm' | 'cancel';
  readonly advanceMs?: number;
  readonly network?: 'offline';
  readonly llm?: { [key: string]: Json };
  readonly store?: { fail: true };
  readonly expect: Expect;
}

export const MAX_ITEMS = 10;
/** Well above the app's confidence floor (DEFAULT_CONFIG; seed 002 decision 8), like seed 003's examples. */
export const CONFIDENT = 0.92;
/** A low-confidence correction: below the floor, so the app must not apply it. */
export const UNSURE = 0.55;
/** What the app's inactivity timer waits. */
export const INACTIVITY_MS = DEFAULT_CONFIG.inactivityTimeoutMs;
/** Prose where JSON was asked for. */
const MALFORMED = '好的，我改一下金额';

export class DialogueModel {
  phase: Phase = 'LISTENING';
  items: ModelItem[] | null = null;

  get pending(): ModelItem[] {
    return (this.items ?? []).filter((item) => item.status === 'pending');
  }

  get size(): number {
    return this.items?.length ?? 0;
  }

  // ── new utterances (LISTENING) ─────────────────────────────────────────

  /** The LLM splits the utterance; more than 10 are cut to 10 with a notice (seed 000). */
  parseOnline(things: readonly (readonly [Thing, number])[]): GenTurn {
    const kept = things.slice(0, MAX_ITEMS);
    this.open(kept);
    const tts = things.length > MAX_ITEMS ? [line('truncated', { max: MAX_ITEMS })] : [];
    tts.push(readBack(this.items!));
    return {
      user: things.map(([thing, amount]) => say(thing, amount)).join('，'),
      llm: { parse: { transactions: things.map(([thing, amount]) => wire(thing, amount)) } },
      expect: { state: 'CONFIRMING', route: 'llm', batch: this.snapshot(), tts },
    };
  }

  /** The LLM finds no transaction: nothing is opened. */
  parseNothing(text: string): GenTurn {
    this.phase = 'LISTENING';
    return {
      user: text,
      llm: { parse: { transactions: [] } },
      expect: { state: this.phase, route: 'llm', batch: null, tts: [line('parseFailed')] },
    };
  }

  /** Offline, or the parse call failed: the local parser keeps the first transaction only (seed 000 离线降级为单笔). */
  parseLocally(things: readonly (readonly [Thing, number])[], delivery: Exclude<Delivery, 'llm'>): GenTurn {
    const first = things[0]!;
    this.open([first]);
    const notice = delivery === 'offline' ? 'offlineSingleOnly' : 'fallbackSingleOnly';
    const tts = things.length > 1 ? [line(notice)] : [];
    tts.push(readBack(this.items!));
    return {
      user: things.map(([thing, amount]) => say(thing, amount)).join('，'),
      ...faultOrOffline(delivery),
      expect: { state: 'CONFIRMING', route: delivery === 'offline' ? 'offline' : 'fallback', batch: this.snapshot(), tts },
    };
  }

  private open(things: readonly (readonly [Thing, number])[]): void {
    this.items = things.map(([thing, amount], index) => ({ index, amount, ...fieldsOf(thing), status: 'pending' }));
    this.phase = 'CONFIRMING';
  }

  // ── Layer 1 in CONFIRMING ──────────────────────────────────────────────

  confirmAll(word: string | null, storeFail = false): GenTurn {
    const before = this.copy();
    for (const item of this.pending) item.status = 'confirmed';
    const tts: string[] = [];
    const saved = this.resolve(tts, before, storeFail);
    return this.turn(word === null ? { tap: 'confirm' } : { user: word }, storeFail, {
      ...(word === null ? {} : { route: 'local', intent: 'confirm' }),
      tts,
      saved,
    });
  }

  cancelAll(word: string | null): GenTurn {
    this.clear('LISTENING');
    return this.turn(word === null ? { tap: 'cancel' } : { user: word }, false, {
      ...(word === null ? {} : { route: 'local', intent: 'cancel' }),
      tts: [line('cancelled')],
      saved: [],
    });
  }

  /** 确认第N笔 / 删掉第N笔: N is the item's number on the card, its original index + 1. */
  itemOperation(kind: 'confirmItem' | 'cancelItem', target: ModelItem, random: Random, storeFail = false): GenTurn {
    const forms = kind === 'confirmItem' ? CONFIRM_ITEM_FORMS : CANCEL_ITEM_FORMS;
    const text = random.pick(forms).replace('#', ordinalWord(target.index + 1));
    const before = this.copy();
    target.status = kind === 'confirmItem' ? 'confirmed' : 'cancelled';
    const saves = this.pending.length === 0 && this.confirmedRows().length > 0;
    const fail = storeFail && saves;
    const tts: string[] = [];
    let saved: Json[] = [];
    if (this.pending.length === 0) saved = this.resolve(tts, before, fail);
    else if (kind === 'confirmItem') tts.push(itemConfirmed(target, this.pending.length));
    else tts.push(itemCancelled(target, this.pending.length));
    return this.turn({ user: text }, fail, { route: 'local', intent: kind, tts, saved });
  }

  /** 确认第N笔 / 删掉第N笔 on an item already confirmed or cancelled: it stays as it is. */
  itemAlreadyResolved(kind: 'confirmItem' | 'cancelItem', target: ModelItem, random: Random): GenTurn {
    const forms = kind === 'confirmItem' ? CONFIRM_ITEM_FORMS : CANCEL_ITEM_FORMS;
    const text = random.pick(forms).replace('#', ordinalWord(target.index + 1));
    const status = target.status === 'confirmed' ? '确认' : '取消';
    const tts = [line('itemAlreadyResolved', { n: target.index + 1, status, pending: this.pending.length })];
    return this.turn({ user: text }, false, { route: 'local', intent: kind, tts });
  }

  /** 确认第N笔 for a number past the last item: nothing changes. */
  noSuchItem(): GenTurn {
    const n = this.size + 1;
    return this.turn({ user: `确认第${ordinalWord(n)}笔` }, false, {
      route: 'local',
      intent: 'confirmItem',
      tts: [line('noSuchItem', { n })],
    });
  }

  exit(word: string): GenTurn {
    this.clear('IDLE');
    return this.turn({ user: word }, false, { route: 'local', intent: 'exit', tts: [], saved: [] });
  }

  /** Seed 001 连续记账: save what is confirmed, drop the rest, listen again. */
  continueRecording(word: string): GenTurn {
    const confirmed = this.confirmedRows();
    this.clear('LISTENING');
    const tts = confirmed.length > 0 ? [line('saved', { confirmedCount: confirmed.length })] : [];
    return this.turn({ user: word }, false, { route: 'local', intent: 'continueRecording', tts, saved: confirmed });
  }

  inactivity(): GenTurn {
    this.clear('IDLE');
    return this.turn({ advanceMs: INACTIVITY_MS }, false, { tts: [line('sessionTimeout')] });
  }

  // ── Layer 2: the correction endpoint ──────────────────────────────────

  /**
   * A field correction. 第N笔 counts the PENDING items (the request is renumbered, seed 001),
   * and the change lands on that item's original index; speech names the original number.
   */
  correction(kind: ChangeKind, delivery: Delivery, random: Random, lowConfidence = false): GenTurn {
    const pending = this.pending;
    const request = this.request();
    const position = random.int(0, pending.length - 1);
    const target = pending[position]!;
    const n = ordinalWord(position + 1);
    let text: string;
    let changes: { item: ModelItem; fields: { [key: string]: Json } }[];
    switch (kind) {
      case 'amount': {
        const amount = differentAmount(target.amount, random, delivery === 'llm');
        text = `第${n}笔改成${amount}`;
        changes = [{ item: target, fields: { amount } }];
        break;
      }
      case 'type': {
        const type: TxType = target.type === 'INCOME' ? 'EXPENSE' : 'INCOME';
        text = `第${n}笔改成${type === 'INCOME' ? '收入' : '支出'}`;
        changes = [{ item: target, fields: { type } }];
        break;
      }
      case 'category': {
        const category = random.pick(TARGET_CATEGORIES.filter((c) => c !== target.category));
        text = `第${n}笔改成${category}`;
        changes = [{ item: target, fields: { category } }];
        break;
      }
      case 'all': {
        const delta = random.pick([5, 10, 20]);
        text = `都加${delta}块`;
        changes = pending.map((item) => ({ item, fields: { amount: item.amount + delta } }));
        break;
      }
      case 'vague':
        text = random.pick(VAGUE_TEXTS);
        changes = [];
        break;
    }
    if (delivery !== 'llm' && kind === 'category') throw new Error('category changes are only modelled through the LLM');

    const answer =
      changes.length === 0
        ? { corrections: [], intent: 'unclear', confidence: 0.8 }
        : {
            corrections: changes.map(({ item, fields }) => ({ index: pending.indexOf(item), updatedFields: fields })),
            intent: 'correction',
            confidence: lowConfidence ? UNSURE : CONFIDENT,
          };
    // Seed 001 纠正失败保持原结果: an error or unusable answer keeps the batch; only a timeout
    // hands the text to the local rules (seed 003 超时降级).
    const failed = delivery === 'error' || delivery === 'malformed';
    const applied = changes.length > 0 && !(delivery === 'llm' && lowConfidence) && !failed;
    const tts = this.layer2Opening(delivery);
    if (applied) {
      for (const { item, fields } of changes) Object.assign(item, fields);
      tts.push(corrected(changes.map(({ item }) => item)));
    } else {
      tts.push(line('unclear'));
    }
    return this.layer2Turn(text, delivery, { correct: answer }, request, 'correction', tts);
  }

  /** The LLM reads 嗯对就这样 as confirm: every pending item confirmed, then saved (seed 003). */
  llmConfirm(text: string, storeFail = false): GenTurn {
    const request = this.request();
    const before = this.copy();
    for (const item of this.pending) item.status = 'confirmed';
    const tts = this.layer2Opening('llm');
    const saved = this.resolve(tts, before, storeFail);
    const turn = this.layer2Turn(text, 'llm', { correct: { corrections: [], intent: 'confirm', confidence: 0.85 } }, request, 'correction', tts);
    return { ...turn, ...(storeFail ? { store: { fail: true } } : {}), expect: { ...turn.expect, saved } };
  }

  llmCancel(text: string): GenTurn {
    const request = this.request();
    this.clear('LISTENING');
    const tts = [...this.layer2Opening('llm'), line('cancelled')];
    const turn = this.layer2Turn(text, 'llm', { correct: { corrections: [], intent: 'cancel', confidence: 0.88 } }, request, 'correction', tts);
    return { ...turn, expect: { ...turn.expect, saved: [] } };
  }

  /** 还有一笔…: a new pending item after the last one, refused at 10 (seed 000 追加). */
  append(thing: Thing, amount: number, delivery: 'llm' | 'offline'): GenTurn {
    const request = this.request();
    const items = this.items!;
    const tts = this.layer2Opening(delivery);
    if (items.length >= MAX_ITEMS) {
      tts.push(line('limitReached'));
    } else {
      const item: ModelItem = { index: items.length, amount, ...fieldsOf(thing), status: 'pending' };
      items.push(item);
      tts.push(appended(item, items.length));
    }
    const answer = { corrections: [{ index: -1, updatedFields: wire(thing, amount) }], intent: 'append', confidence: CONFIDENT };
    return this.layer2Turn(`还有一笔${say(thing, amount)}`, delivery, { correct: answer }, request, 'newInput', tts);
  }

  // ── helpers ────────────────────────────────────────────────────────────

  private layer2Opening(delivery: Delivery): string[] {
    return delivery === 'offline' ? [line('loading'), line('offlineCorrection')] : [line('loading')];
  }

  private layer2Turn(
    text: string,
    delivery: Delivery,
    answer: { [key: string]: Json },
    request: Json[],
    intent: 'correction' | 'newInput',
    tts: string[],
  ): GenTurn {
    const route = delivery === 'timeout' ? 'fallback' : delivery === 'offline' ? 'offline' : 'llm';
    const llm = delivery === 'llm' ? { llm: answer } : faultOrOffline(delivery);
    const expect: Expect = {
      state: this.phase,
      route,
      intent,
      ...(delivery === 'offline' ? {} : { llmRequest: { correctionText: text, currentBatch: request } }),
      batch: this.snapshot(),
      tts,
    };
    return { user: text, ...llm, expect };
  }

  /** When nothing is pending any more: save the confirmed items, or just clear (seed 000 自动提交). */
  private resolve(tts: string[], before: ModelItem[], storeFail: boolean): Json[] {
    if (this.pending.length > 0) return [];
    const confirmed = this.confirmedRows();
    if (confirmed.length === 0) {
      this.clear('LISTENING');
      tts.push(line('cancelled'));
      return [];
    }
    if (storeFail) {
      // Seed 000 批量保存失败回滚: the batch stays as it was before this turn.
      this.items = before;
      tts.push(line('saveFailed'));
      return [];
    }
    this.clear('LISTENING');
    tts.push(line('saved', { confirmedCount: confirmed.length }));
    return confirmed;
  }

  private turn(action: Pick<GenTurn, 'user' | 'tap' | 'advanceMs'>, storeFail: boolean, expect: Expect): GenTurn {
    return {
      ...action,
      ...(storeFail ? { store: { fail: true } } : {}),
      expect: { state: this.phase, ...expect, batch: this.snapshot() },
    };
  }

  private confirmedRows(): Json[] {
    return (this.items ?? [])
      .filter((item) => item.status === 'confirmed')
      .map((item) => ({ amount: item.amount, type: item.type, category: item.category, description: item.description }));
  }

  /** The pending items renumbered from 0, as the correction request carries them. */
  private request(): Json[] {
    return this.pending.map((item, index) => ({
      index,
      amount: item.amount,
      type: item.type,
      category: item.category,
      description: item.description,
    }));
  }

  snapshot(): Json {
    if (this.items === null) return null;
    return this.items.map((item) => ({
      index: item.index,
      amount: item.amount,
      type: item.type,
      category: item.category,
      description: item.description,
      status: item.status,
    }));
  }

  private copy(): ModelItem[] {
    return (this.items ?? []).map((item) => ({ ...item }));
  }

  private clear(phase: Phase): void {
    this.items = null;
    this.phase = phase;
  }
}

function fieldsOf(thing: Thing): Pick<ModelItem, 'type' | 'category' | 'description'> {
  return { type: thing.type, category: thing.category, description: thing.description };
}

function wire(thing: Thing, amount: number): { [key: string]: Json } {
  return { amount, type: thing.type, category: thing.category, description: thing.description };
}

function faultOrOffline(delivery: Exclude<Delivery, 'llm'>): Pick<GenTurn, 'network' | 'llm'> {
  switch (delivery) {
    case 'offline':
      return { network: 'offline' };
    case 'timeout':
    case 'error':
      return { llm: { fault: delivery } };
    case 'malformed':
      return { llm: { raw: MALFORMED } };
  }
}

/** A new amount unlike the old one; halves only where the local rules are not involved. */
function differentAmount(old: number, random: Random, halves: boolean): number {
  for (;;) {
    const amount = random.int(1, 500) + (halves && random.chance(0.2) ? 0.5 : 0);
    if (amount !== old) return amount;
  }
}
