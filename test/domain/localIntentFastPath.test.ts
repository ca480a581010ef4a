import { describe, expect, it } from 'vitest';
import { CATEGORY_KEYWORDS, findCategory } from '../../src/domain/categories.js';
import { KeywordTrie } from '../../src/domain/keywordTrie.js';
import { classifyLocal, type LocalIntent } from '../../src/domain/localIntent.js';
import { findAmounts, findOrdinals, ordinalAt, type AmountMatch } from '../../src/domain/numerals.js';
import {
  APPEND_MARKERS,
  CORRECTION_MARKERS,
  FUNCTION_WORDS,
  LOCAL_PHRASES,
  PHRASE_SEPARATORS,
  TYPE_WORDS,
  type LocalPhraseClass,
} from '../../src/domain/phrases.js';
import { normalizeUtterance } from '../../src/domain/textNormalize.js';
import { Random, mulberry32 } from '../../src/util/random.js';

/*
 * The classifier reads text without regexes, substrings or a second copy of the string.
 * These tests hold it to the straightforward reading it replaced — findAmounts /
 * findOrdinals / ordinalAt with their match objects, one KeywordTrie per table, a
 * char-by-char normaliser — over many generated utterances.
 */

// ---- Reference: the straightforward implementation -------------------------------------

const EDGE = new Set([...'。！!？?，,、；;：:.~～…·\'"“”‘’「」『』()（）[]【】 \t\r\n\u3000']);

function isAsciiAlnum(code: number): boolean {
  return (code >= 48 && code <= 57) || (code >= 97 && code <= 122) || (code >= 65 && code <= 90);
}

function referenceNormalize(text: string): string {
  let out = '';
  let pendingSpace = false;
  for (let i = 0; i < text.length; i++) {
    let code = text.charCodeAt(i);
    if (
      (code >= 0xff10 && code <= 0xff19) ||
      (code >= 0xff21 && code <= 0xff3a) ||
      (code >= 0xff41 && code <= 0xff5a) ||
      [0xff05, 0xff0b, 0xff0d, 0xff0e, 0xff04].includes(code)
    ) {
      code -= 0xfee0;
    }
    if ([32, 9, 10, 13, 0x3000].includes(code)) {
      pendingSpace = true;
      continue;
    }
    if (code >= 65 && code <= 90) code += 32;
    if (pendingSpace) {
      if (out.length > 0 && isAsciiAlnum(out.charCodeAt(out.length - 1)) && isAsciiAlnum(code)) out += ' ';
      pendingSpace = false;
    }
    out += String.fromCharCode(code);
  }
  let start = 0;
  let end = out.length;
  while (start < end && EDGE.has(out[start]!)) start++;
  while (end > start && EDGE.has(out[end - 1]!)) end--;
  return out.slice(start, end);
}

const FLAGS: Record<LocalPhraseClass, number> = {
  confirm: 1,
  cancel: 2,
  exit: 4,
  continueRecording: 8,
  confirmItem: 16,
  cancelItem: 32,
  filler: 64,
};
const phraseFlags = new Map<string, number>();
for (const phraseClass of Object.keys(LOCAL_PHRASES) as LocalPhraseClass[]) {
  for (const phrase of LOCAL_PHRASES[phraseClass]) phraseFlags.set(phrase, (phraseFlags.get(phrase) ?? 0) | FLAGS[phraseClass]);
}
const PHRASE_TRIE = new KeywordTrie(phraseFlags);
const table = (words: readonly string[]) => new KeywordTrie(words.map((word) => [word, true] as const));
const CORRECTION_TRIE = table(CORRECTION_MARKERS);
const TYPE_TRIE = table(TYPE_WORDS);
const APPEND_TRIE = table(APPEND_MARKERS);
const NON_CONTENT_TRIE = table([...FUNCTION_WORDS, ...APPEND_MARKERS, ...LOCAL_PHRASES.filler]);

function referenceDeterministic(text: string): LocalIntent | null {
  let all = ~0;
  let any = 0;
  let batch = true;
  let ordinal = 0;
  let i = 0;
  while (i < text.length) {
    if (PHRASE_SEPARATORS.includes(text[i]!)) {
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
    if (flags === 64) continue;
    all &= flags;
    any |= flags;
    if ((flags & 15) === 0) batch = false;
  }
  if (any === 0) return null;
  if (ordinal !== 0) {
    if (all & 16) return { kind: 'confirmItem', index: ordinal - 1 };
    if (all & 32) return { kind: 'cancelItem', index: ordinal - 1 };
    return null;
  }
  if (!batch) return null;
  if (any & 2) return { kind: 'cancel' };
  if (any & 4) return { kind: 'exit' };
  if (any & 8) return { kind: 'continueRecording' };
  return { kind: 'confirm' };
}

function referenceContent(text: string, amounts: readonly AmountMatch[]): boolean {
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
    const code = text.charCodeAt(i);
    if (code >= 0x4e00 && code <= 0x9fff && ++content >= 2) return true;
    i++;
  }
  return false;
}

function referenceClassify(raw: string): LocalIntent {
  const text = referenceNormalize(raw);
  const deterministic = referenceDeterministic(text);
  if (deterministic) return deterministic;
  const amounts = findAmounts(text);
  if (amounts.length > 0 && !CORRECTION_TRIE.containsAny(text)) {
    const content = referenceContent(text, amounts);
    if (content && APPEND_TRIE.containsAny(text)) return { kind: 'newInput' };
    if (content && !TYPE_TRIE.containsAny(text) && findOrdinals(text).length === 0) return { kind: 'newInput' };
  }
  return { kind: 'correction' };
}

