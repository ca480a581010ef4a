import { fuzzyMatchCategory, isCategory } from '../domain/categories.js';
import { TTS_TEMPLATES, TYPE_WORDS, UNKNOWN_CATEGORY, type TtsTemplateName } from '../domain/ttsTemplates.js';

/**
 * Spoken lines compared the way a correct model may differ: which sentence was said and every
 * number, type, ordinal and count in it stay exact; a `{category}` slot is compared as the app's
 * canonical category and a `{description}` slot not at all (a model words it its own way).
 */

/** The app's canonical category for a name a model gave: itself, its alias, or its fuzzy match. */
export function canonicalCategory(name: string | null | undefined): string | null {
  if (name === null || name === undefined || name === UNKNOWN_CATEGORY) return null;
  if (isCategory(name)) return name;
  return fuzzyMatchCategory(name) ?? name;
}

const NUMBER = '\\d+(?:\\.\\d+)?|\\?';
/** What each slot can hold; a slot not listed (category, description, status) is any text. */
const SLOT_PATTERNS: Readonly<Record<string, string>> = {
  items: '.+',
  type: Object.values(TYPE_WORDS).join('|'),
  amount: NUMBER,
  totalExpense: NUMBER,
  totalIncome: NUMBER,
  n: '\\d+',
  count: '\\d+',
  total: '\\d+',
  pending: '\\d+',
  confirmedCount: '\\d+',
  max: '\\d+',
};
/** Templates whose `{items}` slot holds item sentences joined by '；'. */
const NESTED: Partial<Record<TtsTemplateName, TtsTemplateName>> = { list: 'listItem', corrected: 'correctedItem' };

interface Pattern {
  readonly name: TtsTemplateName;
  readonly regex: RegExp;
  readonly slots: readonly string[];
}

const PATTERNS: readonly Pattern[] = (Object.keys(TTS_TEMPLATES) as TtsTemplateName[])
  .filter((name) => name !== 'listItem' && name !== 'correctedItem')
  .map(compile);
const ITEM_PATTERNS = { listItem: compile('listItem'), correctedItem: compile('correctedItem') } as const;

function compile(name: TtsTemplateName): Pattern {
  const slots: string[] = [];
  const source = TTS_TEMPLATES[name].replace(/\{(\w+)\}|[^{]+/g, (part, slot?: string) => {
    if (!slot) return part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    slots.push(slot);
    return `(${SLOT_PATTERNS[slot] ?? '.*?'})`;
  });
  return { name, regex: new RegExp(`^${source}$`, 'u'), slots };
}

/** A line reduced to what must match exactly; a line no template made is kept whole. */
export function ttsShape(line: string): string {
  for (const pattern of PATTERNS) {
    const shape = shapeWith(pattern, line);
    if (shape !== null) return shape;
  }
  return line;
}

function shapeWith(pattern: Pattern, line: string): string | null {
  const match = pattern.regex.exec(line);
  if (!match) return null;
  const parts = pattern.slots.map((slot, i) => {
    const value = match[i + 1] ?? '';
    if (slot === 'items') return itemsShape(NESTED[pattern.name], value);
    if (slot === 'description') return '*';
    if (slot === 'category') return canonicalCategory(value) ?? '?';
    return value;
  });
  return `${pattern.name}(${parts.join('|')})`;
}

function itemsShape(itemTemplate: TtsTemplateName | undefined, value: string): string {
  if (!itemTemplate) return value;
  const pattern = ITEM_PATTERNS[itemTemplate as keyof typeof ITEM_PATTERNS];
  return value
    .split('；')
    .map((part) => shapeWith(pattern, part) ?? part)
    .join(';');
}

export function sameTtsShape(expected: string, actual: string): boolean {
  return expected === actual || ttsShape(expected) === ttsShape(actual);
}
