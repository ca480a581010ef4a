import { TTS_TEMPLATES } from '../domain/ttsTemplates.js';
import { TYPE_WORD } from './vocabulary.js';
import type { ModelItem } from './modelItem.js';

type Name = keyof typeof TTS_TEMPLATES;

/** The seeds' sentences, filled the obvious way. Generated amounts have at most one decimal (x.5). */
export function line(name: Name, values: Readonly<Record<string, string | number>> = {}): string {
  let text: string = TTS_TEMPLATES[name];
  for (const [key, value] of Object.entries(values)) text = text.split(`{${key}}`).join(String(value));
  return text;
}

function itemValues(item: ModelItem): Record<string, string | number> {
  return { type: TYPE_WORD[item.type], amount: item.amount, category: item.category, description: item.description, n: item.index + 1 };
}

/** Seed 000 多笔 TTS 播报: one, two to five, six to ten items. */
export function readBack(items: readonly ModelItem[]): string {
  const first = items[0];
  if (items.length === 1 && first) return line('single', itemValues(first));
  if (items.length <= 5) {
    const parts = items.map((item) => line('listItem', itemValues(item)));
    return line('list', { count: items.length, items: parts.join('；') });
  }
  const total = (type: string) => items.filter((item) => item.type === type).reduce((sum, item) => sum + item.amount, 0);
  return line('summary', { count: items.length, totalExpense: total('EXPENSE'), totalIncome: total('INCOME') });
}

export function corrected(items: readonly ModelItem[]): string {
  return line('corrected', { items: items.map((item) => line('correctedItem', itemValues(item))).join('；') });
}

export function appended(item: ModelItem, total: number): string {
  return line('appended', { ...itemValues(item), total });
}

export function itemCancelled(item: ModelItem, pending: number): string {
  return line('itemCancelled', { ...itemValues(item), pending });
}

export function itemConfirmed(item: ModelItem, pending: number): string {
  return line('itemConfirmed', { n: item.index + 1, pending });
}
