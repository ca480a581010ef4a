/**
 * Phrase tables of the heuristic reference model. They cover replies that Layer 1
 * leaves to the LLM on purpose (it only takes utterances made entirely of its own
 * phrases), so they are looser than the domain's LOCAL_PHRASES.
 */
export const HEURISTIC_PHRASES = {
  confirm: [
    '就这样',
    '就这样吧',
    '这样就行',
    '这样可以',
    '这样没问题',
    '没问题',
    '没毛病',
    '都对',
    '都没问题',
    '对了',
    '对的',
    '没错',
    '可以了',
    '行了',
    '好了',
    '挺好',
    '就这么记',
    '就这么着',
    '记吧',
    '记上吧',
    '确认',
  ],
  cancel: [
    '全部不要了',
    '都不要了',
    '全都不要',
    '都不要',
    '全部删掉',
    '全删了',
    '都删了',
    '都删掉',
    '全部取消',
    '都取消',
    '一笔都不要',
    '一个都不要',
    '不记了',
    '别记了',
    '全部作废',
    '都作废',
  ],
  /** Words that rule out a bare confirm or cancel: the reply changes or adds something. */
  change: ['改', '换', '应该', '不对', '不是', '错', '加', '减', '还有', '另外', '第'],
  query: ['多少钱了', '花了多少', '一共花', '总共花', '还剩', '余额', '账单', '统计', '查一下', '查查', '这个月', '上个月', '本月'],
} as const;

export function containsAny(text: string, phrases: readonly string[]): boolean {
  return phrases.some((phrase) => text.includes(phrase));
}
