import { TRANSFER_CATEGORIES } from '../domain/categories.js';
import { parseOffline, splitTransactions } from '../domain/offlineParser.js';
import { toWire, type WireTransactionOut } from './wireTransaction.js';

/**
 * parse-transaction answer: each split segment parsed by the offline rules, segments
 * without an amount dropped. The prompt asks for a category on every transaction, so
 * a transfer without a category word gets the transfer category.
 */
export function answerParse(utterance: string): { transactions: WireTransactionOut[] } {
  const transactions: WireTransactionOut[] = [];
  for (const segment of splitTransactions(utterance)) {
    const result = parseOffline(segment);
    if (!result) continue;
    const category = result.category ?? (result.type === 'TRANSFER' ? (TRANSFER_CATEGORIES[0] ?? null) : null);
    transactions.push(toWire({ ...result, category }));
  }
  return { transactions };
}
