/**
 * A failed check in the words a product manager reads: which entries were left out, added or
 * changed ("「交通 21元」 was not saved: 2 of 3 saved"), or what the app said instead. Null when the
 * check is of a kind this cannot say plainly; the page then shows the field-by-field difference.
 */
import { inLang } from '../words/labels.js';
import type { CheckReport, Lang } from './reportTypes.js';

type Pair = readonly [en: string, zh: string];

export const PLAIN_WORDS = {
  batchDropped: ['{0} was left out of the draft: {1} of {2} entries', '待确认账单漏了{0}：{2} 笔只有 {1} 笔'],
  savedDropped: ['{0} was not saved: {1} of {2} saved', '没有保存{0}：{2} 笔只保存了 {1} 笔'],
  batchExtra: ['{0} was added to the draft by mistake: {1} entries instead of {2}', '待确认账单多了{0}：应为 {2} 笔，实际 {1} 笔'],
  savedExtra: ['{0} was saved by mistake: {1} saved instead of {2}', '多保存了{0}：应为 {2} 笔，实际 {1} 笔'],
  batchWrong: ['the draft has {1} where {0} was meant', '待确认账单里是{1}，应为{0}'],
  savedWrong: ['{1} was saved where {0} was meant', '保存的是{1}，应为{0}'],
  said: ['the app said 「{1}」 where 「{0}」 was meant', '应用播报的是「{1}」，应为「{0}」'],
  and: ['; ', '；'],
} as const satisfies Record<string, Pair>;

/** Lines a plain example names at most. */
const MAX_PARTS = 2;

export function plainDifference(check: Pick<CheckReport, 'name' | 'expected' | 'actual'>, lang: Lang): string | null {
  const { name, expected, actual } = check;
  if ((name === 'batch' || name === 'saved') && isEntryList(expected) && isEntryList(actual)) return entriesSaid(name, expected, actual, lang);
  if ((name === 'tts' || name === 'ttsIncludes') && Array.isArray(expected) && Array.isArray(actual)) {
    const said = actual.filter((line): line is string => typeof line === 'string').join(' ');
    const meant = expected.filter((line): line is string => typeof line === 'string').join(' ');
    return said && meant ? inLang(lang, PLAIN_WORDS.said, meant, said) : null;
  }
  return null;
}

type Entry = Readonly<Record<string, unknown>>;

function isEntryList(value: unknown): value is Entry[] {
  return (
    Array.isArray(value) &&
    value.every((item) => typeof item === 'object' && item !== null && !Array.isArray(item) && typeof (item as Entry)['amount'] !== 'object')
  );
}

/** Whether `got` is the entry `meant` names: the fields the dataset names agree (a check compares only those). */
function matches(meant: Entry, got: Entry): boolean {
  return Object.keys(meant).every((field) => JSON.stringify(meant[field]) === JSON.stringify(got[field]));
}

function entriesSaid(name: 'batch' | 'saved', expected: readonly Entry[], actual: readonly Entry[], lang: Lang): string | null {
  const words =
    name === 'batch'
      ? { dropped: PLAIN_WORDS.batchDropped, extra: PLAIN_WORDS.batchExtra, wrong: PLAIN_WORDS.batchWrong }
      : { dropped: PLAIN_WORDS.savedDropped, extra: PLAIN_WORDS.savedExtra, wrong: PLAIN_WORDS.savedWrong };
  const parts: string[] = [];
  if (expected.length === actual.length) {
    // The same entries in the same places: each place that differs was changed (named by what the user called it).
    expected.forEach((entry, i) => {
      const got = actual[i]!;
      if (!matches(entry, got)) parts.push(inLang(lang, words.wrong, entryName({ ...got, ...entry }), entryName(got)));
    });
  } else {
    const left = [...actual];
    const missing: Entry[] = [];
    for (const entry of expected) {
      const at = left.findIndex((candidate) => matches(entry, candidate));
      if (at >= 0) left.splice(at, 1);
      else missing.push(entry);
    }
    if (missing.length > 0) parts.push(inLang(lang, words.dropped, namesOf(missing), actual.length, expected.length));
    if (left.length > 0) parts.push(inLang(lang, words.extra, namesOf(left), actual.length, expected.length));
  }
  if (parts.length === 0) return null;
  return parts.slice(0, MAX_PARTS).join(inLang(lang, PLAIN_WORDS.and));
}

function namesOf(entries: readonly Entry[]): string {
  const shown = entries.slice(0, MAX_PARTS).map(entryName);
  return `${shown.join('')}${entries.length > shown.length ? '…' : ''}`;
}

/** 「打车 · 交通 16元」: the entry as the user said it (its description), its category and amount (+ for income). */
function entryName(entry: Entry): string {
  const text = (field: string) => (typeof entry[field] === 'string' && entry[field].length > 0 ? entry[field] : null);
  const amount = typeof entry['amount'] === 'number' ? `${entry['type'] === 'INCOME' ? '+' : ''}${entry['amount']}元` : null;
  const named = [text('description'), text('category')].filter((part) => part !== null).join(' · ');
  return `「${[named, amount].filter(Boolean).join(' ')}」`;
}
