import { pendingItems, type DraftBatch } from './draftBatch.js';
import type { FieldPatch, TransactionType } from './parseResult.js';

/** Seed 002 decision 4: one pending item as the correction endpoint sees it. */
export interface BatchItemDto {
  readonly index: number;
  readonly amount: number | null;
  readonly category: string | null;
  readonly type: TransactionType;
  readonly description: string | null;
  readonly date: string | null;
}

export interface CorrectionRequest {
  readonly currentBatch: readonly BatchItemDto[];
  readonly correctionText: string;
  readonly context?: { readonly recentCategories: readonly string[]; readonly customCategories: readonly string[] };
}

export const CORRECTION_INTENTS = ['correction', 'confirm', 'cancel', 'unclear', 'append'] as const;
export type CorrectionIntent = (typeof CORRECTION_INTENTS)[number];

export interface CorrectionItem {
  readonly index: number;
  readonly updatedFields: FieldPatch;
}

export interface CorrectionResponse {
  readonly corrections: readonly CorrectionItem[];
  readonly intent: CorrectionIntent;
  readonly confidence: number;
  readonly model?: string;
}

/** The index an append answer gives its new item (seed 002 decision 8). */
export const APPEND_INDEX = -1;

/**
 * The pending items renumbered from 0, and the table that maps each sent index
 * back to the item's original index (seed 001: 纠正时 pending items 过滤与 index 重编号).
 */
export interface RenumberedBatch {
  readonly request: CorrectionRequest;
  readonly originalIndexOf: readonly number[];
}

export function buildCorrectionRequest(batch: DraftBatch, correctionText: string): RenumberedBatch {
  const pending = pendingItems(batch);
  const currentBatch = pending.map((item, sentIndex) => ({
    index: sentIndex,
    amount: item.result.amount,
    category: item.result.category,
    type: item.result.type,
    description: item.result.description,
    date: item.result.date,
  }));
  const recentCategories = [...new Set(batch.items.map((item) => item.result.category).filter((c): c is string => !!c))];
  return {
    request: { currentBatch, correctionText, context: { recentCategories, customCategories: [] } },
    originalIndexOf: pending.map((item) => item.index),
  };
}

export type ValidationProblem =
  { readonly kind: 'indexOutOfRange'; readonly index: number; readonly pendingCount: number } | { readonly kind: 'appendWithoutFields' };

/**
 * Seed 002 decision 8, light validation: the intent enum is guaranteed by the type,
 * so what is left is the index range (append uses -1) and an append that carries a transaction.
 */
export function validateCorrection(response: CorrectionResponse, pendingCount: number): ValidationProblem | null {
  if (response.intent === 'append') {
    return response.corrections.length === 0 ? { kind: 'appendWithoutFields' } : null;
  }
  if (response.intent !== 'correction') return null;
  for (const correction of response.corrections) {
    if (!Number.isInteger(correction.index) || correction.index < 0 || correction.index >= pendingCount) {
      return { kind: 'indexOutOfRange', index: correction.index, pendingCount };
    }
  }
  return null;
}

/** Maps the LLM's renumbered indices back to original ones; assumes validateCorrection passed. */
export function mapCorrectionsBack(
  corrections: readonly CorrectionItem[],
  originalIndexOf: readonly number[],
): { sentIndex: number; originalIndex: number; updatedFields: FieldPatch }[] {
  return corrections.map((correction) => {
    const originalIndex = originalIndexOf[correction.index];
    if (originalIndex === undefined) throw new RangeError(`sent index ${correction.index} has no original item`);
    return { sentIndex: correction.index, originalIndex, updatedFields: correction.updatedFields };
  });
}
