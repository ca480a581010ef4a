import type { DraftBatch } from './draftBatch.js';
import { classifyLocal } from './localIntent.js';
import type { Effect, LlmFailure, OrchestratorConfig, Phase, Route } from './orchestratorTypes.js';
import type { ParseResult } from './parseResult.js';
import { say } from './speech.js';

export interface SaveInFlight {
  readonly kind: 'save';
  readonly id: number;
  /** The batch as it was before the operation that completed it: restored when the save fails. */
  readonly batchBefore: DraftBatch;
  readonly thenContinue: boolean;
  readonly count: number;
}

/** What both protocol cores keep about the session, besides their own state. */
export interface SessionState {
  readonly phase: Phase;
  readonly batch: DraftBatch | null;
  readonly online: boolean;
  readonly inFlight: { readonly kind: string; readonly id: number } | null;
  readonly inactivityTimerId: number | null;
  readonly nextId: number;
  readonly disposed: boolean;
  readonly config: OrchestratorConfig;
}

/**
 * One pure transition in progress, with the session mechanics both cores share: saving,
 * inactivity, exit and dispose, timers, ids and the effect list. A core adds its own routing.
 */
export abstract class SessionStep<S extends SessionState> {
  readonly effects: Effect[] = [];

  constructor(
    public state: S,
    protected readonly now: number,
  ) {}

  /** Drops the batch (and whatever else the protocol clears with it) and enters `phase`. */
  protected abstract clear(phase: 'LISTENING' | 'IDLE'): void;
  /** A user line while CONFIRMING: the protocol's routing table. */
  protected abstract onConfirmingText(text: string): void;
  /** Offline, or after a failed parse call: the local parser takes the utterance. */
  protected abstract parseLocally(text: string): void;
  /** The LLM call `id` gave nothing usable (or none in time): the protocol's fallback. */
  protected abstract onLlmFailed(id: number, failure: LlmFailure): void;

  /** A new utterance: the parse endpoint online, the local parser offline. */
  protected startParse(text: string): void {
    if (!this.state.online) {
      this.routed('offline');
      return this.parseLocally(text);
    }
    const id = this.nextId();
    const deadlineMs = this.state.config.parseTimeoutMs;
    this.startCall({ kind: 'parse', id, text } as NonNullable<S['inFlight']>, { type: 'callParse', id, text, deadlineMs }, deadlineMs);
  }

  /** A user line: ignored while a call is in flight; outside CONFIRMING only 「退出」 is local, the rest is parsed. */
  protected onUserText(text: string): void {
    if (this.state.inFlight) {
      this.emit({ type: 'notify', callback: 'onError', message: 'busy: a request is still in flight' });
      return;
    }
    if (this.state.phase === 'IDLE') this.enterListening();
    else this.armInactivity();
    if (this.state.phase === 'CONFIRMING') return this.onConfirmingText(text);

    const intent = classifyLocal(text);
    if (intent.kind === 'exit') {
      this.emit({ type: 'classified', intent });
      this.routed('local');
      return this.endSession('exit');
    }
    this.startParse(text);
  }

  protected startSave(batchBefore: DraftBatch, items: readonly ParseResult[], thenContinue: boolean): void {
    const id = this.nextId();
    const inFlight: SaveInFlight = { kind: 'save', id, batchBefore, thenContinue, count: items.length };
    this.set({ inFlight });
    this.emit({ type: 'saveBatch', id, items });
  }

  protected onSaveSucceeded(id: number): void {
    const inFlight = this.savePending(id);
    if (!inFlight) return;
    this.set({ inFlight: null });
    this.speak(say('saved', { confirmedCount: inFlight.count }));
    this.clear('LISTENING');
    if (inFlight.thenContinue) this.emit({ type: 'notify', callback: 'onContinueRecording' });
  }

