import { TRANSFER_CATEGORIES } from '../domain/categories.js';
import { parseOffline, splitTransactions } from '../domain/offlineParser.js';
import { findDayMention } from '../domain/relativeDates.js';
import { toWire, type WireTransactionOut } from './wireTransaction.js';

/**
 * parse-transaction answer: each split segment parsed by the offline rules, segments
 * without an amount dropped. The prompt asks for a category on every transaction, so
 * a transfer without a category word gets the transfer category. Given today, a day named in a
 * segment (昨天, 3号) is its date and that of the segments after it, until another is named, as the
 * prompt asks; the words of the day are not part of the description.
 */
export function answerParse(utterance: string, today?: string): { transactions: WireTransactionOut[] } {
  const transactions: WireTransactionOut[] = [];
  let date: string | null = null;
  for (const segment of splitTransactions(utterance)) {
    const day = today === undefined ? null : findDayMention(segment, today);
    if (day) date = day.date;
    const result = parseOffline(day ? segment.slice(0, day.start) + segment.slice(day.end) : segment);
    if (!result) continue;
    const category = result.category ?? (result.type === 'TRANSFER' ? (TRANSFER_CATEGORIES[0] ?? null) : null);
    transactions.push(toWire({ ...result, category, date }));
  }
  return { transactions };
}
