import { TRANSFER_WORDS, EXPENSE_WORDS, INCOME_WORDS } from '../domain/categories.js';
import { classifyLocal } from '../domain/localIntent.js';
import { findAmounts, findOrdinals } from '../domain/numerals.js';
import { findDayMention } from '../domain/relativeDates.js';
import { normalizeUtterance } from '../domain/textNormalize.js';
import { TYPE_WORD } from '../generate/vocabulary.js';
import { answerParse } from '../reference/heuristicParse.js';
import { goalDay, type GoalItem } from './goal.js';
import type { UserAction } from './policy.js';

/**
 * Guarded speech (issue 46): before a model-written line is spoken, it is checked to say what the
 * turn needs, with our reference parser, the Layer-1 rules and the goal. Returns why it does not
 * (told to the model at the next draw and reported with a slip), or null when it does.
 */
export function guardLine(action: UserAction, line: string, today: string): string | null {
  const text = normalizeUtterance(line);
  if (text.trim() === '') return 'the line is empty';
  switch (action.kind) {
    case 'say':
      return saysExactly(text, action.items, today);
    case 'append':
      return saysExactly(text, [action.item], today);
    case 'correct':
      return correctsRightly(text, action, today);
    case 'cancelItem':
      return namesItem(text, action.item.index + 1) ?? (hasAny(text, DROP_WORDS) ? null : 'it does not say to delete the item');
    case 'confirmItem':
      return namesItem(text, action.item.index + 1) ?? (hasAny(text, DROP_WORDS) || !hasAny(text, YES_WORDS) ? 'it does not confirm the item' : null);
    case 'confirm':
      return confirms(text);
    case 'cancel':
      return classifyLocal(text).kind === 'cancel' || (hasAny(text, CANCEL_WORDS) && findAmounts(text).length === 0 && findOrdinals(text).length === 0)
        ? null
        : 'it does not cancel';
  }
}

const YES_WORDS = ['确认', '确定', '对', '好', '行', '可以', '没问题', '就这样', '保存', '记上', '记吧', '没错', 'OK', 'ok'] as const;
/** A confirm must not also be a change or a refusal. */
const NOT_A_CONFIRM = ['不对', '不是', '错了', '改', '取消', '删', '不要', '别', '还有', '再记', '不用'] as const;
const DROP_WORDS = ['删', '取消', '不要', '去掉', '划掉'] as const;
const CANCEL_WORDS = ['取消', '不要了', '算了', '不记', '都删', '全删', '别记'] as const;

function hasAny(text: string, words: readonly string[]): boolean {
  return words.some((word) => text.includes(word));
}

/** The amounts and days the reference parser hears are the items' (a day not named is today), no more and no fewer. */
function saysExactly(text: string, items: readonly GoalItem[], today: string): string | null {
  const heard = answerParse(text, today).transactions.map((t) => `${t.amount ?? '?'} on ${t.date ?? today}`);
  const needed = items.map((item) => `${item.amount} on ${goalDay(item, today)}`);
  const missing = without(needed, heard);
  const extra = without(heard, needed);
  if (missing.length === 0 && extra.length === 0) return null;
  return [missing.length > 0 ? `missing ${missing.join(', ')}` : '', extra.length > 0 ? `not in the task ${extra.join(', ')}` : ''].filter(Boolean).join('; ');
}

/** The entries of `list` that `other` does not account for (as multisets). */
function without(list: readonly string[], other: readonly string[]): string[] {
  const left = [...other];
  return list.filter((entry) => {
    const at = left.indexOf(entry);
    if (at < 0) return true;
    left.splice(at, 1);
    return false;
  });
}

/** 第N笔 when the line numbers an item: the right one. Null when it does (or numbers none). */
function namesItem(text: string, ordinal: number): string | null {
  const said = findOrdinals(text).map((match) => match.ordinal);
  if (said.length === 0) return 'it does not say which item (第N笔)';
  return said.every((n) => n === ordinal) ? null : `it names item ${said.join(', ')}, not item ${ordinal}`;
}

function correctsRightly(text: string, action: Extract<UserAction, { kind: 'correct' }>, today: string): string | null {
  const { goal, field, item } = action;
  const ordinals = findOrdinals(text);
  const byName = [goal.description, item.result.description].some((name) => name !== null && name !== '' && text.includes(name));
  if (ordinals.length > 0) {
    const wrong = namesItem(text, item.index + 1);
    if (wrong) return wrong;
  } else if (!byName) {
    return `it names neither 第${item.index + 1}笔 nor ${goal.description}`;
  }
  switch (field) {
    case 'amount': {
      const amounts = findAmounts(text).map((match) => match.value);
      return amounts.length === 1 && amounts[0] === goal.amount ? null : `it says the amount [${amounts.join(', ')}], the task needs ${goal.amount}`;
    }
    case 'type': {
      const words = goal.type === 'INCOME' ? INCOME_WORDS : goal.type === 'TRANSFER' ? TRANSFER_WORDS : EXPENSE_WORDS;
      return text.includes(TYPE_WORD[goal.type]) || hasAny(text, words) ? null : `it does not say ${TYPE_WORD[goal.type]}`;
    }
    case 'category':
      return text.includes(goal.category) ? null : `it does not say the category ${goal.category}`;
    case 'date': {
      const day = findDayMention(text, today)?.date ?? null;
      return day === goalDay(goal, today) ? null : `it names the day ${day ?? 'none'}, the task needs ${goalDay(goal, today)}`;
    }
  }
}

function confirms(text: string): string | null {
  if (classifyLocal(text).kind === 'confirm') return null;
  if (findAmounts(text).length > 0 || findOrdinals(text).length > 0) return 'a confirm names no amount or item';
  if (hasAny(text, NOT_A_CONFIRM)) return 'it asks for a change or refuses';
  return hasAny(text, YES_WORDS) ? null : 'it does not confirm';
}
