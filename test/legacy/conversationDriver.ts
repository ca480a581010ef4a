import { expect } from 'vitest';
import type { ConversationReply } from '../../src/domain/conversationProtocol.js';
import { conversationStep, initialConversationState, type ConversationState } from '../../src/domain/legacy/conversationCore.js';
import type { HarnessEffect as Effect } from '../../src/sim/harnessEvents.js';
import { CoreDriver } from '../support/coreDriver.js';
import type { ParseResult } from '../../src/domain/parseResult.js';

/** Drives the legacy conversation core by hand: the test plays the LLM, the clock and the store. */
export class ConversationDriver extends CoreDriver<ConversationState> {
  constructor(options: { online?: boolean } = {}) {
    super(initialConversationState({}, options.online ?? true), conversationStep);
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

  notified(effects: readonly Effect[] = this.last): string[] {
    return this.all('notify', effects).map((e) => e.callback);
  }

  transaction(): ParseResult | undefined {
    return this.state.batch?.items[0]?.result;
  }
}
