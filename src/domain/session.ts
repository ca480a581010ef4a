import type { DraftBatch } from './draftBatch.js';
import { classifyLocal } from './localIntent.js';
import type { ParseResult } from './parseResult.js';
import type { AwaitedCall, AwaitedSave, RoutedEffect, SessionEffect, SessionState } from './sessionTypes.js';
import { say } from './speech.js';
import type { SessionTx } from './transitionTable.js';
import type { LlmFailure, Route } from './vocabulary.js';

/**
 * Session mechanics both protocol cores share — ids, timers, waiting for a call, saving, exit,
 * inactivity and dispose — as plain functions over a transition in progress. Each core passes
 * its own `clear` (what it drops with the batch) where the session ends or a batch is done.
 */

export type Clear<S extends SessionState> = (tx: SessionTx<S>, phase: 'LISTENING' | 'IDLE') => void;
export type ParseLocally<S extends SessionState> = (tx: SessionTx<S>, text: string) => void;

export function set<S extends SessionState>(tx: SessionTx<S>, patch: Partial<SessionState>): void {
  tx.state = { ...tx.state, ...patch };
}

export function emit<S extends SessionState>(tx: SessionTx<S>, effect: SessionEffect): void {
  tx.effects.push(effect);
}

export function speak<S extends SessionState>(tx: SessionTx<S>, text: string): void {
  emit(tx, { type: 'speak', text });
}

export function routed<S extends SessionState>(tx: SessionTx<S>, route: Route, extra: Omit<RoutedEffect, 'type' | 'route'> = {}): void {
  emit(tx, { type: 'routed', route, ...extra });
}

export function nextId<S extends SessionState>(tx: SessionTx<S>): number {
  const id = tx.state.nextId;
  set(tx, { nextId: id + 1 });
  return id;
}

export function currentBatch<S extends SessionState>(tx: SessionTx<S>): DraftBatch {
  const batch = tx.state.batch;
  if (!batch) throw new Error(`no DraftBatch in phase ${tx.state.phase}`);
  return batch;
}

// ── guards ────────────────────────────────────────────────────────────────

/** The answer, deadline or save result belongs to what the phase is waiting for. */
export function isAwaited(state: SessionState, event: { readonly id: number }): boolean {
  return state.inFlight?.id === event.id;
}

/** The inactivity timer that fired is the latest one armed. */
export function isCurrentInactivityTimer(state: SessionState, event: { readonly id: number }): boolean {
  return state.inactivityTimerId === event.id;
}

// ── timers ────────────────────────────────────────────────────────────────

export function armInactivity<S extends SessionState>(tx: SessionTx<S>): void {
  const id = nextId(tx);
  set(tx, { inactivityTimerId: id });
  emit(tx, { type: 'startTimer', name: 'inactivity', id, ms: tx.state.config.inactivityTimeoutMs });
}

export function cancelInactivity<S extends SessionState>(tx: SessionTx<S>): void {
  if (tx.state.inactivityTimerId === null) return;
  set(tx, { inactivityTimerId: null });
  emit(tx, { type: 'cancelTimer', name: 'inactivity' });
}

// ── waiting for the LLM ───────────────────────────────────────────────────

/** After the call effect: the core waits in `phase` for the answer or the deadline. */
export function awaitCall<S extends SessionState>(
  tx: SessionTx<S>,
  call: AwaitedCall,
  phase: 'AWAITING_PARSE' | 'AWAITING_CORRECTION',
  deadlineMs: number,
): void {
  set(tx, { inFlight: call, phase });
  emit(tx, { type: 'startTimer', name: 'llmDeadline', id: call.id, ms: deadlineMs });
}

/** The awaited call is over: back to the phase it was made from. */
export function finishCall<S extends SessionState>(tx: SessionTx<S>): AwaitedCall {
  const call = tx.state.inFlight;
  if (!call || call.kind === 'save') throw new Error(`no LLM call is awaited in phase ${tx.state.phase}`);
  set(tx, { inFlight: null, phase: call.kind === 'parse' ? 'LISTENING' : 'CONFIRMING' });
  emit(tx, { type: 'cancelTimer', name: 'llmDeadline' });
  return call;
}

/** Action: a user line while a call or a save is awaited is not taken; the UI hears why. */
export function tellBusy<S extends SessionState>(tx: SessionTx<S>): void {
  emit(tx, { type: 'notify', callback: 'onError', message: 'busy: a request is still in flight' });
}

// ── new utterances (IDLE, LISTENING) ──────────────────────────────────────

/**
 * A user line outside CONFIRMING: only 「退出」 is local, the rest is a new utterance for the parse
 * endpoint (online) or the core's local parser (offline).
 */
export function hearUtterance<S extends SessionState>(tx: SessionTx<S>, text: string, parseLocally: ParseLocally<S>, clear: Clear<S>): void {
  set(tx, { phase: 'LISTENING' });
  armInactivity(tx);
  const intent = classifyLocal(text);
  if (intent.kind === 'exit') {
    emit(tx, { type: 'classified', intent });
    routed(tx, 'local');
    return endSession(tx, 'exit', clear);
  }
  if (!tx.state.online) {
    routed(tx, 'offline');
    return parseLocally(tx, text);
  }
  const id = nextId(tx);
  const deadlineMs = tx.state.config.parseTimeoutMs;
  emit(tx, { type: 'callParse', id, text, deadlineMs });
  awaitCall(tx, { kind: 'parse', id, text }, 'AWAITING_PARSE', deadlineMs);
}

