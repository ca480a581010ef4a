import type { Dialogue, Turn, TurnExpectation } from '../datasets/datasetTypes.js';
import type { ChatBackend } from '../llm/backend.js';
import { ScriptedBackend } from '../llm/scriptedBackend.js';
import { BATCH_CORE, CONVERSATION_CORE, type DialogueCore } from './dialogueSession.js';
import type { DialogueTrace } from './trace.js';

export type Protocol = 'batch' | 'conversation';

export type Prepared = { readonly dialogue: Dialogue; readonly notApplicable: number } | { readonly skip: string };

/** A protocol under test: its pure core, and how the dataset (written for the batch protocol) is judged under it. */
export interface ProtocolArm {
  readonly protocol: Protocol;
  readonly core: DialogueCore;
  /** The dialogue with the expectations this arm judges, or why the arm cannot run it. */
  prepare(dialogue: Dialogue, backend: ChatBackend): Prepared;
  /** Why the first run shows the dialogue is outside the arm, or null. */
  skipAfterRun(trace: DialogueTrace): string | null;
}

const BATCH_ARM: ProtocolArm = {
  protocol: 'batch',
  core: BATCH_CORE,
  prepare: (dialogue) => ({ dialogue, notApplicable: 0 }),
  skipAfterRun: () => null,
};

const NEUTRAL_ROUTES: ReadonlySet<string> = new Set(['local', 'offline', 'none']);

/**
 * Seed 004 arm. The dataset's expectations are written for the batch protocol, so only the
 * protocol-neutral ones are judged: `state`, `batch`, `saved`, the Layer-1 `intent` (both
 * protocols share the local classifier), and `route` when it is decided before any endpoint
 * answers (local, offline, none). Wording (`tts`, `ttsIncludes`), the correction request
 * (`llmRequest`) and `route` llm/fallback (which endpoint answered, and how) are protocol-specific:
 * they are left out and counted as not applicable.
 */
function neutral(expect: TurnExpectation): { expect: TurnExpectation; dropped: number } {
  const kept: Record<string, unknown> = {};
  let dropped = 0;
  for (const [key, value] of Object.entries(expect)) {
    const judged =
      key === 'state' || key === 'batch' || key === 'saved' || key === 'intent' || (key === 'route' && NEUTRAL_ROUTES.has(value as string));
    if (judged) kept[key] = value;
    else if (value !== undefined) dropped++;
  }
  return { expect: kept as TurnExpectation, dropped };
}

/** A scripted turn that answers the batch correction endpoint but not the conversation one. */
function lacksConversationAnswer(turn: Turn): boolean {
  return turn.llm?.correct !== undefined && turn.llm.conversation === undefined;
}

const CONVERSATION_ARM: ProtocolArm = {
  protocol: 'conversation',
  core: CONVERSATION_CORE,
  prepare(dialogue, backend) {
    if (backend instanceof ScriptedBackend && dialogue.turns.some(lacksConversationAnswer)) {
      return { skip: 'scripted turn has a correct: answer but no conversation: answer' };
    }
    let notApplicable = 0;
    const turns = dialogue.turns.map((turn): Turn => {
      if (!turn.expect) return turn;
      const { expect, dropped } = neutral(turn.expect);
      notApplicable += dropped;
      return { ...turn, expect };
    });
    return { dialogue: { ...dialogue, turns }, notApplicable };
  },
  // Seed 004 predates batches: a dialogue whose parse finds several transactions is not a single-transaction one.
  skipAfterRun(trace) {
    for (const turn of trace.turns) {
      for (const { event } of turn.events) {
        if (event.type === 'parseSucceeded' && event.transactions.length > 1) {
          return `turn ${turn.turnIndex + 1}: the parse found ${event.transactions.length} transactions`;
        }
      }
    }
    return null;
  },
};

export function protocolArm(protocol: Protocol): ProtocolArm {
  return protocol === 'conversation' ? CONVERSATION_ARM : BATCH_ARM;
}
