/**
 * Every sentence the orchestrator speaks, one entry each. `{name}` placeholders are
 * filled by speech.ts. Seeds that disagree on wording are resolved here once; the README
 * lists each conflict and the choice.
 */
export const TTS_TEMPLATES = {
  /** Seed 000 多笔 TTS 播报, size == 1 (chosen over seed 002 example 3's 「识别到收入60元…」). */
  single: '记录{type}{amount}元，{category}，确认吗？',
  /** Size 2-5: the header, then one `listItem` per item joined by '；'. */
  list: '识别到{count}笔交易：{items}。请确认或修改。',
  listItem: '第{n}笔，{type}{amount}元，{category}',
  /** Size 6-10. */
  summary: '识别到{count}笔交易，共{totalExpense}元支出、{totalIncome}元收入。请查看详情后确认。',
  /** Seed 000 定点修正播报; several corrections in one turn join their `correctedItem` parts with '；'. */
  corrected: '已将{items}。还需要修改吗？',
  correctedItem: '第{n}笔修改为{type}{amount}元，{category}',
  appended: '已追加第{n}笔，{type}{amount}元，{category}。现在共{total}笔，请确认或修改。',
  limitReached: '已达上限，请先确认当前交易',
  saved: '已保存{confirmedCount}笔交易。',
  itemCancelled: '已取消第{n}笔（{description}{amount}元）。剩余{pending}笔待确认。',
  /** Not in the seeds: the counterpart of itemCancelled for 「确认第X笔」 with items still pending. */
  itemConfirmed: '已确认第{n}笔。剩余{pending}笔待确认。',
  /** Not in the seeds: 「确认第X笔」/「删掉第X笔」 on an item that is no longer pending. */
  itemAlreadyResolved: '第{n}笔已{status}。剩余{pending}笔待确认。',
  cancelled: '已取消。',
  /** Seed 003 (chosen over seed 000's 「不确定要修改哪笔，请说具体第几笔」; see README). */
  unclear: '没听清要改什么，请再说一次',
  /** Seed 003 等待反馈. */
  loading: '好的，正在修改...',
  /** Seed 000 离线降级为单笔. */
  offlineSingleOnly: '当前离线，仅支持单笔记账',
  /** Not in the seeds: online, the LLM parse failed or timed out and the local parser kept one of several transactions. */
  fallbackSingleOnly: '网络不稳定，仅支持单笔记账',
  /** Seed 003 离线降级纠正: "TTS 提示用户当前为离线模式，仅支持简单修正". */
  offlineCorrection: '当前离线，仅支持简单修正',
  /** Seed 000 批量交易识别: "超过 10 笔时 SHALL 截取前 10 笔并通过 TTS 提示用户" (wording ours). */
  truncated: '一次最多记录{max}笔，已保留前{max}笔。',
  /** Seed 000 批量保存失败回滚: "TTS 提示错误" (wording ours). */
  saveFailed: '保存失败，请再说一次确认。',
  /** Not in the seeds: nothing with an amount was heard in a new input. */
  parseFailed: '没听清金额，请再说一次',
  /** Not in the seeds: 「确认第五笔」 on a batch of three. */
  noSuchItem: '没有第{n}笔，请说具体第几笔',
  /** Seed 004 LLM 返回 query action (legacy conversation arm). */
  queryComingSoon: '查询功能即将上线',
  /** Not in the seeds: the session closed after inactivity. */
  sessionTimeout: '长时间没有操作，已退出记账。',
} as const;

export type TtsTemplateName = keyof typeof TTS_TEMPLATES;

export const TYPE_WORDS = { EXPENSE: '支出', INCOME: '收入', TRANSFER: '转账' } as const;

/** Spoken when a field is unknown (no category or no amount). */
export const UNKNOWN_CATEGORY = '未分类';
export const UNKNOWN_AMOUNT = '?';
