/**
 * The only words generated dialogues use. Each entry was chosen so its outcome is known
 * from the seeds' rules alone: what the offline parser makes of a phrase, which Layer-1
 * class an utterance falls in, what the local corrector does with a correction.
 */

export type TxType = 'EXPENSE' | 'INCOME' | 'TRANSFER';

export interface Thing {
  readonly description: string;
  readonly category: string;
  readonly type: TxType;
  /** How it is said with an amount; `#` is the amount in Arabic digits. */
  readonly spoken: string;
  /** The offline parser reads `spoken` back to exactly these fields (amounts are integers then). */
  readonly offline: boolean;
}

export const THINGS: readonly Thing[] = [
  { description: '午饭', category: '餐饮', type: 'EXPENSE', spoken: '午饭#块', offline: true },
  { description: '吃饭', category: '餐饮', type: 'EXPENSE', spoken: '吃饭花了#', offline: true },
  { description: '打车', category: '交通', type: 'EXPENSE', spoken: '打车#', offline: true },
  { description: '地铁', category: '交通', type: 'EXPENSE', spoken: '地铁#', offline: true },
  { description: '加油', category: '交通', type: 'EXPENSE', spoken: '加油#', offline: true },
  { description: '奶茶', category: '饮品', type: 'EXPENSE', spoken: '奶茶#', offline: true },
  { description: '咖啡', category: '饮品', type: 'EXPENSE', spoken: '咖啡#', offline: true },
  { description: '看电影', category: '娱乐', type: 'EXPENSE', spoken: '看电影#', offline: true },
  { description: '买衣服', category: '购物', type: 'EXPENSE', spoken: '买衣服#', offline: true },
  { description: '洗脚', category: '洗浴', type: 'EXPENSE', spoken: '洗脚#', offline: true },
  { description: '水果', category: '水果', type: 'EXPENSE', spoken: '水果#', offline: true },
  { description: '房租', category: '住房', type: 'EXPENSE', spoken: '房租#', offline: true },
  { description: '话费', category: '通讯', type: 'EXPENSE', spoken: '话费#', offline: true },
  { description: '工资', category: '工资', type: 'INCOME', spoken: '工资收到#', offline: true },
  { description: '奖金', category: '奖金', type: 'INCOME', spoken: '奖金收到#', offline: true },
  { description: '抢红包', category: '红包', type: 'INCOME', spoken: '抢红包抢了#', offline: true },
  { description: '还信用卡', category: '转账', type: 'TRANSFER', spoken: '还信用卡#', offline: false },
];

export const OFFLINE_THINGS = THINGS.filter((thing) => thing.offline);

export function say(thing: Thing, amount: number): string {
  return thing.spoken.replace('#', String(amount));
}

/** Whole-batch Layer-1 phrases, by the intent they carry (seed 003 混合意图分流). */
export const CONFIRM_WORDS = ['确认', '全部确认', '好的', '没问题', '对的', '确定'] as const;
export const CANCEL_WORDS = ['取消', '不要了', '全部取消', '算了'] as const;
export const EXIT_WORDS = ['退出', '不记了', '结束记账'] as const;
export const CONTINUE_WORDS = ['继续记账', '下一笔', '接着记'] as const;

/** 第N笔 with N in Chinese numerals, 1..10. */
export const ORDINALS = ['一', '二', '三', '四', '五', '六', '七', '八', '九', '十'] as const;

export function ordinalWord(n: number): string {
  const word = ORDINALS[n - 1];
  if (word === undefined) throw new RangeError(`no ordinal word for ${n}`);
  return word;
}

export const CONFIRM_ITEM_FORMS = ['确认第#笔', '第#笔确认'] as const;
export const CANCEL_ITEM_FORMS = ['删掉第#笔', '取消第#笔', '第#笔删掉'] as const;

/** Not Layer-1 phrases (so they go to the LLM), meaning "keep it as it is". */
export const LLM_CONFIRM_TEXTS = ['嗯对就这样', '就这样吧没毛病', '嗯就按这个来'] as const;
/** Not Layer-1 phrases, meaning "drop them all". */
export const LLM_CANCEL_TEXTS = ['这些都先别记了', '上面的都不算数', '我想想还是算了吧全都不记'] as const;
/** A correction that names no item and no value. */
export const VAGUE_TEXTS = ['那个改一下', '这个不太对改一下'] as const;

/** Categories a correction may move an item to: plain category names. */
export const TARGET_CATEGORIES = ['餐饮', '交通', '购物', '娱乐', '日用'] as const;

export const TYPE_WORD: Readonly<Record<TxType, string>> = { EXPENSE: '支出', INCOME: '收入', TRANSFER: '转账' };
