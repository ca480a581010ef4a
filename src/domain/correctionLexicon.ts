import type { TransactionType } from './parseResult.js';

/** Word tables of the offline corrector (seed 003 离线降级纠正): data, so a change is one line. */

/**
 * Seed 003: the type word checked first wins (收入 before 支出, so 「那个应该是收入不是支出」
 * is INCOME). The order of this list is that rule.
 */
export const TYPE_CORRECTION_WORDS: readonly (readonly [string, TransactionType])[] = [
  ['收入', 'INCOME'],
  ['支出', 'EXPENSE'],
  ['转账', 'TRANSFER'],
];

/** Words that introduce the new value; what precedes the first one names the item (红包那笔应该是收入). */
export const CHANGE_MARKERS = [
  '修改为',
  '修改成',
  '改成',
  '改为',
  '改到',
  '修改',
  '改',
  '换成',
  '换为',
  '变成',
  '记成',
  '写成',
  '应该是',
  '应该',
  '应当是',
  '其实是',
  '实际是',
  '而是',
  '不对',
  '错了',
  '是',
] as const;

/** An append marker next to one of these is a correction after all (另外第二笔改成50). */
export const APPEND_BLOCKERS = ['改', '换成', '变成', '记成', '写成', '应该', '应当', '其实', '实际', '不对', '错'] as const;

/** Words that point at an item already said (那笔); the locator ends with them. */
export const REFERENCE_WORDS = ['那一笔', '这一笔', '那笔', '这笔', '那个', '这个'] as const;

/** The correction applies to every pending item (金额都加10块). */
export const ALL_ITEMS_WORDS = ['全部', '全都', '都', '所有', '每笔', '每一笔', '统统', '各'] as const;

/** Before an amount, these make it a change by that much rather than a new value. */
export const INCREASE_WORDS = ['增加', '加上', '多加', '再加', '加', '少记了', '少记', '少算了', '少算', '少了'] as const;
export const DECREASE_WORDS = ['减少', '减去', '减掉', '少收', '减', '多记了', '多记', '多算了', '多算', '多了', '便宜'] as const;

/** Words that point at the items by place (上面的都不算了); removed before reading, as they name no category (面). */
export const POSITION_WORDS = ['上面', '下面', '前面', '后面', '上边', '前边'] as const;

/** 「不是X」 names the old value; the corrector reads it as a locator, not as the new value. */
export const NEGATION_WORD = '不是';

export const LOCAL_CORRECTOR_MODEL = 'local-rules';
