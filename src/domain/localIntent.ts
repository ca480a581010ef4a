import { findCategory } from './categories.js';
import { KeywordTrie } from './keywordTrie.js';
import { findAmounts, findOrdinals, ordinalAt, type AmountMatch } from './numerals.js';
import {
  APPEND_MARKERS,
  CORRECTION_MARKERS,
  FUNCTION_WORDS,
  LOCAL_PHRASES,
  PHRASE_SEPARATORS,
  TYPE_WORDS,
  type LocalPhraseClass,
} from './phrases.js';
import { normalizeUtterance } from './textNormalize.js';

export type LocalIntentKind =
  | 'confirm'
  | 'cancel'
  | 'exit'
  | 'continueRecording'
  | 'confirmItem'
  | 'cancelItem'
  | 'correction'
  | 'newInput';

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

/** A phrase listed in several classes (确认: confirm and confirmItem) carries all their flags. */
function buildPhraseTrie(): KeywordTrie<number> {
  const flags = new Map<string, number>();
  for (const phraseClass of Object.keys(LOCAL_PHRASES) as LocalPhraseClass[]) {
    for (const phrase of LOCAL_PHRASES[phraseClass]) {
      flags.set(phrase, (flags.get(phrase) ?? 0) | CLASS_FLAGS[phraseClass]);
    }
  }
  return new KeywordTrie(flags);
}

const PHRASE_TRIE = buildPhraseTrie();
const SEPARATORS = new Set(PHRASE_SEPARATORS);
const CORRECTION_TRIE = new KeywordTrie(CORRECTION_MARKERS.map((word) => [word, true] as const));
const TYPE_TRIE = new KeywordTrie(TYPE_WORDS.map((word) => [word, true] as const));
const APPEND_TRIE = new KeywordTrie(APPEND_MARKERS.map((word) => [word, true] as const));
const NON_CONTENT_TRIE = new KeywordTrie(
  [...FUNCTION_WORDS, ...APPEND_MARKERS, ...LOCAL_PHRASES.filler].map((word) => [word, true] as const),
);

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
    if (SEPARATORS.has(text[i] as string)) {
      i++;
      continue;
    }
    const item = ordinalAt(text, i);
    if (item) {
      if (ordinal !== 0) return null;
      ordinal = item.ordinal;
      i = item.end;
      continue;
    }
    const length = PHRASE_TRIE.longestLengthAt(text, i);
    if (length === 0) return null;
    const flags = PHRASE_TRIE.valueAt(text, i, length) ?? 0;
    i += length;
    if (flags === FILLER) continue;
    all &= flags;
    any |= flags;
    if ((flags & BATCH_INTENTS) === 0) everyWordHasBatchReading = false;
  }
  if (any === 0) return null;
  if (ordinal !== 0) {
    // Every intent word must agree on one item operation: 「第二笔确认」, 「删掉第二笔」.
    if (all & CONFIRM_ITEM) return { kind: 'confirmItem', index: ordinal - 1 };
    if (all & CANCEL_ITEM) return { kind: 'cancelItem', index: ordinal - 1 };
    return null;
  }
  return everyWordHasBatchReading ? byPriority(any & BATCH_INTENTS) : null;
}

function isCjk(code: number): boolean {
  return code >= 0x4e00 && code <= 0x9fff;
}

/** Describes something bought or earned: a category keyword, or two content characters beside the amount. */
function hasTransactionContent(text: string, amounts: readonly AmountMatch[]): boolean {
  if (findCategory(text)) return true;
  let content = 0;
  let next = 0;
  let i = 0;
  while (i < text.length) {
    const amount = amounts[next];
    if (amount && i >= amount.start) {
      i = amount.end;
      next++;
      continue;
    }
    const skip = NON_CONTENT_TRIE.longestLengthAt(text, i);
    if (skip > 0) {
      i += skip;
      continue;
    }
    if (isCjk(text.charCodeAt(i)) && ++content >= 2) return true;
    i++;
  }
  return false;
}

/** Layer 2 input: an edit of the current items, or a new transaction to append. */
function classifyOpen(text: string): LocalIntent {
  const hasCorrectionMarker = CORRECTION_TRIE.containsAny(text);
  const amounts = findAmounts(text);
  if (amounts.length > 0 && !hasCorrectionMarker) {
    const content = hasTransactionContent(text, amounts);
    if (content && APPEND_TRIE.containsAny(text)) return INTENTS.newInput;
    if (content && !TYPE_TRIE.containsAny(text) && findOrdinals(text).length === 0) return INTENTS.newInput;
  }
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
