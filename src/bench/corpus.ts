import { loadDatasets } from '../datasets/loadDatasets.js';

/**
 * A fixed mix of what users say in CONFIRMING, weighted toward the short high-certainty
 * replies Layer 1 exists for, plus corrections, appends and long multi-item sentences
 * (the classifier's worst case: it must read them to the end to refuse them).
 */
export const SYNTHETIC_MIX: readonly string[] = [
  '确认',
  '确定',
  '好的',
  '对',
  '没问题',
  '可以的',
  '嗯好的谢谢',
  '全部确认',
  '好的，确认',
  'OK',
  '取消',
  '不要了',
  '算了',
  '全部取消',
  '删掉',
  '退出',
  '不记了',
  '先不记了',
  '拜拜',
  '结束记账',
  '继续',
  '继续记账',
  '下一笔',
  '再记一笔',
  '接着记',
  '确认第一笔',
  '第二笔确认',
  '确认第10笔',
  '删掉第二笔',
  '取消第三笔',
  '第四笔不要了',
  '把第五笔删了',
  '第一笔改成50',
  '第三笔改为支出',
  '红包那笔应该是收入',
  '金额都加10块',
  '不对，应该是收入',
  '改成交通',
  '那个应该是收入不是支出啊',
  '嗯对就这样',
  '还有一笔奶茶15',
  '另外打车花了28块',
  '再加一笔午饭三十五',
  '吃饭花了60，洗脚花了60，抢红包抢了30，工资收到90',
  '早上地铁四块，中午外卖二十八块五，晚上看电影六十，回家打车三十二，买了杯奶茶十五块',
  '第二笔和第三笔都改成餐饮，然后第四笔金额改成一百二十块，其他的不用动',
  '嗯……好的好的，就这样吧，没有问题，全部确认一下谢谢',
  '呃那个，等一下，我想想，刚才说的第三笔好像不太对，应该是收入才对',
];

export interface Corpus {
  readonly utterances: readonly string[];
  readonly fromDatasets: number;
  readonly synthetic: number;
  readonly files: readonly string[];
}

/** Every user utterance of the datasets (duplicates kept: that is the real mix), then the synthetic mix. */
export function benchCorpus(patterns: readonly string[]): Corpus {
  const { dialogues, files } = loadDatasets(patterns);
  const fromDatasets = dialogues.flatMap((d) => d.turns.flatMap((t) => (t.user === undefined ? [] : [t.user])));
  return {
    utterances: [...fromDatasets, ...SYNTHETIC_MIX],
    fromDatasets: fromDatasets.length,
    synthetic: SYNTHETIC_MIX.length,
    files,
  };
}