// ---- Generated utterances ---------------------------------------------------------------

/** A fixed seed gives the same cases on every run: an integer in [0, n) per call. */
function prng(seed: number): (n: number) => number {
  const random = new Random(seed, mulberry32);
  return (n) => random.int(0, n - 1);
}

const PHRASES = Object.values(LOCAL_PHRASES).flat();
const CATEGORY_WORDS = Object.values(CATEGORY_KEYWORDS).flat();
const RARE = [...CORRECTION_MARKERS, ...TYPE_WORDS];
const NON_CONTENT = [...FUNCTION_WORDS, ...LOCAL_PHRASES.filler, ...APPEND_MARKERS];
const AMOUNTS = [
  '60',
  '28.5',
  '1,200',
  '1,2345',
  '12,345,678',
  '1234,567',
  '3.',
  '0',
  '10',
  '三十五',
  '二十八块五',
  '3块2毛',
  '3块256',
  '3块2毛钱5',
  '五毛',
  '两毛五分',
  '¥35',
  '￥ 12.5',
  '¥',
  '60元',
  '一百二',
  '两千五',
  '三千零五',
  '一万二',
  '五',
  '十',
  '百',
  '千万',
  '0十万',
  '3万',
  '1.5万',
  '2千5',
  '8块',
  '30块钱',
  '100 rmb',
  '60RMB',
  '一块半',
  '一块半十',
  '三点五',
  '点五',
  '12%',
  '3个',
  '两个人',
  '3月5号',
  '星期三',
  '周五',
  '一下',
  '一共',
  '１２０',
  '五十元钱',
  '二十人民币',
  '七蚊',
];
const ORDINALS = ['第一笔', '第2笔', '第10笔', '第二个', '第三条', '第十', '第１笔', '第两笔', '第二次', '第11笔', '第2', '第105', '第十一'];
const PUNCTUATION = ['，', '、', '。', ' ', '！', '？', '…', '“', '”', '(', ')', '　', '~'];
const ASCII = ['OK', 'ok', 'Ok', 'ＯＫ', 'yes', 'KTV', 'spa', 'a', 'Z', 'bye', '<b>', '{"x":1}'];

function utterance(rnd: (n: number) => number): string {
  const pick = (list: readonly string[]) => list[rnd(list.length)]!;
  const cjk = () => String.fromCharCode(0x4e00 + rnd(0x5200));
  let text = rnd(8) === 0 ? pick(PUNCTUATION) : '';
  switch (rnd(3)) {
    case 0: {
      // Transactions: thing, verb, amount, with the odd marker, type word or ordinal.
      const items = 1 + rnd(5);
      for (let i = 0; i < items; i++) {
        if (i > 0) text += pick(['，', '、', '。', ' ', '和', '还有']);
        if (rnd(3) === 0) text += pick(NON_CONTENT);
        const thing = rnd(4);
        if (thing === 0) text += pick(CATEGORY_WORDS);
        else if (thing === 1) text += cjk() + cjk();
        else if (thing === 2) text += cjk();
        if (rnd(2) === 0) text += pick(NON_CONTENT);
        text += pick(AMOUNTS);
        if (rnd(4) === 0) text += pick(NON_CONTENT);
        if (rnd(12) === 0) text += pick(RARE);
        if (rnd(12) === 0) text += pick(ORDINALS);
      }
      break;
    }
    case 1: {
      // Replies: phrases, ordinals, punctuation, the odd amount.
      const words = 1 + rnd(4);
      for (let i = 0; i < words; i++) {
        const r = rnd(10);
        if (r < 6) text += pick(PHRASES);
        else if (r < 8) text += pick(ORDINALS);
        else if (r < 9) text += pick(PUNCTUATION);
        else text += pick(AMOUNTS);
      }
      break;
    }
    default: {
      // Anything: every table, numerals, Latin, full-width, random characters.
      const words = 1 + rnd(8);
      for (let i = 0; i < words; i++) {
        const r = rnd(12);
        if (r < 3) text += pick(PHRASES);
        else if (r < 5) text += pick(RARE);
        else if (r < 8) text += pick(AMOUNTS);
        else if (r < 9) text += pick(ASCII);
        else if (r < 10) text += pick(PUNCTUATION);
        else if (r < 11) text += pick(ORDINALS);
        else text += cjk();
      }
    }
  }
  return rnd(8) === 0 ? text + pick(PUNCTUATION) : text;
}

const CASES = (() => {
  const rnd = prng(20_240_601);
  return Array.from({ length: 20_000 }, () => utterance(rnd));
})();

describe('Layer-1 fast path agrees with the straightforward reading', () => {
  it('covers every kind of result', () => {
    const kinds = new Set(CASES.map((text) => referenceClassify(text).kind));
    expect([...kinds].sort()).toEqual(['cancel', 'cancelItem', 'confirm', 'confirmItem', 'continueRecording', 'correction', 'exit', 'newInput'].sort());
  });

  it('normalizeUtterance matches the char-by-char normaliser', () => {
    const extra = ['', ' ', 'ＯＫ！', '  确认  ', 'A B', '6 0', 'a\u3000b', '\ud83d确认\ude00', 'x'.repeat(9000) + ' Y'];
    const wrong = [...CASES, ...extra].filter((text) => normalizeUtterance(text) !== referenceNormalize(text));
    expect(wrong).toEqual([]);
  });

  it('classifyLocal gives the same intent as the straightforward classifier', () => {
    const wrong = CASES.filter((text) => JSON.stringify(classifyLocal(text)) !== JSON.stringify(referenceClassify(text)));
    expect(wrong).toEqual([]);
  });
});
