import { lastUserMessage, type ChatBackend, type ChatRequest, type ChatResult } from '../llm/backend.js';
import type { GoalItem } from './goal.js';
import type { UserAction } from './policy.js';

/** Where the simulator posts what the user means by the line being sent. */
export interface ActionBoard {
  current: UserAction | null;
}

export const SURE = 0.95;
const LATENCY_MS = 100;

/**
 * The perfect model: it answers every call with what the user meant, read off the board,
 * never off the words. Against it every user must succeed in the fewest turns.
 */
export class OracleBackend implements ChatBackend {
  readonly name = 'oracle';
  readonly model = 'oracle-goal';
  readonly clock = 'virtual' as const;

  constructor(private readonly board: ActionBoard) {}

  complete(req: ChatRequest): Promise<ChatResult> {
    const action = this.board.current;
    const answer =
      req.endpoint === 'parse'
        ? { transactions: saidItems(action).map(wire) }
        : req.endpoint === 'correct'
          ? correctionAnswer(action, lastUserMessage(req.messages))
          : { action: 'clarify', message: '请再说一次' };
    return Promise.resolve({ text: JSON.stringify(answer), latencyMs: LATENCY_MS, model: this.model });
  }
}

function saidItems(action: UserAction | null): readonly GoalItem[] {
  if (action?.kind === 'say') return action.items;
  if (action?.kind === 'append') return [action.item];
  return [];
}

export function wire(item: GoalItem): Record<string, string | number | null> {
  return { amount: item.amount, type: item.type, category: item.category, description: item.description, date: item.date, confidence: SURE };
}

interface SentItem {
  index: number;
  amount?: number;
  type?: string;
  category?: string;
  description?: string;
}

function correctionAnswer(action: UserAction | null, input: string): Record<string, unknown> {
  const none = (intent: string, confidence = SURE) => ({ corrections: [], intent, confidence });
  switch (action?.kind) {
    case 'append':
      return { corrections: [{ index: -1, updatedFields: wire(action.item) }], intent: 'append', confidence: SURE };
    case 'confirm':
      return none('confirm');
    case 'cancel':
      return none('cancel');
    case 'correct': {
      const shown = action.item.result;
      const sent = (JSON.parse(input) as { currentBatch: SentItem[] }).currentBatch.find(
        (item) =>
          (item.amount ?? null) === shown.amount &&
          (item.type ?? null) === shown.type &&
          (item.category ?? null) === shown.category &&
          (item.description ?? null) === shown.description,
      );
      if (!sent) return none('unclear', 0.3);
      return { corrections: [{ index: sent.index, updatedFields: { [action.field]: action.goal[action.field] } }], intent: 'correction', confidence: SURE };
    }
    default:
      return none('unclear', 0.3);
  }
}
