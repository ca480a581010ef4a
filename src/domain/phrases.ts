/**
 * Layer-1 phrase tables (seed 003 混合意图分流). An utterance is local only when it is
 * made entirely of these phrases (plus 第X笔 and punctuation), so a phrase added here
 * widens what skips the LLM: keep the lists to high-certainty words.
 */
export const LOCAL_PHRASES = {
  /** Whole-batch confirm. */
  confirm: [
    '确认', '确定', '确认无误', '对', '对的', '对对', '没错', '正确', '好', '好的', '好嘞', '好滴', '没问题', '可以',
    '可以的', '是', '是的', '是对的', '行', '行的', 'ok', 'okay', 'yes', '保存', '记下', '记上', '记下来', '提交',
  ],
  /** Whole-batch cancel. */
  cancel: [
    '取消', '全部取消', '不要了', '不要', '算了', '作废', '撤销', '删掉', '删了', '删除', '删', '清空', '去掉',
  ],
  exit: [
    '退出', '结束', '不记了', '不用记了', '不想记了', '先不记了', '关闭', '关掉', '关了', '再见', '拜拜', '退出记账',
    '结束记账', 'bye',
  ],
  continueRecording: ['继续', '继续记账', '继续记', '接着记', '还要记', '下一笔', '下一个', '再记一笔', '再来一笔', '记下一笔'],
  /** Verbs that, said with one 第X笔, confirm that item. Short yeses (对, 是, 好) are left out: 「对，第二笔」 answers a question. */
  confirmItem: ['确认', '确定', '没问题', '对的', '是对的', '没错', '正确', '可以', '保存', '记下', 'ok'],
  /** Verbs that, said with one 第X笔, cancel that item. */
  cancelItem: [
    '取消', '删掉', '删除', '删了', '删', '去掉', '拿掉', '划掉', '移除', '不要', '不要了', '作废', '撤销', '算了', '不算',
    '不记', '不记了', '不用了',
  ],
  /** Fillers, particles and scope words: they carry no intent of their own. */
  filler: [
    '嗯', '啊', '哦', '噢', '呃', '额', '唔', '那', '那就', '就', '那么', '请', '帮我', '麻烦', '给我', '我要', '我想',
    '我', '把', '先', '一下', '谢谢', '谢了', '谢啦', '吧', '了', '啦', '呀', '哈', '呢', '嘛', '喔', '呗', '咯', '哟',
    '嘞', '全部', '全都', '都', '所有', '所有的', '全', '统统', '一起', '这些', '这几笔',
  ],
} as const satisfies Readonly<Record<string, readonly string[]>>;

export type LocalPhraseClass = keyof typeof LOCAL_PHRASES;

/** Characters that only separate phrases. */
export const PHRASE_SEPARATORS = '，,、；;：:。.！!？?～~… ';

/** Words that change a field of the current items: their presence makes an utterance a correction. */
export const CORRECTION_MARKERS = [
  '改', '修改', '更改', '换成', '换为', '变成', '应该', '应当', '不对', '不是', '错', '其实是', '实际是', '实际上',
  '而是', '记成', '写成', '听成', '说成', '金额', '价格', '钱数', '数额', '分类', '类别', '类型', '日期', '备注',
  '描述', '账户', '那笔', '这笔', '那一笔', '这一笔', '都加', '都减', '各加', '各减', '加上', '减去', '减掉', '多了',
  '少了', '多记', '少记', '多算', '少算',
] as const;

/** Type words: naming one (收入, 支出) is a correction of the type unless it describes an appended item. */
export const TYPE_WORDS = ['收入', '支出', '转账', '进账', '出账'] as const;

/** Words that announce a further transaction (seed 002 decision 11: append). */
export const APPEND_MARKERS = [
  '还有一笔', '还有一个', '还有', '再加一笔', '加一笔', '再加', '再记一笔', '再记', '再来一笔', '另外', '另加', '追加',
  '补一笔', '补记', '漏了一笔', '漏记', '以及',
] as const;

/**
 * Words around an amount that are not the thing bought: what is left once these and
 * the amount are removed tells whether an utterance describes a transaction.
 */
export const FUNCTION_WORDS = [
  '花了', '花掉', '花', '用了', '付了', '付', '支付', '收到', '收了', '赚了', '挣了', '一共', '总共', '共', '大概',
  '差不多', '左右', '大约', '约', '今天', '昨天', '前天', '刚才', '刚刚', '是', '就是', '了', '吧', '啊', '呀', '的',
  '我', '嗯', '哦', '那', '就', '块钱', '块', '元', '钱', '多',
] as const;
