import { MAX_BATCH_SIZE, type DraftBatch, type DraftTransaction } from './draftBatch.js';
import type { ParseResult } from './parseResult.js';
import { TTS_TEMPLATES, TYPE_WORDS, UNKNOWN_AMOUNT, UNKNOWN_CATEGORY, type TtsTemplateName } from './ttsTemplates.js';

type Values = Readonly<Record<string, string | number>>;

const PLACEHOLDER = /\{(\w+)\}/;
/** Each template cut once at its placeholders: [text, key, text, key, …, text]. */
const cutTemplates = new Map<string, readonly string[]>();

export function say(name: TtsTemplateName, values: Values = {}): string {
  const template = TTS_TEMPLATES[name];
  let parts = cutTemplates.get(template);
  if (parts === undefined) {
    parts = template.split(PLACEHOLDER);
    cutTemplates.set(template, parts);
  }
  let text = parts[0]!;
  for (let i = 1; i < parts.length; i += 2) {
    const key = parts[i]!;
    const value = values[key];
    text += (value === undefined ? `{${key}}` : String(value)) + parts[i + 1]!;
  }
  return text;
}

/** 60 → "60", 28.5 → "28.5", 0.1 + 0.2 → "0.3": at most two decimals, no trailing zeros. */
export function formatAmount(amount: number | null): string {
  if (amount === null || !Number.isFinite(amount)) return UNKNOWN_AMOUNT;
  return String(Math.round(amount * 100) / 100);
}

function fields(result: ParseResult): Values {
  return {
    type: TYPE_WORDS[result.type],
    amount: formatAmount(result.amount),
    category: result.category ?? UNKNOWN_CATEGORY,
    description: result.description ?? result.category ?? '',
  };
}

/** The 1-based number the user sees on the card: the stable index + 1. */
function ordinal(item: DraftTransaction): number {
  return item.index + 1;
}

/** Seed 000 多笔 TTS 播报: wording adapts to the batch size. */
export function describeBatch(batch: DraftBatch): string {
  const items = batch.items;
  if (items.length === 1) return say('single', fields(items[0]!.result));
  if (items.length <= 5) {
    const parts = items.map((item) => say('listItem', { n: ordinal(item), ...fields(item.result) }));
    return say('list', { count: items.length, items: parts.join('；') });
  }
  let totalExpense = 0;
  let totalIncome = 0;
  for (const { result } of items) {
    if (result.type === 'EXPENSE') totalExpense += result.amount ?? 0;
    if (result.type === 'INCOME') totalIncome += result.amount ?? 0;
  }
  return say('summary', {
    count: items.length,
    totalExpense: formatAmount(totalExpense),
    totalIncome: formatAmount(totalIncome),
  });
}

export function describeCorrections(items: readonly DraftTransaction[]): string {
  const parts = items.map((item) => say('correctedItem', { n: ordinal(item), ...fields(item.result) }));
  return say('corrected', { items: parts.join('；') });
}

export function describeAppended(item: DraftTransaction, total: number): string {
  return say('appended', { n: ordinal(item), total, ...fields(item.result) });
}

export function describeItemCancelled(item: DraftTransaction, pending: number): string {
  return say('itemCancelled', { n: ordinal(item), pending, ...fields(item.result) });
}

export function describeItemConfirmed(item: DraftTransaction, pending: number): string {
  return say('itemConfirmed', { n: ordinal(item), pending });
}

const STATUS_WORDS = { pending: '待确认', confirmed: '确认', cancelled: '取消' } as const;

export function describeItemAlreadyResolved(item: DraftTransaction, pending: number): string {
  return say('itemAlreadyResolved', { n: ordinal(item), status: STATUS_WORDS[item.status], pending });
}

export function describeTruncation(): string {
  return say('truncated', { max: MAX_BATCH_SIZE });
}
