import { CATEGORIES, CATEGORY_KEYWORDS } from './categories.js';
import { KeywordClassTrie } from './keywordTrie.js';
import { MAX_ORDINAL, findAmountSpans, hasOrdinal, ordinalMatchAt } from './numerals.js';
import { APPEND_MARKERS, CORRECTION_MARKERS, FUNCTION_WORDS, LOCAL_PHRASES, PHRASE_SEPARATORS, TYPE_WORDS, type LocalPhraseClass } from './phrases.js';
import { normalizeUtterance } from './textNormalize.js';

export type LocalIntentKind = 'confirm' | 'cancel' | 'exit' | 'continueRecording' | 'confirmItem' | 'cancelItem' | 'correction' | 'newInput';

export type LocalIntent =
  | { readonly kind: 'confirm' | 'cancel' | 'exit' | 'continueRecording' | 'correction' | 'newInput' }
  | { readonly kind: 'confirmItem' | 'cancelItem'; readonly index: number };

const CONFIRM = 1;
const CANCEL = 2;
const EXIT = 4;
const CONTINUE = 8;
const CONFIRM_ITEM = 16;
const CANCEL_ITEM = 32;
const FILLER = 64;
const BATCH_INTENTS = CONFIRM | CANCEL | EXIT | CONTINUE;

const CLASS_FLAGS: Readonly<Record<LocalPhraseClass, number>> = {
  confirm: CONFIRM,
  cancel: CANCEL,
  exit: EXIT,
  continueRecording: CONTINUE,
  confirmItem: CONFIRM_ITEM,
  cancelItem: CANCEL_ITEM,
  filler: FILLER,
};

/** The keyword tables of the classifier, one class bit each, in one trie (built once from the data). */
const PHRASE = 1;
const CORRECTION_MARKER = 2;
const TYPE_WORD = 4;
const APPEND_MARKER = 8;
const CATEGORY_KEYWORD = 16;
/** Not the thing bought: FUNCTION_WORDS, APPEND_MARKERS and fillers. */
const NON_CONTENT = 32;
/** The tables the open pass looks for anywhere in the text. */
const OPEN_CLASSES = CORRECTION_MARKER | TYPE_WORD | APPEND_MARKER | CATEGORY_KEYWORD;

/** A phrase listed in several classes (确认: confirm and confirmItem) carries all their flags as its value. */
function buildTrie(): KeywordClassTrie {
  const entries: (readonly [string, number, number])[] = [];
  for (const phraseClass of Object.keys(LOCAL_PHRASES) as LocalPhraseClass[]) {
    for (const phrase of LOCAL_PHRASES[phraseClass]) entries.push([phrase, PHRASE, CLASS_FLAGS[phraseClass]]);
  }
  for (const word of CORRECTION_MARKERS) entries.push([word, CORRECTION_MARKER, 0]);
  for (const word of TYPE_WORDS) entries.push([word, TYPE_WORD, 0]);
  for (const word of APPEND_MARKERS) entries.push([word, APPEND_MARKER, 0]);
  for (const category of CATEGORIES) {
    for (const word of CATEGORY_KEYWORDS[category]) entries.push([word, CATEGORY_KEYWORD, 0]);
  }
  for (const word of [...FUNCTION_WORDS, ...APPEND_MARKERS, ...LOCAL_PHRASES.filler]) entries.push([word, NON_CONTENT, 0]);
  return new KeywordClassTrie(entries);
}

const TRIE = buildTrie();
const IS_SEPARATOR = new Uint8Array(0x10000);
for (const ch of PHRASE_SEPARATORS) IS_SEPARATOR[ch.charCodeAt(0)] = 1;

const INTENTS = {
  confirm: Object.freeze({ kind: 'confirm' }),
  cancel: Object.freeze({ kind: 'cancel' }),
  exit: Object.freeze({ kind: 'exit' }),
  continueRecording: Object.freeze({ kind: 'continueRecording' }),
  correction: Object.freeze({ kind: 'correction' }),
  newInput: Object.freeze({ kind: 'newInput' }),
} as const satisfies Record<string, LocalIntent>;

/** Seed 003: cancel > exit > continueRecording > confirm when one utterance holds several. */
function byPriority(flags: number): LocalIntent {
  if (flags & CANCEL) return INTENTS.cancel;
  if (flags & EXIT) return INTENTS.exit;
  if (flags & CONTINUE) return INTENTS.continueRecording;
  return INTENTS.confirm;
}

/** One shared result per item, as for the other intents: 第1笔 … 第10笔. */
function itemIntents(kind: 'confirmItem' | 'cancelItem'): readonly LocalIntent[] {
  return Array.from({ length: MAX_ORDINAL }, (_, index) => Object.freeze({ kind, index }));
}
const CONFIRM_ITEMS = itemIntents('confirmItem');
const CANCEL_ITEMS = itemIntents('cancelItem');

