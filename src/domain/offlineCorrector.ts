import { CATEGORY_ALIASES, findCategory, findFuzzyCategory, isCategory } from './categories.js';
import {
  ALL_ITEMS_WORDS,
  APPEND_BLOCKERS,
  CHANGE_MARKERS,
  DECREASE_WORDS,
  INCREASE_WORDS,
  LOCAL_CORRECTOR_MODEL,
  NEGATION_WORD,
  POSITION_WORDS,
  REFERENCE_WORDS,
  TYPE_CORRECTION_WORDS,
} from './correctionLexicon.js';
import { APPEND_INDEX, type BatchItemDto, type CorrectionItem, type CorrectionRequest, type CorrectionResponse } from './correctionProtocol.js';
import { KeywordTrie } from './keywordTrie.js';
import { findAmounts, findOrdinals, type AmountMatch } from './numerals.js';
import { parseSegment } from './offlineParser.js';
import type { FieldPatch, TransactionType } from './parseResult.js';
import { APPEND_MARKERS } from './phrases.js';
import { findDayMention } from './relativeDates.js';
import { normalizeUtterance } from './textNormalize.js';

const CHANGE_TRIE = new KeywordTrie(CHANGE_MARKERS.map((word) => [word, true] as const));
const REFERENCE_TRIE = new KeywordTrie(REFERENCE_WORDS.map((word) => [word, true] as const));
const ALL_ITEMS_TRIE = new KeywordTrie(ALL_ITEMS_WORDS.map((word) => [word, true] as const));
const APPEND_TRIE = new KeywordTrie(APPEND_MARKERS.map((word) => [word, true] as const));
/** 「不是X」 up to the next 不是 or 是, punctuation or the end (不是A不是B: two chunks, A and B). */
const NEGATED_CHUNK = new RegExp(`${NEGATION_WORD}([^，,。；;！!？?]*?)(?=${NEGATION_WORD}|而是|是|[，,。；;！!？?]|$)`, 'g');
const APPEND_BLOCKER_TRIE = new KeywordTrie(APPEND_BLOCKERS.map((word) => [word, true] as const));
const POSITION = new RegExp(POSITION_WORDS.join('|'), 'g');

type MutablePatch = { -readonly [K in keyof FieldPatch]: FieldPatch[K] };

const UNCLEAR: CorrectionResponse = Object.freeze({
  corrections: Object.freeze([]),
  intent: 'unclear',
  confidence: 0,
  model: LOCAL_CORRECTOR_MODEL,
});

interface Reading {
  /** Names the item (红包那笔, 第二笔, 不是吃饭); may be empty. */
  readonly locator: string;
  /** Carries the new values (改成100, 应该是收入), 「不是X」 removed. */
  readonly value: string;
  /** The value with 「不是X」 kept: seed 003 reads the type from it, 收入 first. */
  readonly typeText: string;
  /** True when no marker separated them, so both are the whole text. */
  readonly unsplit: boolean;
}

/** Where the words naming the item end: at the first change marker, else after 那笔/这个. */
function locatorEnd(text: string): { end: number; valueStart: number } | null {
  const marker = CHANGE_TRIE.findAll(text)[0];
  if (marker) return { end: marker.start, valueStart: marker.end };
  const reference = REFERENCE_TRIE.findAll(text)[0];
  return reference ? { end: reference.end, valueStart: reference.end } : null;
}

function read(text: string): Reading {
  const negated: string[] = [];
  const positive = text.replace(NEGATED_CHUNK, (_chunk, old: string) => {
    negated.push(old);
    return '';
  });
  const split = locatorEnd(positive);
  const typeSplit = locatorEnd(text);
  const typeText = typeSplit ? text.slice(typeSplit.valueStart) : text;
  if (!split) return { locator: [positive, ...negated].join('，'), value: positive, typeText, unsplit: negated.length === 0 };
  return {
    locator: [positive.slice(0, split.end), ...negated].join('，'),
    value: positive.slice(split.valueStart),
    typeText,
    unsplit: false,
  };
}

function endsWithAny(text: string, words: readonly string[]): boolean {
  const withoutLe = text.endsWith('了') ? text.slice(0, -1) : text;
  return words.some((word) => text.endsWith(word) || withoutLe.endsWith(word));
}

/** Seed 003: 收入 is checked first, then 支出, then 转账. */
function typeIn(value: string): TransactionType | null {
  for (const [word, type] of TYPE_CORRECTION_WORDS) if (value.includes(word)) return type;
  return null;
}

interface Change {
  readonly patch: FieldPatch;
  /** 金额加10 / 多记了10块: added to each target's amount. */
  readonly amountDelta: number | null;
}

function readChange({ value, typeText }: Reading, today: string | undefined): Change {
  const patch: MutablePatch = {};
  const type = typeIn(typeText);
  if (type) patch.type = type;
  // 改成昨天 / 是前天的: only with a today to count from (the heuristic reference's; the app's offline path has none).
  const day = today === undefined ? null : findDayMention(value, today);
  if (day?.date) {
    patch.date = day.date;
    value = value.slice(0, day.start) + value.slice(day.end);
  }

  let amountDelta: number | null = null;
  const amount: AmountMatch | undefined = findAmounts(value)[0];
  if (amount) {
    const lead = value.slice(0, amount.start);
    if (endsWithAny(lead, INCREASE_WORDS)) amountDelta = amount.value;
    else if (endsWithAny(lead, DECREASE_WORDS)) amountDelta = -amount.value;
    else patch.amount = amount.value;
  }

  const categoryHit = findFuzzyCategory(value);
  if (categoryHit) {
    patch.category = categoryHit.category;
    // 改成打车: the keyword is what was bought, so it becomes the description too.
    const keyword = categoryHit.keyword;
    if (!isCategory(keyword) && !Object.hasOwn(CATEGORY_ALIASES, keyword) && findCategory(keyword)?.keyword === keyword) {
      patch.description = keyword;
    }
  }
  return { patch, amountDelta };
}

