import { DialogueModel, MAX_ITEMS, type ChangeKind, type Delivery, type GenTurn } from './model.js';
import type { ModelItem } from './modelItem.js';
import type { Random } from '../util/random.js';
import {
  CANCEL_WORDS,
  CONFIRM_WORDS,
  CONTINUE_WORDS,
  EXIT_WORDS,
  LLM_CANCEL_TEXTS,
  LLM_CONFIRM_TEXTS,
  OFFLINE_THINGS,
  THINGS,
  type Thing,
} from './vocabulary.js';

export interface GenDialogue {
  readonly id: string;
  readonly title: string;
  readonly tags: readonly string[];
  readonly turns: readonly GenTurn[];
}

/**
 * What each dialogue is about. Dialogue n takes focus n mod 17 and opens a batch of
 * 1 + n mod 10 items (unless the focus needs a given size), so any 170 consecutive
 * dialogues cover every focus with every batch size.
 */
const FOCI = [
  'cancel-then-correct',
  'confirm-then-correct',
  'append-at-10',
  'append',
  'fault-correction',
  'offline-correction',
  'offline-parse',
  'fault-parse',
  'low-confidence',
  'llm-intents',
  'taps',
  'save-fail',
  'item-ops',
  'exit-or-continue',
  'inactivity',
  'no-such-item',
  'truncate',
] as const;
type Focus = (typeof FOCI)[number];

const FAULTS = ['timeout', 'error', 'malformed'] as const;
/** A probability, not the confidence floor: the share of appends answered by the LLM rather than the offline rules. */
const APPEND_BY_LLM_SHARE = 0.7;
/** Kinds the local corrector also understands, so a fault or offline turn stays predictable. */
const LOCAL_KINDS: readonly ChangeKind[] = ['amount', 'type', 'all', 'vague'];
const LLM_KINDS: readonly ChangeKind[] = ['amount', 'type', 'category', 'all'];

class Script {
  readonly model = new DialogueModel();
  readonly turns: GenTurn[] = [];
  readonly tags = new Set<string>();

  constructor(readonly random: Random) {}

  push(turn: GenTurn, tag: string): void {
    // Layer-1 operations need no network: some of them are played offline.
    const offline = turn.expect['route'] === 'local' && turn.network === undefined && this.random.chance(0.1);
    this.turns.push(offline ? { ...turn, network: 'offline' } : turn);
    this.tags.add(tag);
  }

  things(count: number, offlineOnly = false): [Thing, number][] {
    const pool = offlineOnly ? OFFLINE_THINGS : THINGS;
    return Array.from({ length: count }, () => [this.random.pick(pool), this.amount(!offlineOnly)] as [Thing, number]);
  }

  amount(halves: boolean): number {
    return this.random.int(1, 300) + (halves && this.random.chance(0.15) ? 0.5 : 0);
  }

  open(size: number): void {
    this.push(this.model.parseOnline(this.things(size)), `size-${Math.min(size, MAX_ITEMS)}`);
  }

  openLocally(delivery: Exclude<Delivery, 'llm'>): void {
    const count = this.random.chance(0.3) ? this.random.int(2, 3) : 1;
    this.push(this.model.parseLocally(this.things(count, true), delivery), delivery === 'offline' ? 'offline-parse' : `parse-${delivery}`);
  }

  /** A pending item other than the last pending one, so an operation on it leaves the batch open. */
  notLastPending(): ModelItem | undefined {
    const pending = this.model.pending;
    return pending.length >= 2 ? this.random.pick(pending.slice(0, -1)) : undefined;
  }

  itemOp(kind: 'confirmItem' | 'cancelItem', storeFail = false): void {
    const target = this.random.pick(this.model.pending);
    this.push(this.model.itemOperation(kind, target, this.random, storeFail), kind);
  }

  correct(kinds: readonly ChangeKind[], delivery: Delivery, lowConfidence = false): void {
    const kind = this.random.pick(kinds);
    const tag = lowConfidence ? 'low-confidence' : delivery === 'llm' ? `correct-${kind}` : `correct-${delivery}`;
    this.push(this.model.correction(kind, delivery, this.random, lowConfidence), tag);
  }

  append(delivery: 'llm' | 'offline'): void {
    const [[thing, amount]] = this.things(1, delivery === 'offline') as [[Thing, number]];
    const tag = this.model.size >= MAX_ITEMS ? 'append-refused' : delivery === 'offline' ? 'append-offline' : 'append';
    this.push(this.model.append(thing, amount, delivery), tag);
  }

