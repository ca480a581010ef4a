import { expect } from 'vitest';
import { observablePhase, type SessionState } from '../../src/domain/sessionTypes.js';
import type { HarnessEffect as Effect, HarnessEvent } from '../../src/sim/harnessEvents.js';

export type EffectOf<T extends Effect['type']> = Extract<Effect, { type: T }>;
type Step<S> = (state: S, event: never, now: number) => { readonly state: S; readonly effects: readonly Effect[] };

/**
 * Drives a pure dialogue core by hand, as the app's runtime would: every effect is visible,
 * and the test plays the LLM, the clock and the store explicitly.
 */
export class CoreDriver<S extends SessionState> {
  now = 0;
  last: readonly Effect[] = [];
  readonly log: Effect[] = [];
  /** The core's own state, waiting phases included. */
  core: S;
  /** What the seeds observe: the same state with a waiting phase shown as the state it waits in. */
  state: S;

  constructor(
    initial: S,
    private readonly step: Step<S>,
  ) {
    this.core = initial;
    this.state = initial;
    this.send({ type: 'start' });
  }

  send(event: HarnessEvent): readonly Effect[] {
    const { state, effects } = this.step(this.core, event as never, this.now);
    if (state !== this.core) {
      this.core = state;
      const phase = observablePhase(state.phase);
      this.state = phase === state.phase ? state : { ...state, phase };
    }
    this.last = effects;
    this.log.push(...effects);
    return effects;
  }

  say(text: string): readonly Effect[] {
    return this.send({ type: 'userText', text });
  }

  /** Completes a pending save with success or failure. */
  finishSave(ok = true): readonly Effect[] {
    const save = this.only('saveBatch');
    return this.send(ok ? { type: 'saveSucceeded', id: save.id } : { type: 'saveFailed', id: save.id, message: 'disk full' });
  }

  all<T extends Effect['type']>(type: T, effects: readonly Effect[] = this.last): EffectOf<T>[] {
    return effects.filter((e): e is EffectOf<T> => e.type === type);
  }

  only<T extends Effect['type']>(type: T, effects: readonly Effect[] = this.last): EffectOf<T> {
    const found = this.all(type, effects);
    expect(found, `exactly one ${type} effect`).toHaveLength(1);
    return found[0]!;
  }

  spoken(effects: readonly Effect[] = this.last): string[] {
    return this.all('speak', effects).map((e) => e.text);
  }

  calledLlm(effects: readonly Effect[] = this.last): boolean {
    return effects.some((e) => e.type === 'callParse' || e.type === 'callCorrect' || e.type === 'callConverse');
  }
}
