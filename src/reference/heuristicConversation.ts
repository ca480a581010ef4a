import type { BatchItemDto } from '../domain/correctionProtocol.js';
import { correctOffline } from '../domain/offlineCorrector.js';
import { parseOffline } from '../domain/offlineParser.js';
import { applyPatch, parseResult, type ParseResult } from '../domain/parseResult.js';
import { normalizeUtterance } from '../domain/textNormalize.js';
import { readCorrectionInput } from './heuristicCorrection.js';
import { HEURISTIC_PHRASES, containsAny } from './heuristicPhrases.js';
import { toWire, type WireTransactionOut } from './wireTransaction.js';

export type ConversationAnswer = { action: 'correct' | 'parse'; transaction: WireTransactionOut } | { action: 'clarify' | 'query'; message: string };

const CLARIFY_QUESTION = '请问您想修改哪个部分？';
const FIX_WORDS = ['改', '应该', '不对', '错'];

/** Reads {"currentTransaction":{...}|null,"text":"..."} through the correction reader (same field rules). */
function readInput(input: string): { current: BatchItemDto | null; text: string } {
  try {
    const data = JSON.parse(input) as { currentTransaction?: unknown; text?: unknown };
    const text = typeof data.text === 'string' ? data.text : '';
    const batch = data.currentTransaction ? [{ ...data.currentTransaction, index: 0 }] : [];
    const request = readCorrectionInput(JSON.stringify({ currentBatch: batch, correctionText: text }));
    return { current: request?.currentBatch[0] ?? null, text };
  } catch {
    return { current: null, text: input };
  }
}

/**
 * Seed 004 conversation answer: a records question is a query; a new thing bought
 * (another category with an amount, no fixing word) is a parse; what the offline
 * corrector can apply is a correct; anything else asks back.
 */
export function answerConversation(input: string, today?: string): ConversationAnswer {
  const { current, text } = readInput(input);
  const normalized = normalizeUtterance(text);
  const fresh = parseOffline(normalized);
  if (containsAny(normalized, HEURISTIC_PHRASES.query) && !fresh) return { action: 'query', message: text };
  const isOtherThing = fresh !== null && fresh.category !== null && fresh.category !== current?.category;
  if (fresh && (current === null || (isOtherThing && !containsAny(normalized, FIX_WORDS)))) {
    return { action: 'parse', transaction: toWire(fresh) };
  }
  if (current) {
    const response = correctOffline({ currentBatch: [current], correctionText: text }, today);
    const patch = response.intent === 'correction' ? response.corrections[0]?.updatedFields : undefined;
    if (patch) {
      const base: ParseResult = parseResult({ ...current });
      return { action: 'correct', transaction: toWire(applyPatch(base, patch)) };
    }
  }
  return { action: 'clarify', message: CLARIFY_QUESTION };
}
