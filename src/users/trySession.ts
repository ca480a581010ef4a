import type { DraftBatch } from '../domain/draftBatch.js';
import type { OrchestratorEvent } from '../domain/orchestratorTypes.js';
import type { ChatBackend } from '../llm/backend.js';
import { DialogueSession } from '../sim/dialogueSession.js';
import type { SqliteStore } from '../sim/sqliteStore.js';
import type { TracedLlmCall, TurnTrace } from '../sim/trace.js';
import { newTurnTrace } from '../sim/trace.js';
import { TYPE_WORD } from '../generate/vocabulary.js';

type Json = string | number | boolean | null | Json[] | { [key: string]: Json };

/** What one turn of a person at the console did and saw. */
export interface ConsoleTurn {
  readonly input: { readonly user: string } | { readonly tap: 'confirm' | 'cancel' };
  readonly trace: TurnTrace;
}

/** A person plays the user (issue 15 item 6): every turn is kept, to be saved as a dataset dialogue. */
export class TrySession {
  private readonly session: DialogueSession;
  readonly turns: ConsoleTurn[] = [];

  /** `today`: the day the session takes as today (try --today), DEFAULT_TODAY when absent. */
  constructor(backend: ChatBackend, store: SqliteStore, today?: string) {
    this.session = new DialogueSession(backend, store, 'try', {}, undefined, today);
  }

  start(): Promise<number> {
    return this.session.send({ type: 'start' });
  }

  async play(input: ConsoleTurn['input']): Promise<ConsoleTurn> {
    const event: OrchestratorEvent = 'user' in input ? { type: 'userText', text: input.user } : { type: 'tap', action: input.tap };
    const trace = newTurnTrace('user' in input ? { line: 0, user: input.user } : { line: 0, tap: input.tap }, this.turns.length, 'online', this.session);
    this.session.beginTurn(trace, { failSave: false });
    await this.session.send(event);
    this.session.endTurn();
    trace.phaseAfter = this.session.phase;
    trace.batchAfter = this.session.batch;
    const turn = { input, trace };
    this.turns.push(turn);
    return turn;
  }

  /** The session as a dialogue: what the model answered is its script, what was observed its expectations (dates included, with the session's today). */
  toDialogue(id: string): { [key: string]: Json } {
    return {
      id,
      title: `控制台会话 ${id}`,
      tags: ['console'],
      today: this.session.today,
      turns: this.turns.map(({ input, trace }) => {
        const llm = script(trace.llmCalls);
        const expect: { [key: string]: Json } = {
          state: trace.phaseAfter,
          route: trace.route,
          ...(trace.intent ? { intent: trace.intent.kind } : {}),
          batch: trace.batchAfter ? cardItems(trace.batchAfter) : null,
          tts: trace.spoken.map((line) => line.text),
        };
        if (trace.saved.length > 0)
          expect['saved'] = trace.saved.map(({ amount, type, category, description, date }) => ({ amount, type, category, description, date }));
        return { ...input, ...(llm ? { llm } : {}), expect };
      }),
    };
  }
}

function cardItems(batch: DraftBatch): Json[] {
  return batch.items.map(({ result, status }) => ({
    amount: result.amount,
    type: result.type,
    category: result.category,
    description: result.description,
    date: result.date,
    status,
  }));
}

function script(calls: readonly TracedLlmCall[]): { [key: string]: Json } | null {
  const call = calls[0];
  if (!call) return null;
  if (call.outcome === 'ok' && call.responseText !== null) return { [call.endpoint]: JSON.parse(call.responseText) as Json };
  if (call.outcome === 'timeout' || call.outcome === 'late') return { fault: 'timeout' };
  if (call.responseText !== null) return { raw: call.responseText };
  return { fault: 'error' };
}

/** The batch card as text, one item a line. */
export function renderCard(batch: DraftBatch | null): string {
  if (!batch) return '  (no batch)';
  return batch.items
    .map(({ index, result, status }) => {
      const day = result.date === null ? '' : ` ${result.date}`;
      return `  第${index + 1}笔 ${TYPE_WORD[result.type]} ${result.amount ?? '?'}元 ${result.category ?? '未分类'} ${result.description ?? ''}${day} [${status}]`;
    })
    .join('\n');
}
