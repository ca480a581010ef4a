/* eslint-disable @typescript-eslint/no-explicit-any, @typescript-eslint/no-unsafe-assignment -- a session holds whichever core's state it was given (batch, legacy or external): the state's type is that core's */
import type { DraftBatch } from '../domain/draftBatch.js';
import { conversationStep, initialConversationState, type ConversationEvent, type ConversationState } from '../domain/legacy/conversationCore.js';
import { initialState, step } from '../domain/orchestrator.js';
import type { OrchestratorConfig, OrchestratorEvent, OrchestratorState } from '../domain/orchestratorTypes.js';
import { DEFAULT_TODAY } from '../domain/relativeDates.js';
import { eventKey } from '../domain/transitionTable.js';
import { observablePhase, type CoreTransition, type SessionState } from '../domain/sessionTypes.js';
import type { Phase } from '../domain/vocabulary.js';
import { converse, correctTransactions, parseTransactions, type GatewayOutcome } from '../gateway/endpoints.js';
import { HarnessSetupError, type ChatBackend } from '../llm/backend.js';
import type { SqliteStore } from './sqliteStore.js';
import type { HarnessEffect, HarnessEvent } from './harnessEvents.js';
import type { TracedLlmCall, TurnTrace } from './trace.js';
import { VirtualClock } from './virtualClock.js';

export type { HarnessEffect, HarnessEvent } from './harnessEvents.js';

/** A core's transition; `fault` is an external core's reason the dialogue cannot go on (a setup error of the turn). */
export type CoreStep<S> = CoreTransition<S, HarnessEffect> & { readonly fault?: string };

/**
 * A dialogue core: the batch orchestrator (seeds 000-003), the legacy conversational arm (seed 004),
 * or an external orchestrator over the wire protocol, which answers with a promise.
 */
export interface DialogueCore<S extends SessionState = SessionState> {
  /** The endpoint a CONFIRMING reply goes to (what a scripted turn's answer is for); `correct` when left out. */
  readonly confirmingEndpoint?: 'correct' | 'conversation';
  initial(config: Partial<OrchestratorConfig>): S;
  step(state: S, event: HarnessEvent, now: number): CoreStep<S> | Promise<CoreStep<S>>;
}

export const BATCH_CORE: DialogueCore<OrchestratorState> = {
  initial: (config) => initialState(config),
  // The table refuses event types it does not list, so the other arm's events are safe to pass.
  step: (state, event, now) => step(state, event as OrchestratorEvent, now),
};

export const CONVERSATION_CORE: DialogueCore<ConversationState> = {
  confirmingEndpoint: 'conversation',
  initial: (config) => initialConversationState(config),
  step: (state, event, now) => conversationStep(state, event as ConversationEvent, now),
};

const ANSWER_PRIORITY = 0;
const TIMER_PRIORITY = 1;

/**
 * Runs the pure orchestrator against the world: interprets its effects (LLM calls through
 * the gateway, timers, SQLite) on a virtual clock and feeds the results back as events.
 */
export class DialogueSession {
  private state: SessionState;
  private readonly clock = new VirtualClock<HarnessEvent>();
  private trace: TurnTrace | null = null;
  private turnStartMs = 0;
  private failNextSave = false;
  private readonly calls = new Map<number, TracedLlmCall>();

  constructor(
    private readonly backend: ChatBackend,
    private readonly store: SqliteStore,
    private readonly owner: string,
    config: Partial<OrchestratorConfig> = {},
    private readonly core: DialogueCore<any> = BATCH_CORE,
    /** The day the dialogue takes as today: the prompts name it, and a row with no day named is saved on it. */
    readonly today: string = DEFAULT_TODAY,
  ) {
    this.state = core.initial(config);
  }

  /** The seed's state (IDLE, LISTENING, CONFIRMING); a waiting phase shows as the state it waits in. */
  get phase(): Phase {
    return observablePhase(this.state.phase);
  }

  get batch(): DraftBatch | null {
    return this.state.batch;
  }

  /** The virtual clock's time, in ms. */
  get now(): number {
    return this.clock.now;
  }

  get online(): boolean {
    return this.state.online;
  }

  /** After a dispose nothing is restored into the session: its IDLE is the seed state DISPOSED shows as. */
  get disposed(): boolean {
    return this.state.phase === 'DISPOSED';
  }