/** The parse call failed or ran out of time: there is no batch to keep, so the local parser takes it (seed 004 调用失败降级). */
export function parseFallback<S extends SessionState>(tx: SessionTx<S>, failure: LlmFailure, parseLocally: ParseLocally<S>): void {
  const call = finishCall(tx);
  routed(tx, 'fallback', { failure });
  parseLocally(tx, call.text);
}

// ── saving ────────────────────────────────────────────────────────────────

export function startSave<S extends SessionState>(tx: SessionTx<S>, batchBefore: DraftBatch, items: readonly ParseResult[], thenContinue: boolean): void {
  const id = nextId(tx);
  const save: AwaitedSave = { kind: 'save', id, batchBefore, thenContinue, count: items.length };
  set(tx, { inFlight: save, phase: 'SAVING' });
  emit(tx, { type: 'saveBatch', id, items });
}

function awaitedSave<S extends SessionState>(tx: SessionTx<S>): AwaitedSave {
  const save = tx.state.inFlight;
  if (save?.kind !== 'save') throw new Error(`no save is awaited in phase ${tx.state.phase}`);
  return save;
}

/** Seed 000 保存成功播报, then the batch is cleared (and 连续记账 goes on listening). */
export function saveSucceeded<S extends SessionState>(tx: SessionTx<S>, clear: Clear<S>): void {
  const save = awaitedSave(tx);
  set(tx, { inFlight: null });
  speak(tx, say('saved', { confirmedCount: save.count }));
  clear(tx, 'LISTENING');
  if (save.thenContinue) emit(tx, { type: 'notify', callback: 'onContinueRecording' });
}

/** Seed 000 批量保存失败回滚: the DraftBatch stays as it was and the user hears why. */
export function saveFailed<S extends SessionState>(tx: SessionTx<S>, message: string): void {
  const save = awaitedSave(tx);
  set(tx, { inFlight: null, batch: save.batchBefore, phase: 'CONFIRMING' });
  emit(tx, { type: 'notify', callback: 'onError', message });
  speak(tx, say('saveFailed'));
}

// ── the end of a session ──────────────────────────────────────────────────

export function endSession<S extends SessionState>(tx: SessionTx<S>, reason: 'exit' | 'timeout', clear: Clear<S>, cancelTimer = true): void {
  if (cancelTimer) cancelInactivity(tx);
  clear(tx, 'IDLE');
  emit(tx, { type: 'notify', callback: 'onSessionEnded', reason });
}

/** Seed 000 超时清空: no input for the inactivity timeout ends the session; an awaited call is dropped. */
export function timeOut<S extends SessionState>(tx: SessionTx<S>, clear: Clear<S>): void {
  abortAwaitedCall(tx);
  set(tx, { inactivityTimerId: null });
  speak(tx, say('sessionTimeout'));
  endSession(tx, 'timeout', clear, false);
}

/** Seed 001 Delegate 安全: after dispose nothing the runtime sends changes anything. */
export function dispose<S extends SessionState>(tx: SessionTx<S>, clear: Clear<S>): void {
  abortAwaitedCall(tx);
  cancelInactivity(tx);
  clear(tx, 'IDLE');
  set(tx, { inFlight: null, phase: 'DISPOSED' });
  emit(tx, { type: 'notify', callback: 'onSessionEnded', reason: 'dispose' });
}

function abortAwaitedCall<S extends SessionState>(tx: SessionTx<S>): void {
  const call = tx.state.inFlight;
  if (!call || call.kind === 'save') return;
  set(tx, { inFlight: null });
  emit(tx, { type: 'abortCall', id: call.id });
  emit(tx, { type: 'cancelTimer', name: 'llmDeadline' });
}

// ── actions both tables name ──────────────────────────────────────────────

/**
 * The table actions both cores share, bound to the core's own `clear` and local parser. Each is
 * named by its key, which is what `describe` prints.
 */
export function sessionActions<S extends SessionState>(clear: Clear<S>, parseLocally: ParseLocally<S>) {
  return {
    startListening: (tx: SessionTx<S>): void => {
      set(tx, { phase: 'LISTENING' });
      armInactivity(tx);
    },
    setConnectivity: (tx: SessionTx<S>, event: { readonly online: boolean }): void => set(tx, { online: event.online }),
    hearUtterance: (tx: SessionTx<S>, event: { readonly text: string }): void => hearUtterance(tx, event.text.trim(), parseLocally, clear),
    tellBusy: (tx: SessionTx<S>): void => tellBusy(tx),
    parseLocallyAfterFailure: (tx: SessionTx<S>, event: { readonly reason: LlmFailure }): void => parseFallback(tx, event.reason, parseLocally),
    parseLocallyAfterDeadline: (tx: SessionTx<S>, event: { readonly id: number }): void => {
      emit(tx, { type: 'abortCall', id: event.id });
      parseFallback(tx, 'timeout', parseLocally);
    },
    endOnInactivity: (tx: SessionTx<S>): void => timeOut(tx, clear),
    finishSave: (tx: SessionTx<S>): void => saveSucceeded(tx, clear),
    restoreAfterFailedSave: (tx: SessionTx<S>, event: { readonly message: string }): void => saveFailed(tx, event.message),
    disposeSession: (tx: SessionTx<S>): void => dispose(tx, clear),
  };
}