/**
 * The deterministic reading of an utterance made only of phrase-table words, at most
 * one 第X笔, fillers and punctuation; null as soon as anything else is heard.
 */
function classifyDeterministic(text: string): LocalIntent | null {
  let all = ~0;
  let any = 0;
  let everyWordHasBatchReading = true;
  let ordinal = 0;
  let i = 0;
  while (i < text.length) {
    if (IS_SEPARATOR[text.charCodeAt(i)] === 1) {
      i++;
      continue;
    }
    const item = ordinalMatchAt(text, i);
    if (item >= 0) {
      if (ordinal !== 0) return null;
      ordinal = item % 16;
      i = (item - ordinal) / 16;
      continue;
    }
    const length = TRIE.longestAt(text, i, PHRASE);
    if (length === 0) return null;
    const flags = TRIE.matchValue();
    i += length;
    if (flags === FILLER) continue;
    all &= flags;
    any |= flags;
    if ((flags & BATCH_INTENTS) === 0) everyWordHasBatchReading = false;
  }
  if (any === 0) return null;
  if (ordinal !== 0) {
    // Every intent word must agree on one item operation: 「第二笔确认」, 「删掉第二笔」.
    if (all & CONFIRM_ITEM) return CONFIRM_ITEMS[ordinal - 1]!;
    if (all & CANCEL_ITEM) return CANCEL_ITEMS[ordinal - 1]!;
    return null;
  }
  return everyWordHasBatchReading ? byPriority(any & BATCH_INTENTS) : null;
}

function isCjk(code: number): boolean {
  return code >= 0x4e00 && code <= 0x9fff;
}

/** Scratch for the [start, end] pairs of the amounts of the utterance being classified. */
let amountSpans = new Int32Array(128);
/** Longer utterances get a buffer of their own rather than one kept for good. */
const MAX_SCRATCH = 8192;

function spansFor(length: number): Int32Array {
  if (2 * length <= amountSpans.length) return amountSpans;
  if (2 * length > MAX_SCRATCH) return new Int32Array(2 * length);
  amountSpans = new Int32Array(MAX_SCRATCH);
  return amountSpans;
}

/**
 * Describes something bought or earned: a category keyword (known by the caller), or two
 * content characters beside the amounts, whose [start, end] pairs are in `spans`.
 */
function hasContentBesideAmounts(text: string, spans: Int32Array, amounts: number): boolean {
  let content = 0;
  let next = 0;
  let i = 0;
  while (i < text.length) {
    if (next < amounts && i >= spans[2 * next]!) {
      i = spans[2 * next + 1]!;
      next++;
      continue;
    }
    const skip = TRIE.longestAt(text, i, NON_CONTENT);
    if (skip > 0) {
      i += skip;
      continue;
    }
    if (isCjk(text.charCodeAt(i)) && ++content >= 2) return true;
    i++;
  }
  return false;
}

/**
 * Layer 2 input: an edit of the current items, or a new transaction to append. One pass
 * over the text collects which keyword tables occur (a correction marker decides at once);
 * amounts are then only located, never converted.
 */
function classifyOpen(text: string): LocalIntent {
  const seen = TRIE.classesIn(text, OPEN_CLASSES, CORRECTION_MARKER);
  if ((seen & CORRECTION_MARKER) !== 0) return INTENTS.correction;
  const hasCategory = (seen & CATEGORY_KEYWORD) !== 0;
  // With a category keyword only the presence of an amount matters, not where each one is.
  const spans = hasCategory ? amountSpans : spansFor(text.length);
  const amounts = findAmountSpans(text, spans, hasCategory ? 1 : text.length);
  if (amounts === 0) return INTENTS.correction;
  if (!hasCategory && !hasContentBesideAmounts(text, spans, amounts)) return INTENTS.correction;
  if ((seen & APPEND_MARKER) !== 0) return INTENTS.newInput;
  if ((seen & TYPE_WORD) === 0 && !hasOrdinal(text)) return INTENTS.newInput;
  return INTENTS.correction;
}

/**
 * Layer-1 local classifier (seed 003 混合意图分流). Only an utterance made wholly of
 * high-certainty phrases is confirm/cancel/exit/continueRecording/confirmItem/cancelItem;
 * anything else (嗯对就这样, 不对应该是收入, 还有一笔奶茶15) is correction or newInput
 * and goes to the LLM.
 */
export function classifyLocal(text: string): LocalIntent {
  const normalized = normalizeUtterance(text);
  return classifyDeterministic(normalized) ?? classifyOpen(normalized);
}

/** True for the six kinds Layer 1 executes itself, without the LLM. */
export function isLocalIntent(intent: LocalIntent): boolean {
  return intent.kind !== 'correction' && intent.kind !== 'newInput';
}