  /** One more thing the user might do to an open batch. */
  randomStep(): void {
    const r = this.random;
    const m = this.model;
    const options: [() => void, number][] = [
      [() => this.itemOp('confirmItem'), 3],
      [() => this.itemOp('cancelItem'), 3],
      [() => this.correct(LLM_KINDS, 'llm'), 4],
      [() => this.correct(LOCAL_KINDS, r.pick(FAULTS)), 1],
      [() => this.correct(LOCAL_KINDS, 'offline'), 1],
      [() => this.append(r.chance(0.8) ? 'llm' : 'offline'), 2],
    ];
    if (m.size < MAX_ITEMS) options.push([() => this.push(m.noSuchItem(), 'no-such-item'), 0.5]);
    const resolved = (m.items ?? []).filter((item) => item.status !== 'pending');
    if (resolved.length > 0) {
      const kind = r.chance(0.5) ? 'confirmItem' : 'cancelItem';
      options.push([() => this.push(m.itemAlreadyResolved(kind, r.pick(resolved), r), 'already-resolved'), 1]);
    }
    r.weighted(options)();
  }

  /** Closes the batch one way or another. */
  finish(): void {
    const r = this.random;
    const m = this.model;
    const pick = r.weighted<() => void>([
      [() => this.push(m.confirmAll(r.pick(CONFIRM_WORDS)), 'confirm'), 5],
      [() => this.push(m.confirmAll(null), 'tap-confirm'), 1],
      [() => this.push(m.cancelAll(r.pick(CANCEL_WORDS)), 'cancel'), 2],
      [() => this.push(m.cancelAll(null), 'tap-cancel'), 1],
      [() => this.push(m.llmConfirm(r.pick(LLM_CONFIRM_TEXTS)), 'llm-confirm'), 1],
      [() => this.push(m.exit(r.pick(EXIT_WORDS)), 'exit'), 1],
      [() => this.push(m.continueRecording(r.pick(CONTINUE_WORDS)), 'continue'), 1],
    ]);
    pick();
  }

  playFocus(focus: Focus, size: number): void {
    switch (focus) {
      case 'cancel-then-correct':
      case 'confirm-then-correct':
      case 'fault-correction':
      case 'offline-correction':
      case 'low-confidence':
        return this.playCorrection(focus, size);
      case 'offline-parse':
      case 'fault-parse':
        return this.playLocalParse(focus);
      case 'append-at-10':
      case 'append':
        return this.playAppend(focus, size);
      case 'llm-intents':
      case 'taps':
      case 'save-fail':
      case 'item-ops':
      case 'exit-or-continue':
        return this.playClosing(focus, size);
      case 'inactivity':
      case 'no-such-item':
      case 'truncate':
        return this.playEdgeCase(focus, size);
    }
  }

  /** A correction after the batch opens: of an item once confirmed or cancelled, after a fault, offline, with low confidence. */
  private playCorrection(
    focus: 'cancel-then-correct' | 'confirm-then-correct' | 'fault-correction' | 'offline-correction' | 'low-confidence',
    size: number,
  ): void {
    const r = this.random;
    const m = this.model;
    switch (focus) {
      case 'cancel-then-correct':
      case 'confirm-then-correct': {
        this.open(Math.max(size, 3));
        const target = this.notLastPending()!;
        const kind = focus === 'cancel-then-correct' ? 'cancelItem' : 'confirmItem';
        this.push(m.itemOperation(kind, target, r), kind);
        this.correct(LLM_KINDS, 'llm');
        return;
      }
      case 'fault-correction':
        this.open(size);
        if (r.chance(0.5) && m.pending.length >= 2) this.itemOp('cancelItem');
        this.correct(LOCAL_KINDS, r.pick(FAULTS));
        return;
      case 'offline-correction':
        this.open(size);
        if (r.chance(0.4) && m.pending.length >= 2) this.push(m.itemOperation('confirmItem', this.notLastPending()!, r), 'confirmItem');
        if (r.chance(0.25)) this.append('offline');
        else this.correct(LOCAL_KINDS, 'offline');
        return;
      case 'low-confidence':
        this.open(size);
        this.correct(LLM_KINDS, 'llm', true);
        return;
    }
  }

  /** A batch opened without the model (offline or after a fault), sometimes corrected offline. */
  private playLocalParse(focus: 'offline-parse' | 'fault-parse'): void {
    const r = this.random;
    switch (focus) {
      case 'offline-parse':
        this.openLocally('offline');
        if (r.chance(0.5)) this.correct(LOCAL_KINDS, 'offline');
        return;
      case 'fault-parse':
        this.openLocally(r.pick(FAULTS));
        return;
    }
  }

