import { TRANSFER_CATEGORIES } from '../domain/categories.js';
import { parseOffline, splitTransactions } from '../domain/offlineParser.js';
import { findAmounts } from '../domain/numerals.js';
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
  const segments = splitTransactions(utterance).flatMap((segment) => (today === undefined ? [segment] : splitAtDays(segment, today)));
  for (const segment of segments) {
    const day = today === undefined ? null : findDayMention(segment, today);
    if (day) date = day.date;
    const result = parseOffline(day ? segment.slice(0, day.start) + segment.slice(day.end) : segment);
    if (!result) continue;
    const category = result.category ?? (result.type === 'TRANSFER' ? (TRANSFER_CATEGORIES[0] ?? null) : null);
    transactions.push(toWire({ ...result, category, date }));
  }
  return { transactions };
}

/**
 * 「3号发工资九千二 5号交房租三千」 spoken without a pause: a segment is cut before each day named
 * between two amounts, so each day keeps its own amount (「打车30是昨天」 stays whole).
 */
const hasAmount = (text: string): boolean => findAmounts(text).length > 0;

function splitAtDays(segment: string, today: string): string[] {
  const pieces: string[] = [];
  let from = 0;
  for (let at = 0; at < segment.length;) {
    const day = findDayMention(segment.slice(at), today);
    if (!day) break;
    const start = at + day.start;
    if (start > from && hasAmount(segment.slice(from, start)) && hasAmount(segment.slice(start + day.text.length))) {
      pieces.push(segment.slice(from, start));
      from = start;
    }
    at = at + day.end;
  }
  return [...pieces, segment.slice(from)];
}
