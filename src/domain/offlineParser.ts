import { EXPENSE_WORDS, INCOME_WORDS, TRANSFER_WORDS, INCOME_CATEGORIES, defaultTypeOf, findCategories, findCategory, type CategoryHit } from './categories.js';
import { KeywordTrie } from './keywordTrie.js';
import { findAmounts, type AmountMatch } from './numerals.js';
import {
  AMOUNT_VERBS,
  LEADING_NOISE,
  OFFLINE_CONFIDENCE,
  OFFLINE_CONFIDENCE_NO_CATEGORY,
  SEGMENT_CONNECTIVES,
  SEGMENT_DELIMITERS,
  TRAILING_NOISE,
} from './parserLexicon.js';
import { parseResult, type ParseResult, type TransactionType } from './parseResult.js';
import { normalizeUtterance } from './textNormalize.js';

const DELIMITERS = new Set(SEGMENT_DELIMITERS);
const CONNECTIVE_TRIE = new KeywordTrie(SEGMENT_CONNECTIVES.map((word) => [word, true] as const));
const TYPE_TRIE = new KeywordTrie<TransactionType>([
  ...TRANSFER_WORDS.map((word) => [word, 'TRANSFER'] as const),
  ...INCOME_WORDS.map((word) => [word, 'INCOME'] as const),
  ...EXPENSE_WORDS.map((word) => [word, 'EXPENSE'] as const),
]);
const LEADING_TRIE = new KeywordTrie(LEADING_NOISE.map((word) => [word, true] as const));
const VERBS_LONGEST_FIRST = [...AMOUNT_VERBS].sort((a, b) => b.length - a.length);
const TRAILING_LONGEST_FIRST = [...TRAILING_NOISE].sort((a, b) => b.length - a.length);

interface Span {
  start: number;
  end: number;
  amounts: number;
}

/** Pieces between delimiters and connectives (和, 还有, 然后…), as spans of the text. */
function rawPieces(text: string): Span[] {
  const pieces: Span[] = [];
  let start = 0;
  let i = 0;
  const close = (end: number, next: number) => {
    if (end > start) pieces.push({ start, end, amounts: 0 });
    start = next;
  };
  while (i < text.length) {
    if (DELIMITERS.has(text[i] as string)) {
      close(i, i + 1);
      i++;
      continue;
    }
    const connective = CONNECTIVE_TRIE.longestLengthAt(text, i);
    if (connective > 0) {
      close(i, i + connective);
      i += connective;
      continue;
    }
    i++;
  }
  close(text.length, text.length);
  return pieces;
}

/** A piece holding several amounts with no delimiter (吃饭60打车30) is cut after each amount. */
function cutAtAmounts(piece: Span, amounts: readonly AmountMatch[]): Span[] {
  const inside = amounts.filter((a) => a.start >= piece.start && a.end <= piece.end);
  if (inside.length <= 1) return [{ ...piece, amounts: inside.length }];
  return inside.map((amount, k) => ({
    start: k === 0 ? piece.start : (inside[k - 1] as AmountMatch).end,
    end: k === inside.length - 1 ? piece.end : amount.end,
    amounts: 1,
  }));
}

/** Spans that each hold one amount; amount-less pieces join the next span (or the last). */
function transactionSpans(text: string): { spans: Span[]; amounts: AmountMatch[] } {
  const amounts = findAmounts(text);
  const pieces = rawPieces(text).flatMap((piece) => cutAtAmounts(piece, amounts));
  const spans: Span[] = [];
  let carryStart: number | null = null;
  for (const piece of pieces) {
    if (piece.amounts === 0) {
      carryStart ??= piece.start;
      continue;
    }
    spans.push({ start: carryStart ?? piece.start, end: piece.end, amounts: piece.amounts });
    carryStart = null;
  }
  const last = spans[spans.length - 1];
  const lastPiece = pieces[pieces.length - 1];
  if (carryStart !== null && lastPiece) {
    if (last) last.end = lastPiece.end;
    else spans.push({ start: carryStart, end: lastPiece.end, amounts: 0 });
  }
  return { spans, amounts };
}

/**
 * Splits an utterance into per-transaction segments, in the order spoken, on
 * punctuation, connectives (和, 还有, 然后, 另外, 以及…) and between adjacent amounts.
 * A piece with no amount stays with its neighbour (吃饭，花了60 is one segment).
 */
export function splitTransactions(text: string): string[] {
  const normalized = normalizeUtterance(text);
  return transactionSpans(normalized).spans.map((span) => normalized.slice(span.start, span.end));
}

/** How many transactions the text seems to hold: the segments that carry an amount. */
export function countTransactionMentions(text: string): number {
  return transactionSpans(normalizeUtterance(text)).spans.filter((span) => span.amounts > 0).length;
}

