import { parseOffline, splitTransactions } from '../domain/offlineParser.js';
import { toWire, type WireTransactionOut } from './wireTransaction.js';

/** parse-transaction answer: each split segment parsed by the offline rules, segments without an amount dropped. */
export function answerParse(utterance: string): { transactions: WireTransactionOut[] } {
  const transactions: WireTransactionOut[] = [];
  for (const segment of splitTransactions(utterance)) {
    const result = parseOffline(segment);
    if (result) transactions.push(toWire(result));
  }
  return { transactions };
}
