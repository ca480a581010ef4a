import type { BatchItemDto, CorrectionRequest, CorrectionResponse } from '../domain/correctionProtocol.js';
import { correctOffline } from '../domain/offlineCorrector.js';
import { TRANSACTION_TYPES, type TransactionType } from '../domain/parseResult.js';
import { normalizeUtterance } from '../domain/textNormalize.js';
import { HEURISTIC_PHRASES, containsAny } from './heuristicPhrases.js';
import { patchToWire } from './wireTransaction.js';

/** The JSON the correction endpoint answers with (no model field: the gateway adds it). */
export interface CorrectionAnswer {
  corrections: { index: number; updatedFields: ReturnType<typeof patchToWire> }[];
  intent: CorrectionResponse['intent'];
  confidence: number;
}

// Fixed, like the seed's examples: sure of a plain reading, unsure when nothing fits.
export const SURE = 0.9;
export const UNSURE = 0.3;

function field<T>(value: unknown, guard: (v: unknown) => v is T): T | null {
  return guard(value) ? value : null;
}
const isNumber = (v: unknown): v is number => typeof v === 'number';
const isString = (v: unknown): v is string => typeof v === 'string';
const isType = (v: unknown): v is TransactionType => TRANSACTION_TYPES.includes(v as TransactionType);

/** Reads {"currentBatch":[...],"correctionText":"..."}; absent fields are null, as the prompt says. */
export function readCorrectionInput(input: string): CorrectionRequest | null {
  let data: { currentBatch?: unknown; correctionText?: unknown };
  try {
    data = JSON.parse(input) as typeof data;
  } catch {
    return null;
  }
  if (!Array.isArray(data.currentBatch) || typeof data.correctionText !== 'string') return null;
  const currentBatch = data.currentBatch.map((raw: Record<string, unknown>, position): BatchItemDto => ({
    index: field(raw.index, isNumber) ?? position,
    amount: field(raw.amount, isNumber),
    type: field(raw.type, isType) ?? 'EXPENSE',
    category: field(raw.category, isString),
    description: field(raw.description, isString),
    date: field(raw.date, isString),
  }));
  return { currentBatch, correctionText: data.correctionText };
}

/** The text holds one of the phrases, and what is left without them changes nothing (没错 is no 错). */
function isBareReply(text: string, phrases: readonly string[]): boolean {
  if (!containsAny(text, phrases)) return false;
  const rest = [...phrases].sort((a, b) => b.length - a.length).reduce((left, phrase) => left.split(phrase).join(' '), text);
  return !containsAny(rest, HEURISTIC_PHRASES.change) && !/\d/.test(rest);
}

// 最后一笔 / 最后那个: the last pending item (the request lists only those, renumbered from 0).
const LAST_ITEM = /最后(?:一笔|那笔|那个|一个|这笔)/g;

/** The text with 最后一笔 written as the ordinal of the last pending item, which the offline corrector reads. */
function namingLastItem(text: string, pending: number): string {
  return pending > 0 ? text.replace(LAST_ITEM, `第${pending}笔`) : text;
}

/** correct-transaction answer: whole-batch cancel and confirm phrasings first, then the offline corrector. */
export function answerCorrection(input: string, today?: string): CorrectionAnswer {
  const request = readCorrectionInput(input);
  if (!request) return { corrections: [], intent: 'unclear', confidence: UNSURE };
  const text = normalizeUtterance(request.correctionText);
  if (isBareReply(text, HEURISTIC_PHRASES.cancel)) return { corrections: [], intent: 'cancel', confidence: SURE };
  if (isBareReply(text, HEURISTIC_PHRASES.confirm)) return { corrections: [], intent: 'confirm', confidence: SURE };
  const response = correctOffline({ ...request, correctionText: namingLastItem(text, request.currentBatch.length) }, today);
  return {
    corrections: response.corrections.map((c) => ({ index: c.index, updatedFields: patchToWire(c.updatedFields) })),
    intent: response.intent,
    confidence: response.intent === 'unclear' ? UNSURE : SURE,
  };
}