type Targets = { readonly indices: readonly number[]; readonly byLocator: boolean } | null;

interface Locator {
  readonly text: string;
  readonly category: string | null;
  readonly type: TransactionType | null;
}

/** How strongly the locator names the item: its description, its category, a keyword of it, its type. */
function scoreItem(item: BatchItemDto, locator: Locator): number {
  if (item.description && locator.text.includes(item.description)) return 3;
  if (item.category && locator.text.includes(item.category)) return 2;
  if (locator.category !== null && locator.category === item.category) return 1;
  return locator.type !== null && locator.type === item.type ? 1 : 0;
}

/** 第N笔 (N counts pending items: the request is already renumbered), 都, 红包那笔, or the only item. */
function resolveTargets(text: string, locatorText: string, batch: readonly BatchItemDto[]): Targets {
  const ordinals = findOrdinals(text);
  if (ordinals.length > 0) {
    const indices = [...new Set(ordinals.map((o) => o.ordinal - 1))];
    return indices.every((index) => index < batch.length) ? { indices, byLocator: false } : null;
  }
  if (ALL_ITEMS_TRIE.containsAny(text) && batch.length > 0) {
    return { indices: batch.map((_, index) => index), byLocator: false };
  }
  const locator: Locator = {
    text: locatorText,
    category: findFuzzyCategory(locatorText)?.category ?? null,
    type: typeIn(locatorText),
  };
  let best = 0;
  let bestIndices: number[] = [];
  batch.forEach((item, index) => {
    const score = scoreItem(item, locator);
    if (score > best) {
      best = score;
      bestIndices = [index];
    } else if (score === best && score > 0) {
      bestIndices.push(index);
    }
  });
  if (bestIndices.length === 1) return { indices: bestIndices, byLocator: true };
  if (batch.length === 1) return { indices: [0], byLocator: false };
  return null;
}

function appendResponse(text: string, today: string | undefined): CorrectionResponse | null {
  const marker = APPEND_TRIE.findAll(text)[0];
  if (!marker || findOrdinals(text).length > 0 || APPEND_BLOCKER_TRIE.containsAny(text)) return null;
  // 还有一笔前天的奶茶15: the day is the new item's, and its words are neither amount nor description.
  const day = today === undefined ? null : findDayMention(text, today);
  const rest = day ? text.slice(0, day.start) + text.slice(day.end) : text;
  const { start, end } = APPEND_TRIE.findAll(rest)[0] ?? marker;
  const parsed = parseSegment(rest.slice(end)) ?? parseSegment(rest.slice(0, start));
  // 「再加10块」 names nothing bought: it is a change of the amount, not a new item.
  if (!parsed || parsed.amount === null || (parsed.category === null && parsed.description === null)) return null;
  const updatedFields: MutablePatch = { amount: parsed.amount, type: parsed.type };
  if (parsed.category !== null) updatedFields.category = parsed.category;
  if (parsed.description !== null) updatedFields.description = parsed.description;
  if (day?.date) updatedFields.date = day.date;
  return { corrections: [{ index: APPEND_INDEX, updatedFields }], intent: 'append', confidence: 1, model: LOCAL_CORRECTOR_MODEL };
}

/**
 * Seed 003 离线降级纠正: the rule-based stand-in for the correction endpoint, same
 * request and response. Type from 收入/支出/转账 (收入 checked first), amount from a
 * number, category by fuzzy match; the item from 第N笔, 都, a description or category
 * it names, or the only pending item. 「还有一笔奶茶15」 is an append. Given `today`, a day named in
 * the new values (改成昨天) or in an append (还有一笔前天的奶茶15) is resolved into the item's date;
 * without it (the app's offline path) dates are left as they are.
 */
export function correctOffline(request: CorrectionRequest, today?: string): CorrectionResponse {
  const text = normalizeUtterance(request.correctionText).replace(POSITION, '');
  const batch = request.currentBatch;
  const reading = read(text);
  // Several amounts are several transactions: offline only one is ever read (seed 000 离线降级为单笔).
  if (findAmounts(reading.value).length > 1) return UNCLEAR;
  const append = appendResponse(text, today);
  if (append) return append;
  if (batch.length === 0) return UNCLEAR;

  const change = readChange(reading, today);
  const targets = resolveTargets(text, reading.locator, batch);
  if (!targets) return UNCLEAR;

  const patch: MutablePatch = { ...change.patch };
  // Unsplit 「洗脚80」: the word that found the item is not a new category for it.
  if (reading.unsplit && targets.byLocator) {
    delete patch.category;
    delete patch.description;
  }
  const corrections: CorrectionItem[] = [];
  for (const index of targets.indices) {
    const fields: MutablePatch = { ...patch };
    const current = batch[index]?.amount;
    if (change.amountDelta !== null && current !== null && current !== undefined) {
      fields.amount = Math.round((current + change.amountDelta) * 100) / 100;
    }
    if (Object.keys(fields).length > 0) corrections.push({ index, updatedFields: fields });
  }
  if (corrections.length === 0) return UNCLEAR;
  return { corrections, intent: 'correction', confidence: 1, model: LOCAL_CORRECTOR_MODEL };
}
