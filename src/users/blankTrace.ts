import type { DialogueSession } from '../sim/dialogueSession.js';
import type { TurnTrace } from '../sim/trace.js';

/** A trace for one turn that DialogueSession fills in while the turn runs. */
export function blankTrace(session: DialogueSession, turn: TurnTrace['turn'], turnIndex: number): TurnTrace {
  return {
    turn,
    turnIndex,
    network: 'online',
    events: [],
    effects: [],
    spoken: [],
    llmCalls: [],
    saved: [],
    saveErrors: [],
    setupErrors: [],
    intent: null,
    route: 'none',
    correctionOutcome: null,
    failure: null,
    mapping: [],
    phaseBefore: session.phase,
    phaseAfter: session.phase,
    batchBefore: session.batch,
    batchAfter: session.batch,
    virtualMs: 0,
    localStepUs: null,
  };
}