  /** Gold mode: continue from the state the dataset says the previous turn ended in. */
  restore(phase: Phase, batch: DraftBatch | null): void {
    this.state = { ...this.state, phase, batch };
  }

  beginTurn(trace: TurnTrace, options: { failSave: boolean }): void {
    this.trace = trace;
    this.turnStartMs = this.clock.now;
    this.failNextSave = options.failSave;
  }

  endTurn(): void {
    if (this.trace) this.trace.virtualMs = this.clock.now - this.turnStartMs;
    this.trace = null;
  }

  /** Delivers an event and everything it causes, until nothing is in flight. */
  async send(event: HarnessEvent): Promise<number> {
    const micros = await this.dispatch(event);
    await this.settle();
    return micros;
  }

  /** The app disposes the session `ms` from now (seed 001 Delegate 安全), whatever is awaited by then. */
  scheduleDispose(ms: number): void {
    this.clock.schedule('dispose', ms, { type: 'dispose' }, TIMER_PRIORITY);
  }

  /** Lets `ms` of virtual time pass, firing whatever falls due (timers, late answers). */
  async advance(ms: number): Promise<void> {
    const target = this.clock.now + ms;
    for (let due = this.clock.next(target); due; due = this.clock.next(target)) {
      await this.dispatch(due.payload);
    }
    this.clock.advanceTo(target);
    await this.settle();
  }

  private async settle(): Promise<void> {
    while (this.state.inFlight) {
      const due = this.clock.next();
      if (!due) throw new Error(`stalled: a ${this.state.inFlight.kind} is in flight and nothing is scheduled`);
      await this.dispatch(due.payload);
    }
  }

  /** Returns the wall time of the pure step in microseconds. */
  private async dispatch(event: HarnessEvent): Promise<number> {
    const started = performance.now();
    const result = this.core.step(this.state, event, this.clock.now);
    // Only an external core answers with a promise: the in-process step is not awaited.
    const { state, effects, fault, refused } = result instanceof Promise ? await result : result;
    const micros = Math.round((performance.now() - started) * 1e6) / 1e3;
    this.state = state;
    this.trace?.events.push({ atMs: this.elapsed(), event });
    if (refused !== undefined) this.trace?.refused.push(`${eventKey(event)}:${refused}`);
    if (fault !== undefined && this.trace && !this.trace.setupErrors.includes(fault)) this.trace.setupErrors.push(fault);
    // Only LLM calls wait for anything; the other effects are interpreted at once.
    for (let i = 0; i < effects.length; i++) {
      const pending = this.interpret(effects[i]!);
      if (pending) await pending;
    }
    return micros;
  }

  /** A promise only for an LLM call. */
  private interpret(effect: HarnessEffect): Promise<void> | undefined {
    const trace = this.trace;
    trace?.effects.push({ atMs: this.elapsed(), effect });
    switch (effect.type) {
      case 'speak':
        trace?.spoken.push({ atMs: this.elapsed(), text: effect.text });
        return;
      case 'callParse':
        return this.call(effect.id, 'parse', effect.text, effect.deadlineMs, (signal) =>
          parseTransactions(this.backend, effect.text, { signal, deadlineMs: effect.deadlineMs, render: { today: this.today } }),
        );
      case 'callCorrect':
        return this.call(effect.id, 'correct', effect.request, effect.deadlineMs, (signal) =>
          correctTransactions(this.backend, effect.request, { signal, deadlineMs: effect.deadlineMs, render: { today: this.today } }),
        );
      case 'callConverse': {
        const { history, current, text, deadlineMs } = effect;
        return this.call(effect.id, 'conversation', { history, currentTransaction: current, text }, deadlineMs, (signal) =>
          converse(this.backend, history, current, text, { signal, deadlineMs, render: { today: this.today } }),
        );
      }
      case 'abortCall': {
        const call = this.calls.get(effect.id);
        if (this.clock.cancel(`llm:${effect.id}`) && call) call.outcome = 'late';
        if (call && call.outcome === 'timeout') call.latencyMs = null;
        return;
      }
      case 'startTimer':
        this.clock.schedule(`timer:${effect.name}`, effect.ms, { type: 'timerFired', name: effect.name, id: effect.id }, TIMER_PRIORITY);
        return;
      case 'cancelTimer':
        this.clock.cancel(`timer:${effect.name}`);
        return;
      case 'saveBatch':
        this.save(effect.id, effect.items);
        return;
      case 'notify':
      case 'classified':
      case 'routed':
        if (trace) recordDecision(trace, effect);
        return;
    }
  }

