import type { ExpectedItem } from '../../datasets/datasetTypes.js';
import type { DraftTransaction } from '../../domain/draftBatch.js';
import { ratio, Scorer, type ScoredDialogue } from '../scorer.js';
import { matchesField } from '../turnChecks.js';
import { defineMetric, JUDGED, type Words } from './definition.js';
import { expectsChange, modelTurns, type ModelTurn } from './modelTurnKind.js';

const empty = () => ({ judged: 0, right: 0, parseJudged: 0, parseRight: 0, correctionJudged: 0, correctionRight: 0 });

/**
 * The days of the items the dataset states one for (`expect.batch[].date`), on model-facing turns:
 * every dated item of a parse, and on a correction or append the items whose day it changes or adds.
 */
export class DatesScorer extends Scorer<ReturnType<typeof empty>> {
  constructor() {
    super(empty());
  }

  add({ dialogue, traces, tolerant = false }: ScoredDialogue): void {
    const turns = modelTurns(dialogue, traces[0]?.today);
    for (const trace of traces) {
      const turn = turns[trace.turnIndex];
      if (!turn || turn.after === null) continue;
      const now = trace.batchAfter?.items ?? [];
      turn.after.forEach((want, position) => {
        if (!datedByTurn(turn, want, position, trace.today)) return;
        const right = dayRight(want, now[position], tolerant, trace.today);
        this.count(turn.kind === 'parse' ? 'parse' : 'correction', right);
      });
    }
  }

  private count(by: 'parse' | 'correction', right: boolean): void {
    const t = this.t;
    t.judged++;
    t[`${by}Judged`]++;
    if (right) {
      t.right++;
      t[`${by}Right`]++;
    }
  }

  result() {
    const t = this.t;
    return {
      score: ratio(t.right, t.judged),
      counts: { judged: t.judged, right: t.right },
      details: {
        byParse: { judged: t.parseJudged, right: t.parseRight, share: ratio(t.parseRight, t.parseJudged) },
        byCorrection: { judged: t.correctionJudged, right: t.correctionRight, share: ratio(t.correctionRight, t.correctionJudged) },
      },
    };
  }
}

/** The turn is judged on this item's day: a parse states it, or a correction changes it, or an append adds the item with it. */
function datedByTurn(turn: ModelTurn, want: ExpectedItem, position: number, today: string): boolean {
  if (want.date === undefined) return false;
  const was = turn.before?.[position];
  return turn.kind === 'parse' || was === undefined || expectsChange(want, was, 'date', today);
}

function dayRight(want: ExpectedItem, got: DraftTransaction | undefined, tolerant: boolean, today: string): boolean {
  return got !== undefined && matchesField(want, 'date', got.result, tolerant, today);
}

const METHOD: Words = [
  [
    '**Which items count** (`src/scoring/metrics/dates.ts`). Only model-facing turns, read from the dataset as the turn-kind metrics',
    'read them (see `parseHandled`: a turn the local rules answer, an offline turn, a tap or a scripted fault counts for nothing). On a *parse*',
    'turn every item whose `expect.batch[].date` is stated is judged (byParse). On a *correction* or *append* turn an item is judged',
    '(byCorrection) when the dataset changes its day from the batch stated before the turn, pins a day that batch left open, or adds',
    "the item with a day; an item restated with the day it already had is not judged again. An item is right when the run's item at",
    "the same position is for the same day, where no date (null) is the dialogue's today, the day the app saves it on: `date: null`",
    'matches an item dated today and the other way round. An item the run did not produce is wrong. A dialogue that states no date on',
    'a model-facing turn is n/a, and so is a run with none (the bundled suite before issue 39).',
  ].join('\n'),
  [
    '**哪些条目计入**（`src/scoring/metrics/dates.ts`）。只计面向模型的轮次，按轮类型指标的方式从数据集读出（见 `parseHandled`：本地规则处理的轮次、',
    '离线轮次、点按或脚本化故障都不计）。*解析*轮中写明 `expect.batch[].date` 的每个条目都评判（byParse）。*纠正*或*追加*轮中，数据集',
    '相对该轮之前写明的批次改动了条目的日期、写明了之前未写的日期、或追加了带日期的条目时，该条目才评判（byCorrection）；只是以原日期',
    '重复写出的条目不再评判。运行中同一位置的条目属于同一天即为正确，其中没有日期（null）即对话的今天，也就是 app 保存它的日期：',
    '`date: null` 与日期为今天的条目相互匹配。运行没有产生的条目算错。面向模型的轮次都没写日期的对话为 n/a，整个运行都没有时亦然',
    '（issue 39 之前的内置套件）。',
  ].join('\n'),
];

const EXAMPLE: Words = [
  "Today 2026-03-01. 「昨天打车30，午饭25」 expects `[{amount: 30, date: 2026-02-28}, {amount: 25, date: null}]`: a run answering 2026-02-28 and 2026-03-01 gets both right (2 of 2, byParse); one answering null and null gets 1 of 2. 「午饭那笔是前天的」 then expects `[{date: 2026-02-28}, {date: 2026-02-27}]`: only the second item is judged (byCorrection, the first is restated); a run that moved the first item's day instead gets 0 of 1 there, so 2 of 3 overall.",
  '今天为 2026-03-01。「昨天打车30，午饭25」期望 `[{amount: 30, date: 2026-02-28}, {amount: 25, date: null}]`：回答 2026-02-28 和 2026-03-01 的运行两条都对（2/2，byParse）；回答 null 和 null 的运行对 1/2。接着「午饭那笔是前天的」期望 `[{date: 2026-02-28}, {date: 2026-02-27}]`：只评判第二条（byCorrection，第一条是重复写出）；改了第一条日期的运行这里为 0/1，总计 2/3。',
];

export const dates = defineMetric({
  name: 'dates',
  label: ['Dates', '日期'],
  describe: () => [
    'Items whose stated day (yesterday, last Friday, the 3rd…) the run got right, of those where the dataset states one; by parse and by correction.',
    '数据集写明日期的条目中，运行得到正确日期（昨天、上周五、3号……）的比例；按解析和纠正分别统计。',
  ],
  method: METHOD,
  example: EXAMPLE,
  counts: {
    judged: JUDGED,
    right: ['right day', '日期正确'],
  },
  details: {
    byParse: ['items of parse turns: judged, right, share', '解析轮中的条目：评判数、正确数、比例'],
    byCorrection: ['items a correction or append dates: judged, right, share', '纠正或追加设定日期的条目：评判数、正确数、比例'],
  },
  scorer: () => new DatesScorer(),
  pairedTest: 'randomization',
});
