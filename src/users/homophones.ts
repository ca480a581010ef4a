import { pinyin } from 'pinyin-pro';
import { CATEGORY_KEYWORDS } from '../domain/categories.js';
import { THINGS } from '../generate/vocabulary.js';

/** Characters a misheard word may turn into: never a numeral or a money unit, so amounts stay readable. */
const NOT_HOMOPHONES = new Set('零一二两三四五六七八九十百千万亿块元毛角钱点半');

function syllable(char: string): string {
  return pinyin(char, { toneType: 'none' });
}

/**
 * Same-sound groups (tones ignored) over the words the app knows: category keywords and the
 * things users buy. An ASR engine confuses exactly such characters.
 */
function buildGroups(): Map<string, string[]> {
  const text = [...Object.values(CATEGORY_KEYWORDS).flat(), ...THINGS.map((thing) => thing.description)].join('');
  const groups = new Map<string, string[]>();
  for (const char of new Set(text)) {
    if (!/\p{Script=Han}/u.test(char) || NOT_HOMOPHONES.has(char)) continue;
    const key = syllable(char);
    const group = groups.get(key);
    if (group) group.push(char);
    else groups.set(key, [char]);
  }
  return groups;
}

let groups: Map<string, string[]> | undefined;

/** Other characters that sound like `char`, in a fixed order. */
export function homophonesOf(char: string): readonly string[] {
  groups ??= buildGroups();
  if (NOT_HOMOPHONES.has(char)) return [];
  return (groups.get(syllable(char)) ?? []).filter((other) => other !== char);
}

/**
 * What a recogniser writes for the characters of day words: the same syllable, another character
 * (昨天 → 作天, 前天 → 钱天, 上周 → 上州). Never a numeral, so the day stays countable.
 */
const DAY_HOMOPHONES: Readonly<Record<string, readonly string[]>> = { 昨: ['作', '左'], 前: ['钱', '潜'], 周: ['州', '洲'] };

/** Other characters a day word's `char` may be heard as, in a fixed order. */
export function dayHomophonesOf(char: string): readonly string[] {
  return DAY_HOMOPHONES[char] ?? [];
}

/** A description as it sounds: two descriptions that sound the same are the same to a listener. */
export function soundKey(text: string): string {
  return pinyin(text, { toneType: 'none', type: 'array' }).join(' ');
}