  /** Seed 000 批量保存失败回滚: the DraftBatch stays as it was and the user hears why. */
  protected onSaveFailed(id: number, message: string): void {
    const inFlight = this.savePending(id);
    if (!inFlight) return;
    this.set({ inFlight: null, batch: inFlight.batchBefore, phase: 'CONFIRMING' });
    this.emit({ type: 'notify', callback: 'onError', message });
    this.speak(say('saveFailed'));
  }

  private savePending(id: number): SaveInFlight | null {
    const inFlight = this.state.inFlight;
    return inFlight?.kind === 'save' && inFlight.id === id ? (inFlight as SaveInFlight) : null;
  }

  protected onInactivity(id: number): void {
    if (this.state.inactivityTimerId !== id || this.state.phase === 'IDLE') return;
    this.set({ inactivityTimerId: null });
    this.speak(say('sessionTimeout'));
    this.endSession('timeout', false);
  }

  protected endSession(reason: 'exit' | 'timeout', cancelInactivity = true): void {
    if (cancelInactivity) this.cancelInactivity();
    this.clear('IDLE');
    this.emit({ type: 'notify', callback: 'onSessionEnded', reason });
  }

  protected dispose(): void {
    const inFlight = this.state.inFlight;
    if (inFlight && inFlight.kind !== 'save') {
      this.emit({ type: 'abortCall', id: inFlight.id });
      this.emit({ type: 'cancelTimer', name: 'llmDeadline' });
    }
    this.cancelInactivity();
    this.clear('IDLE');
    this.set({ inFlight: null, disposed: true });
    this.emit({ type: 'notify', callback: 'onSessionEnded', reason: 'dispose' });
  }

  protected enterListening(): void {
    this.set({ phase: 'LISTENING' });
    this.armInactivity();
  }

  protected armInactivity(): void {
    const id = this.nextId();
    this.set({ inactivityTimerId: id });
    this.emit({ type: 'startTimer', name: 'inactivity', id, ms: this.state.config.inactivityTimeoutMs });
  }

  protected cancelInactivity(): void {
    if (this.state.inactivityTimerId === null) return;
    this.set({ inactivityTimerId: null });
    this.emit({ type: 'cancelTimer', name: 'inactivity' });
  }

  /** Starts an LLM call: marks it in flight, emits it, and arms its deadline. */
  protected startCall(inFlight: NonNullable<S['inFlight']>, call: Effect, deadlineMs: number): void {
    this.set({ inFlight } as Partial<S>);
    this.emit(call);
    this.emit({ type: 'startTimer', name: 'llmDeadline', id: inFlight.id, ms: deadlineMs });
  }

  protected finishCall(): void {
    this.set({ inFlight: null });
    this.emit({ type: 'cancelTimer', name: 'llmDeadline' });
  }

  /** The LLM call `id` ran past its deadline: abort it and fall back. */
  protected onLlmDeadline(id: number): void {
    const inFlight = this.state.inFlight;
    if (inFlight?.id !== id || inFlight.kind === 'save') return;
    this.emit({ type: 'abortCall', id });
    this.onLlmFailed(id, 'timeout');
  }

  protected batch(): DraftBatch {
    const batch = this.state.batch;
    if (!batch) throw new Error(`no DraftBatch in phase ${this.state.phase}`);
    return batch;
  }

  protected nextId(): number {
    const id = this.state.nextId;
    this.set({ nextId: id + 1 });
    return id;
  }

  protected speak(text: string): void {
    this.emit({ type: 'speak', text });
  }

  protected routed(route: Route, extra: Omit<Extract<Effect, { type: 'routed' }>, 'type' | 'route'> = {}): void {
    this.emit({ type: 'routed', route, ...extra });
  }

  protected emit(effect: Effect): void {
    this.effects.push(effect);
  }

  /** Shared fields are typed by SessionState (a save is in flight in either core); the rest by the core's own state. */
  protected set(patch: Partial<S> | (Partial<SessionState> & { readonly inFlight?: SaveInFlight | null })): void {
    this.state = { ...this.state, ...patch } as S;
  }
}
