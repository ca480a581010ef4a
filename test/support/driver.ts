import { expect } from 'vitest';
import type { CorrectionResponse } from '../../src/domain/correctionProtocol.js';
import type { DraftBatch } from '../../src/domain/draftBatch.js';
import { initialState, step } from '../../src/domain/orchestrator.js';
import type { Effect, OrchestratorState } from '../../src/domain/orchestratorTypes.js';
import { CoreDriver, type EffectOf } from './coreDriver.js';
import type { ParseResult, TransactionType } from '../../src/domain/parseResult.js';

export function tx(amount: number | null, category: string | null, type: TransactionType = 'EXPENSE', description: string | null = category): ParseResult {
  return { amount, category, type, description, date: null, account: null, confidence: 0.95, source: 'llm' };
}

/** The batch orchestrator driven by hand. */
export class Driver extends CoreDriver<OrchestratorState> {
  constructor(options: { online?: boolean } = {}) {
    super(initialState({}, options.online ?? true), step);
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

  statuses(): string[] {
    return this.state.batch?.items.map((i) => i.status) ?? [];
  }
}

export const FOUR = [
  tx(60, '餐饮', 'EXPENSE', '吃饭'),
  tx(60, '洗浴', 'EXPENSE', '洗脚'),
  tx(30, '红包', 'INCOME', '抢红包'),
  tx(90, '工资', 'INCOME', '工资'),
];
export const FOUR_TEXT = '吃饭花了60，洗脚花了60，抢红包抢了30，工资收到90';
