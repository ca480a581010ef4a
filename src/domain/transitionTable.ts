import type { CorePhase, CoreTransition, Refusal, SessionEffect, SessionState, TimerName } from './sessionTypes.js';

/**
 * The machinery behind a core's transition table (h11's `_state.py`, XState's machine configs):
 * the table is data, `PHASE × EVENT → { guard, action, next phases, seed }`; guards and actions are
 * named functions written elsewhere. An event a phase does not list is refused as `notAccepted`,
 * one whose guard fails as `stale`; both leave the state untouched.
 */

/** A timer event is keyed by the timer's name, every other event by its type. */
export type EventKey<Ev extends { type: string }> = Exclude<Ev['type'], 'timerFired'> | TimerName;
export type EventOf<Ev extends { type: string }, K> = K extends TimerName ? Extract<Ev, { type: 'timerFired' }> : Extract<Ev, { type: K }>;

/** One transition in progress: the state so far and the effects emitted. Handlers mutate only this. */
export interface Tx<S extends SessionState, E> {
  state: S;
  readonly effects: E[];
  readonly now: number;
}

/** What shared session actions need of any core's transition: they emit only shared effects. */
export interface SessionTx<S extends SessionState = SessionState> {
  state: S;
  readonly effects: { push(effect: SessionEffect): unknown };
  readonly now: number;
}

export interface Entry<S extends SessionState, Ev, E> {
  /** Named guard: when it fails the event is refused as stale. */
  readonly if?: (state: S, event: Ev) => boolean;
  /** Named action: the transition's effects and new state. */
  readonly do: (tx: Tx<S, E>, event: Ev) => void;
  /** Every phase the action may end in; checked on every step. */
  readonly to: readonly CorePhase[];
  /** The seed requirement or scenario it implements. */
  readonly seed?: string;
}

export type TransitionTable<S extends SessionState, Ev extends { type: string }, E> = {
  readonly [P in CorePhase]: { readonly [K in EventKey<Ev>]?: Entry<S, EventOf<Ev, K>, E> };
};

export function eventKey<Ev extends { type: string }>(event: Ev): EventKey<Ev> {
  return (event.type === 'timerFired' ? (event as unknown as { name: TimerName }).name : event.type) as EventKey<Ev>;
}

/** Looks the event up in the table and runs the entry; pure. */
export function runTable<S extends SessionState, Ev extends { type: string }, E>(
  table: TransitionTable<S, Ev, E>,
  state: S,
  event: Ev,
  now: number,
): CoreTransition<S, E> {
  const key = eventKey(event);
  const entry = table[state.phase][key] as Entry<S, Ev, E> | undefined;
  if (!entry) return refuse(state, 'notAccepted');
  if (entry.if && !entry.if(state, event)) return refuse(state, 'stale');
  const tx: Tx<S, E> = { state, effects: [], now };
  entry.do(tx, event);
  if (!entry.to.includes(tx.state.phase)) {
    throw new Error(`transition table: ${state.phase} × ${key} ended in ${tx.state.phase}, which the table does not list`);
  }
  return { state: tx.state, effects: tx.effects };
}

function refuse<S, E>(state: S, refused: Refusal): CoreTransition<S, E> {
  return { state, effects: [], refused };
}

export interface TableRow {
  readonly phase: CorePhase;
  readonly event: string;
  readonly guard: string | null;
  readonly action: string;
  readonly to: readonly CorePhase[];
  readonly seed: string | null;
}

/** The table as rows, for `describe` and the README: phase × event → guard, action, next phases, seed. */
export function tableRows<S extends SessionState, Ev extends { type: string }, E>(table: TransitionTable<S, Ev, E>): TableRow[] {
  const rows: TableRow[] = [];
  for (const [phase, entries] of Object.entries(table) as [CorePhase, Record<string, Entry<S, Ev, E>>][]) {
    for (const [event, entry] of Object.entries(entries)) {
      rows.push({ phase, event, guard: entry.if?.name ?? null, action: entry.do.name, to: entry.to, seed: entry.seed ?? null });
    }
  }
  return rows;
}
