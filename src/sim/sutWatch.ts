import type { TimerName } from '../domain/sessionTypes.js';
import type { HarnessEffect, HarnessEvent } from './harnessEvents.js';
import type { SutState } from './sutProtocol.js';
import { SutFault } from './sutProcess.js';

/** More events than any dialogue needs: a SUT that keeps re-arming its deadline never settles. */
const MAX_EVENTS_PER_DIALOGUE = 5000;

/**
 * The protocol rules a schema cannot say, checked per dialogue: a waiting phase needs what ends the
 * wait to be on the harness's clock (the llmDeadline timer for a call, an unanswered saveBatch for
 * SAVING), and a refused event emits nothing. Without them the harness would wait forever.
 */
export class SutWatch {
  private readonly timers = new Map<TimerName, number>();
  private readonly saves = new Set<number>();
  private events = 0;

  reset(): void {
    this.timers.clear();
    this.saves.clear();
    this.events = 0;
  }

  /** The harness delivers `event`: a fired timer or a save result is off the clock. */
  deliver(event: HarnessEvent, what: string): void {
    if (++this.events > MAX_EVENTS_PER_DIALOGUE) {
      throw new SutFault(`${what} is event number ${this.events} of this dialogue: the SUT never settles (it keeps waiting)`);
    }
    if (event.type === 'timerFired') this.timers.delete(event.name);
    if (event.type === 'saveSucceeded' || event.type === 'saveFailed') this.saves.delete(event.id);
  }

  /** The SUT's reply: its effects and the state it ends in. */
  accept(effects: readonly HarnessEffect[], state: SutState, refused: string | undefined, what: string): void {
    if (refused !== undefined && effects.length > 0) {
      throw new SutFault(`the SUT refused ${what} (${refused}) yet emitted ${effects.length} effect(s); a refused event emits none`);
    }
    for (const effect of effects) {
      if (effect.type === 'startTimer') this.timers.set(effect.name, effect.id);
      else if (effect.type === 'cancelTimer') this.timers.delete(effect.name);
      else if (effect.type === 'saveBatch') this.saves.add(effect.id);
    }
    const waitsForCall = state.phase === 'AWAITING_PARSE' || state.phase === 'AWAITING_CORRECTION';
    if (waitsForCall && !this.timers.has('llmDeadline')) {
      throw new SutFault(`after ${what} the SUT is in ${state.phase} with no llmDeadline timer running: nothing would end the wait`);
    }
    if (state.phase === 'SAVING' && this.saves.size === 0) {
      throw new SutFault(`after ${what} the SUT is in SAVING with no saveBatch unanswered: nothing would end the wait`);
    }
  }
}