/**
 * Transfer words win; otherwise the income or expense word closest before the amount
 * (买东西退款50 → INCOME, 收到快递花了20 → EXPENSE); otherwise the category's usual type.
 */
function inferType(segment: string, amount: AmountMatch, category: string | null): TransactionType {
  const hits = TYPE_TRIE.findAll(segment);
  if (hits.some((hit) => hit.value === 'TRANSFER')) return 'TRANSFER';
  let before: TransactionType | null = null;
  let after: TransactionType | null = null;
  for (const hit of hits) {
    if (hit.start < amount.start) before = hit.value;
    else after ??= hit.value;
  }
  return before ?? after ?? defaultTypeOf(category);
}

function isDelimiter(ch: string | undefined): boolean {
  return ch !== undefined && (DELIMITERS.has(ch) || ch === '.');
}

/** Strips time words and fillers in front, verbs and particles behind, never cutting into the category keyword. */
function cleanDescription(part: string, protectedFrom: number, protectedTo: number, trailing: readonly string[]): string {
  let start = 0;
  let end = part.length;
  for (let changed = true; changed && start < end;) {
    changed = false;
    if (isDelimiter(part[start])) {
      start++;
      changed = true;
      continue;
    }
    if (isDelimiter(part[end - 1])) {
      end--;
      changed = true;
      continue;
    }
    const lead = LEADING_TRIE.longestLengthAt(part, start);
    if (lead > 0 && lead < end - start && start + lead <= protectedFrom) {
      start += lead;
      changed = true;
      continue;
    }
    for (const word of trailing) {
      const cut = end - word.length;
      const remaining = cut - start;
      const tooShort = remaining < 1 || (word.length === 1 && remaining < 2);
      if (!tooShort && part.startsWith(word, cut) && cut >= protectedTo) {
        end = cut;
        changed = true;
        break;
      }
    }
  }
  return part.slice(start, end);
}

/** The content words: 吃饭花了60 → 吃饭, 花了60买奶茶 → 买奶茶. */
function describe(segment: string, amount: AmountMatch, category: CategoryHit | null): string | null {
  const before = segment.slice(0, amount.start);
  const protectBefore = category && category.end <= amount.start ? category : null;
  const head = cleanDescription(before, protectBefore?.start ?? before.length, protectBefore?.end ?? 0, VERBS_LONGEST_FIRST);
  if (head.length > 0 && !VERBS_LONGEST_FIRST.includes(head as (typeof AMOUNT_VERBS)[number])) return head;
  const after = segment.slice(amount.end);
  const protectAfter = category && category.start >= amount.end ? category : null;
  const tail = cleanDescription(
    after.replace(/^[块元钱]+/, ''),
    protectAfter ? protectAfter.start - amount.end : after.length,
    protectAfter ? protectAfter.end - amount.end : 0,
    [...TRAILING_LONGEST_FIRST, ...VERBS_LONGEST_FIRST],
  );
  if (tail.length > 0) return tail;
  return category?.keyword ?? null;
}

/**
 * Income is filed under an income category when one is named (淘宝退款50 → 退款, not 购物), and an
 * expense or transfer under any other category (拿奖金买了个手机 → 购物, not 奖金); the longest
 * keyword, the first on a tie.
 */
function categoryOfType(text: string, income: boolean): CategoryHit | null {
  let best: CategoryHit | null = null;
  for (const hit of findCategories(text)) {
    if (INCOME_CATEGORIES.includes(hit.category) !== income) continue;
    if (!best || hit.keyword.length > best.keyword.length) best = hit;
  }
  return best;
}

/** The one transaction of a segment (its first amount), or null when it has no amount. */
export function parseSegment(segment: string): ParseResult | null {
  const text = normalizeUtterance(segment);
  const amount = findAmounts(text)[0];
  if (!amount) return null;
  const longest = findCategory(text);
  const type = inferType(text, amount, longest?.category ?? null);
  const category = categoryOfType(text, type === 'INCOME') ?? longest;
  return parseResult({
    amount: amount.value,
    type,
    category: category?.category ?? null,
    description: describe(text, amount, category),
    // 今天/昨天/前天 stay null: the domain reads no clock, and seed 002 keeps dates out of the offline path.
    date: null,
    account: null,
    confidence: category ? OFFLINE_CONFIDENCE : OFFLINE_CONFIDENCE_NO_CATEGORY,
    source: 'local',
  });
}

/**
 * Seed 000 离线降级为单笔: the local parse of an utterance is one transaction, the first
 * one that names an amount. Null when there is no amount at all.
 */
export function parseOffline(text: string): ParseResult | null {
  const normalized = normalizeUtterance(text);
  const { spans } = transactionSpans(normalized);
  const first = spans.find((span) => span.amounts > 0);
  return first ? parseSegment(normalized.slice(first.start, first.end)) : null;
}
