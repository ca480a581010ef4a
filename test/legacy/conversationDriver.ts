import { expect } from 'vitest';
import type { ConversationReply } from '../../src/domain/conversationProtocol.js';
import { conversationStep, initialConversationState, type ConversationState } from '../../src/domain/legacy/conversationCore.js';
import type { Effect, OrchestratorEvent } from '../../src/domain/orchestratorTypes.js';
import type { ParseResult } from '../../src/domain/parseResult.js';

type EffectOf<T extends Effect['type']> = Extract<Effect, { type: T }>;

/** Drives the legacy conversation core by hand: the test plays the LLM, the clock and the store. */
export class ConversationDriver {
  state: ConversationState;
  last: readonly Effect[] = [];

  constructor(options: { online?: boolean } = {}) {
    this.state = initialConversationState({}, options.online ?? true);
    this.send({ type: 'start' });
  }

  send(event: OrchestratorEvent): readonly Effect[] {
    const { state, effects } = conversationStep(this.state, event, 0);
    this.state = state;
    this.last = effects;
    return effects;
  }

  say(text: string): readonly Effect[] {
    return this.send({ type: 'userText', text });
  }

  /** The first utterance, parsed by the LLM into `results`. */
  open(text: string, results: readonly ParseResult[]): void {
    const call = this.only('callParse', this.say(text));
    this.send({ type: 'parseSucceeded', id: call.id, transactions: results });
    expect(this.state.phase).toBe('CONFIRMING');
  }

  /** A CONFIRMING line that goes to the conversation endpoint, which answers `reply`. */
  converse(text: string, reply: Omit<ConversationReply, 'message' | 'transaction'> & Partial<ConversationReply>) {
    const call = this.only('callConverse', this.say(text));
    const answered = this.send({
      type: 'conversationSucceeded',
      id: call.id,
      response: { transaction: null, message: null, ...reply },
    });
    return { call, answered };
  }

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

  notified(effects: readonly Effect[] = this.last): string[] {
    return this.all('notify', effects).map((e) => e.callback);
  }

  calledLlm(effects: readonly Effect[] = this.last): boolean {
    return effects.some((e) => e.type === 'callParse' || e.type === 'callConverse' || e.type === 'callCorrect');
  }

  transaction(): ParseResult | undefined {
    return this.state.batch?.items[0]?.result;
  }
}