  private async call(
    id: number,
    endpoint: TracedLlmCall['endpoint'],
    request: TracedLlmCall['request'],
    deadlineMs: number,
    send: (signal: AbortSignal | undefined) => Promise<GatewayOutcome<unknown>>,
  ): Promise<void> {
    const traced: TracedLlmCall = {
      id,
      endpoint,
      request,
      sentAtMs: this.elapsed(),
      responseText: null,
      outcome: 'pending',
      latencyMs: null,
    };
    this.calls.set(id, traced);
    this.trace?.llmCalls.push(traced);
    // Real backends run in wall time; abort them a little after the deadline, whose
    // virtual timer decides the outcome either way.
    const signal = this.backend.clock === 'real' ? AbortSignal.timeout(deadlineMs + 250) : undefined;
    let outcome: GatewayOutcome<unknown>;
    try {
      outcome = await send(signal);
    } catch (error) {
      if (!(error instanceof HarnessSetupError)) throw error;
      traced.outcome = 'scriptViolation';
      traced.detail = error.message;
      this.trace?.setupErrors.push(error.message);
      this.clock.schedule(`llm:${id}`, 0, failedEvent(endpoint, id, 'error', error.message), ANSWER_PRIORITY);
      return;
    }
    traced.responseText = outcome.rawText ?? null;
    traced.latencyMs = Number.isFinite(outcome.latencyMs) ? outcome.latencyMs : null;
    if (outcome.usage) traced.usage = outcome.usage;
    if (outcome.ok) {
      traced.outcome = 'ok';
      const event: HarnessEvent =
        endpoint === 'parse'
          ? { type: 'parseSucceeded', id, transactions: (outcome.value as { transactions: never[] }).transactions }
          : endpoint === 'conversation'
            ? { type: 'conversationSucceeded', id, response: outcome.value as never }
            : { type: 'correctionSucceeded', id, response: outcome.value as never };
      this.clock.schedule(`llm:${id}`, outcome.latencyMs, event, ANSWER_PRIORITY);
      return;
    }
    traced.outcome = outcome.failure;
    traced.detail = outcome.detail;
    if (outcome.failure === 'timeout' && !Number.isFinite(outcome.latencyMs)) return;
    const delay = Number.isFinite(outcome.latencyMs) ? outcome.latencyMs : 0;
    this.clock.schedule(`llm:${id}`, delay, failedEvent(endpoint, id, outcome.failure, outcome.detail), ANSWER_PRIORITY);
  }

  private save(id: number, items: Parameters<SqliteStore['saveBatch']>[0]): void {
    try {
      const rows = this.store.saveBatch(items, this.owner, { simulateFailure: this.failNextSave, today: this.today });
      this.trace?.saved.push(...rows);
      this.clock.schedule(`save:${id}`, 0, { type: 'saveSucceeded', id }, ANSWER_PRIORITY);
    } catch (error) {
      const message = (error as Error).message;
      this.trace?.saveErrors.push(message);
      this.clock.schedule(`save:${id}`, 0, { type: 'saveFailed', id, message }, ANSWER_PRIORITY);
    }
  }

  private elapsed(): number {
    return this.clock.now - this.turnStartMs;
  }
}

function failedEvent(endpoint: TracedLlmCall['endpoint'], id: number, reason: 'timeout' | 'error' | 'malformed' | 'invalid', detail?: string): HarnessEvent {
  const base = { id, reason, ...(detail === undefined ? {} : { detail }) };
  if (endpoint === 'conversation') return { type: 'conversationFailed', ...base };
  return endpoint === 'parse' ? { type: 'parseFailed', ...base } : { type: 'correctionFailed', ...base };
}

function recordDecision(trace: TurnTrace, effect: Extract<HarnessEffect, { type: 'notify' | 'classified' | 'routed' }>): void {
  if (effect.type === 'notify') {
    trace.notified.push(effect.callback === 'onSessionEnded' ? `${effect.callback}:${effect.reason}` : effect.callback);
  } else if (effect.type === 'classified') {
    trace.intent = effect.intent;
  } else if (effect.type === 'routed') {
    trace.route = effect.route;
    if (effect.failure) trace.failure = effect.failure;
    if (effect.outcome) trace.correctionOutcome = effect.outcome;
    if (effect.mapping) trace.mapping = effect.mapping;
  }
}
