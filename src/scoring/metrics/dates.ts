import type { ExpectedItem } from '../../datasets/datasetTypes.js';
import type { DraftTransaction } from '../../domain/draftBatch.js';
import { ratio, Scorer, type ScoredDialogue } from '../scorer.js';
import { matchesField } from '../turnChecks.js';
import { defineMetric, JUDGED } from './definition.js';
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

const METHOD = [
  '**How a date is judged** (`src/scoring/metrics/dates.ts`). Only model-facing turns count, as the turn-kind metrics read them',
  'from the dataset (below). On a *parse* turn every item whose `expect.batch[].date` is stated is judged; on a *correction* or',
  '*append* turn (the batch before it is stated too) an item is judged when the dataset changes its day from the batch before, or',
  'pins a day the batch before left open, or adds the item with a day: an item merely restated with the day it had is not judged',
  'again. An item is right when the run\'s item at the same position is for the same day, where no date (null) means the dialogue\'s',
  'today, the day the app saves it on: `date: null` matches an item dated today and the other way round. A turn the run left',
  'without the item (fewer items) gets it wrong. `byParse` and `byCorrection` split the same count. A dialogue that states no date',
  'is n/a.',
  '',
  'Worked example (today 2026-03-01): 「昨天打车30，午饭25」 expects `[{date: 2026-02-28}, {date: null}]`; a run that answers',
  '`[2026-02-28, 2026-03-01]` gets both right (2 of 2, by parse). 「午饭那笔是前天的」 then expects `[{date: 2026-02-28}, {date:',
  '2026-02-27}]`: only the second item is judged (by correction); a run that moved the first item instead gets 0 of 1 there.',
].join('\n');

export const dates = defineMetric({
  name: 'dates',
  label: ['Dates', '日期'],
  describe: () => [
    'Items whose stated day (yesterday, last Friday, the 3rd…) the run got right, of those where the dataset states one; by parse and by correction.',
    '数据集写明日期的条目中，运行得到正确日期（昨天、上周五、3号……）的比例；按解析和纠正分别统计。',
  ],
  method: METHOD,
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