  /** Appending to the batch, up to the limit of items. */
  private playAppend(focus: 'append-at-10' | 'append', size: number): void {
    const r = this.random;
    const m = this.model;
    switch (focus) {
      case 'append-at-10':
        this.open(r.chance(0.5) ? MAX_ITEMS : MAX_ITEMS - 1);
        while (m.size < MAX_ITEMS) this.append('llm');
        this.append(r.chance(0.8) ? 'llm' : 'offline');
        return;
      case 'append':
        this.open(Math.min(size, MAX_ITEMS - 1));
        this.append(r.chance(APPEND_BY_LLM_SHARE) ? 'llm' : 'offline');
        return;
    }
  }

  /** How the batch ends: the model's intents, taps, a failing save, item by item, exit or continue. */
  private playClosing(focus: 'llm-intents' | 'taps' | 'save-fail' | 'item-ops' | 'exit-or-continue', size: number): void {
    const r = this.random;
    const m = this.model;
    switch (focus) {
      case 'llm-intents':
        this.open(size);
        if (r.chance(0.5)) this.correct(['vague'], 'llm');
        if (r.chance(0.5)) this.push(m.llmCancel(r.pick(LLM_CANCEL_TEXTS)), 'llm-cancel');
        else this.push(m.llmConfirm(r.pick(LLM_CONFIRM_TEXTS)), 'llm-confirm');
        return;
      case 'taps':
        this.open(size);
        if (m.pending.length >= 2 && r.chance(0.5)) this.itemOp('confirmItem');
        this.push(r.chance(0.6) ? m.confirmAll(null) : m.cancelAll(null), 'taps');
        return;
      case 'save-fail':
        this.open(size);
        if (r.chance(0.5)) this.push(m.confirmAll(r.pick(CONFIRM_WORDS), true), 'save-fail');
        // eslint-disable-next-line no-dupe-else-if -- each r.chance(0.5) is a new draw, not the same condition
        else if (r.chance(0.5)) this.push(m.llmConfirm(r.pick(LLM_CONFIRM_TEXTS), true), 'save-fail');
        else this.push(m.confirmAll(null, true), 'save-fail');
        return;
      case 'item-ops':
        this.open(Math.min(size, 4));
        while (m.pending.length > 0) this.itemOp(r.chance(0.5) ? 'confirmItem' : 'cancelItem', r.chance(0.1));
        return;
      case 'exit-or-continue':
        this.open(size);
        if (m.pending.length >= 2 && r.chance(0.6)) this.push(m.itemOperation('confirmItem', this.notLastPending()!, r), 'confirmItem');
        if (r.chance(0.5)) this.push(m.continueRecording(r.pick(CONTINUE_WORDS)), 'continue');
        else this.push(m.exit(r.pick(EXIT_WORDS)), 'exit');
        return;
    }
  }

  /** The edges: silence, an item that is not there, a batch over the limit. */
  private playEdgeCase(focus: 'inactivity' | 'no-such-item' | 'truncate', size: number): void {
    const r = this.random;
    const m = this.model;
    switch (focus) {
      case 'inactivity':
        this.open(size);
        this.push(m.inactivity(), 'inactivity');
        return;
      case 'no-such-item':
        this.open(Math.min(size, MAX_ITEMS - 1));
        this.push(m.noSuchItem(), 'no-such-item');
        return;
      case 'truncate':
        this.open(r.int(MAX_ITEMS + 1, MAX_ITEMS + 2));
        this.tags.add('truncated');
        return;
    }
  }
}

export function generateDialogue(number: number, seed: number, random: Random): GenDialogue {
  const focus = FOCI[number % FOCI.length]!;
  const size = 1 + (number % MAX_ITEMS);
  const script = new Script(random);
  script.tags.add('generated');
  script.tags.add(focus);
  script.playFocus(focus, size);
  for (let round = 0; ; round++) {
    if (script.model.phase === 'CONFIRMING') {
      const extra = random.int(0, 2);
      for (let i = 0; i < extra && script.model.pending.length > 0; i++) script.randomStep();
      if (script.model.phase === 'CONFIRMING') script.finish();
    }
    if (round > 0 || !random.chance(0.25)) break;
    // A second utterance in the same session: after a save, a cancel, an exit or a timeout.
    if (random.chance(0.15)) script.push(script.model.parseNothing('嗯那个我想想'), 'parse-nothing');
    script.open(random.int(1, MAX_ITEMS));
  }
  const id = `gen-${seed}-${String(number + 1).padStart(5, '0')}`;
  return { id, title: `generated: ${focus}, ${script.turns.length} turns`, tags: [...script.tags], turns: script.turns };
}
