/**
 * The one way a sentence a reader sees is put into a language: a word-table row holds it in English
 * and Chinese (`Words`), `inLang` picks the language's side and fills its placeholders, and each
 * language's punctuation is one record (`punctuation`). No other file chooses words by language.
 *
 * A placeholder is `{name}`, filled from `values` by name; positional arguments are values named
 * 0, 1, 2… (`{0}`). `{name:one|many}` picks the English form by whether the value is 1 (Chinese
 * needs none).
 */
import type { Words } from '../../scoring/metrics/registry.js';
import type { Lang } from '../model/reportTypes.js';

export type { Words };

/** A row's values: by name (`{count}`), or a list named by position (`{0}`). */
export type Values = Readonly<Record<string, string | number>> | readonly (string | number)[];

/** A row's values as a caller passes them: one object by name, or a list by position. */
export type Args = readonly (string | number)[] | readonly [Values];

/** Marks a language puts between and around words. */
export interface Punctuation {
  /** Between the names of a list: ", " / "、". */
  readonly list: string;
  /** Between clauses: ", " / "，". */
  readonly comma: string;
  readonly semicolon: string;
  /** Before what a label names: ": " / "：". */
  readonly colon: string;
  /** Around an aside: " (…)" / "（…）". */
  readonly open: string;
  readonly close: string;
  /** The end of a sentence, and what goes between two sentences. */
  readonly stop: string;
  readonly space: string;
  /** The locale tag a page declares and sorts by. */
  readonly locale: string;
}

const PUNCTUATION: Readonly<Record<Lang, Punctuation>> = {
  en: { list: ', ', comma: ', ', semicolon: '; ', colon: ': ', open: ' (', close: ')', stop: '.', space: ' ', locale: 'en' },
  zh: { list: '、', comma: '，', semicolon: '；', colon: '：', open: '（', close: '）', stop: '。', space: '', locale: 'zh-CN' },
};

export function punctuation(lang: Lang): Punctuation {
  return PUNCTUATION[lang];
}

/** The languages a report is written in. */
export const LANGS: readonly Lang[] = ['en', 'zh'];

/** Which side of a row a language reads. */
export const SIDE: Readonly<Record<Lang, 0 | 1>> = { en: 0, zh: 1 };

/** A row's side in `lang` as it is (a row of names, not a sentence with placeholders). */
export function pick(lang: Lang, row: Words): string {
  return row[SIDE[lang]];
}

/** A placeholder: `{name}`, or `{name:one|many}`. */
export const PLACEHOLDER = /\{(\w+)(?::([^|{}]*)\|([^{}]*))?\}/g;

/** Fills a template's placeholders from `values`; a value not given is left empty. */
export function fill(template: string, values: Values): string {
  const byName = values as Readonly<Record<string, string | number | undefined>>;
  return template.replace(PLACEHOLDER, (_, name: string, one: string | undefined, many: string | undefined) => {
    const value = byName[name];
    if (one !== undefined) return value === 1 ? one : (many ?? '');
    return String(value ?? '');
  });
}

/** A row in `lang` with its placeholders filled: by name (`inLang(lang, row, { count })`) or by position (`inLang(lang, row, 3, 'x')`). */
export function inLang(lang: Lang, row: Words, ...args: Args): string {
  const [first] = args;
  const values: Values = args.length === 1 && typeof first === 'object' ? first : (args as readonly (string | number)[]);
  return fill(pick(lang, row), values);
}
