import { expect } from 'vitest';
import type { CorrectionResponse } from '../../src/domain/correctionProtocol.js';
import type { DraftBatch } from '../../src/domain/draftBatch.js';
import { initialState, step } from '../../src/domain/orchestrator.js';
import type { Effect, OrchestratorEvent, OrchestratorState } from '../../src/domain/orchestratorTypes.js';
import type { ParseResult, TransactionType } from '../../src/domain/parseResult.js';

export function tx(amount: number | null, category: string | null, type: TransactionType = 'EXPENSE', description: string | null = category): ParseResult {
  return { amount, category, type, description, date: null, account: null, confidence: 0.95, source: 'llm' };
}

type EffectOf<T extends Effect['type']> = Extract<Effect, { type: T }>;

/**
 * Drives the pure orchestrator by hand, as the app's runtime would: every effect is
 * visible, and the test plays the LLM, the clock and the store explicitly.
 */
export class Driver {
  state: OrchestratorState;
  now = 0;
  last: readonly Effect[] = [];
  readonly log: Effect[] = [];

  constructor(options: { online?: boolean } = {}) {
    this.state = initialState({}, options.online ?? true);
    this.send({ type: 'start' });
  }

  send(event: OrchestratorEvent): readonly Effect[] {
    const { state, effects } = step(this.state, event, this.now);
    this.state = state;
    this.last = effects;
    this.log.push(...effects);
    return effects;
  }

  say(text: string): readonly Effect[] {
    return this.send({ type: 'userText', text });
  }

  /** The user speaks a new utterance and the LLM splits it into `results`. */
  open(text: string, results: readonly ParseResult[]): DraftBatch {
    const call = this.only('callParse', this.say(text));
    this.send({ type: 'parseSucceeded', id: call.id, transactions: results });
    expect(this.state.phase).toBe('CONFIRMING');
    return this.state.batch!;
  }

  /** The user says `text` in CONFIRMING, it goes to the LLM, which answers `response`. */
  correct(text: string, response: CorrectionResponse): { call: EffectOf<'callCorrect'>; asked: readonly Effect[]; answered: readonly Effect[] } {
    const asked = this.say(text);
    const call = this.only('callCorrect', asked);
    const answered = this.send({ type: 'correctionSucceeded', id: call.id, response });
    return { call, asked, answered };
  }

  /** Completes a pending save with success or failure. */
  finishSave(ok: boolean): readonly Effect[] {
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

  statuses(): string[] {
    return this.state.batch?.items.map((i) => i.status) ?? [];
  }

  calledLlm(effects: readonly Effect[] = this.last): boolean {
    return effects.some((e) => e.type === 'callParse' || e.type === 'callCorrect');
  }
}

export const FOUR = [
  tx(60, '餐饮', 'EXPENSE', '吃饭'),
  tx(60, '洗浴', 'EXPENSE', '洗脚'),
  tx(30, '红包', 'INCOME', '抢红包'),
  tx(90, '工资', 'INCOME', '工资'),
];
export const FOUR_TEXT = '吃饭花了60，洗脚花了60，抢红包抢了30，工资收到90';
