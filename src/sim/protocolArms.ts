import type { Dialogue, Turn } from '../datasets/datasetTypes.js';
import type { Protocol } from '../domain/vocabulary.js';
import type { ChatBackend } from '../llm/backend.js';
import { BATCH_CORE, CONVERSATION_CORE, type DialogueCore } from './dialogueSession.js';
import type { DialogueTrace } from './trace.js';

/**
 * A protocol under test: its pure core, and which dialogues it can run. Which expectations it
 * judges is scoring's business (scoring/judgedExpectations.ts).
 */
export interface ProtocolArm {
  readonly protocol: Protocol;
  readonly core: DialogueCore;
  /** Why the arm cannot run the dialogue at all, or null. */
  cannotRun(dialogue: Dialogue, backend: ChatBackend): string | null;
  /** Why the first run shows the dialogue is outside the arm, or null. */
  skipAfterRun(trace: DialogueTrace): string | null;
}

const BATCH_ARM: ProtocolArm = {
  protocol: 'batch',
  core: BATCH_CORE,
  cannotRun: () => null,
  skipAfterRun: () => null,
};

/** A scripted turn that answers the batch correction endpoint but not the conversation one. */
function lacksConversationAnswer(turn: Turn): boolean {
  return turn.llm?.correct !== undefined && turn.llm.conversation === undefined;
}

const CONVERSATION_ARM: ProtocolArm = {
  protocol: 'conversation',
  core: CONVERSATION_CORE,
  cannotRun(dialogue, backend) {
    if (backend.script && dialogue.turns.some(lacksConversationAnswer)) {
      return 'scripted turn has a correct: answer but no conversation: answer';
    }
    return null;
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
