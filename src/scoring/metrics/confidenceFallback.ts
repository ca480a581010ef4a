import type { TurnTrace } from '../../sim/trace.js';
import { ratio, Scorer, type ScoredDialogue } from '../scorer.js';
import { snapshotBatch } from '../turnChecks.js';
import { defineMetric, JUDGED, type Words } from './definition.js';

const KINDS = ['lowConfidence', 'malformed', 'invalid', 'timeout', 'error'] as const;
type Kind = (typeof KINDS)[number];

const zeroes = () => ({ lowConfidence: 0, malformed: 0, invalid: 0, timeout: 0, error: 0 });

/**
 * Turns where the LLM gave nothing usable (low confidence, malformed or invalid output,
 * timeout, error): handled as the seeds say when the turn's checks pass and the bad answer
 * never touched the batch — a timed-out correction goes to the local rules, a failed parse to
 * the local parser, and any other bad correction leaves the batch exactly as it was.
 */
export class ConfidenceFallbackScorer extends Scorer<{ judged: Record<Kind, number>; handled: Record<Kind, number> }> {
  constructor() {
    super({ judged: zeroes(), handled: zeroes() });
  }

  add({ traces, checks }: ScoredDialogue): void {
    traces.forEach((trace, i) => {
      const kind = faultKind(trace);
      if (!kind) return;
      this.t.judged[kind]++;
      const checksPass = checks[i]!.every((c) => c.passed);
      if (checksPass && handledAsSpecified(kind, trace)) this.t.handled[kind]++;
    });
  }

  result() {
    const { judged, handled } = this.t;
    const totalJudged = KINDS.reduce((sum, k) => sum + judged[k], 0);
    const totalHandled = KINDS.reduce((sum, k) => sum + handled[k], 0);
    const counts: Record<string, number> = { judged: totalJudged, handled: totalHandled };
    for (const k of KINDS) {
      counts[k] = judged[k];
      counts[`${k}Handled`] = handled[k];
    }
    return {
      score: ratio(totalHandled, totalJudged),
      counts,
    };
  }
}

function faultKind(trace: TurnTrace): Kind | null {
  if (trace.correctionOutcome === 'lowConfidence') return 'lowConfidence';
  const failure = trace.failure;
  if (failure === 'malformed' || failure === 'invalid' || failure === 'timeout' || failure === 'error') return failure;
  return null;
}

function handledAsSpecified(kind: Kind, trace: TurnTrace): boolean {
  const wasParse = trace.phaseBefore !== 'CONFIRMING';
  if (wasParse || kind === 'timeout') return trace.route === 'fallback';
  return JSON.stringify(snapshotBatch(trace.batchBefore)) === JSON.stringify(snapshotBatch(trace.batchAfter));
}

const METHOD: Words = [
  [
    '**Which turns count** (`src/scoring/metrics/confidenceFallback.ts`). Any turn whose correction step ended `lowConfidence`, or whose',
    "call gave `malformed`, `invalid`, `timeout` or `error` (the turn's `failure`), whatever its route; a model's date that is not a",
    'calendar day (`"昨天"`, `"2026-02-30"`) makes its answer invalid and counts here. Every other turn is not judged, and a dialogue',
    'without such a turn is n/a (the model suite with a model that always answers well). The counts split the judged turns by kind.',
  ].join('\n'),
  [
    '**哪些轮次计入**（`src/scoring/metrics/confidenceFallback.ts`）。纠正步骤结果为 `lowConfidence`，或调用结果为 `malformed`、`invalid`、',
    '`timeout`、`error`（该轮的 `failure`）的任何轮次，不论路由；模型给出的日期不是日历日（`"昨天"`、`"2026-02-30"`）时回答无效，也计入这里。',
    '其他轮次不评判；没有这类轮次的对话为 n/a（模型总是回答良好时的模型套件）。各计数按类型拆分被评判的轮次。',
  ].join('\n'),
];

const EXAMPLE: Words = [
  'Today 2026-03-01. 「昨天打车30」 answered `{"transactions":[{"amount":30,"type":"EXPENSE","date":"昨天"}]}` is an invalid parse: judged (invalid), handled when the line went to the local parser (route fallback) and every check of the turn passed. On a two-item batch, `{intent: correction, confidence: 0.55}` is judged (lowConfidence) and handled when both items are unchanged and the ask-again line was spoken as expected.',
  '今天为 2026-03-01。「昨天打车30」收到回答 `{"transactions":[{"amount":30,"type":"EXPENSE","date":"昨天"}]}` 是无效的解析：被评判（invalid），该句交给本地解析器（route fallback）且该轮所有检查通过即为已处理。两笔的批次收到 `{intent: correction, confidence: 0.55}` 被评判（lowConfidence），两笔都不变且按期望播报了请再说一次，即为已处理。',
];

export const confidenceFallback = defineMetric({
  name: 'confidenceFallback',
  label: ['Confidence fallback', '低置信度兜底'],
  describe: ({ confidenceFloor }) => [
    `Turns whose model answer could not be used: a correction answered below the ${confidenceFloor} confidence floor (judged before the intent, so {intent: unclear, confidence: 0.3} counts here as lowConfidence; an index out of range is judged before the floor and counts as invalid), or a malformed or invalid answer, a timeout or an error of any call. ` +
      "A turn is handled when every check of the turn passes and the seeds' fallback happened: a failed parse or a timed-out correction went to the local rules (route fallback); any other such correction left the batch exactly as it was. " +
      `Example: {intent: correction, confidence: 0.55} on a two-item batch is handled when both items are unchanged and the turn's expectations (e.g. the spoken ask-again line) pass. The score is handled / judged.`,
    `模型回答无法采用的轮次：纠正回答低于 ${confidenceFloor} 置信度阈值（先判阈值再看 intent，所以 {intent: unclear, confidence: 0.3} 记为 lowConfidence；index 越界先于阈值判定，记为 invalid），或任一调用格式错误、无效、超时、失败。` +
      '该轮所有检查通过且按种子规范兜底才算已处理：解析失败或纠正超时走本地规则（route fallback）；其他情况待确认账单保持不变。' +
      `例：两笔的批次收到 {intent: correction, confidence: 0.55}，两笔都未改变且该轮期望（如播报「没听清要改什么，请再说一次」）都通过，即为已处理。得分 = 已处理 / 评判数。`,
  ],
  counts: {
    judged: JUDGED,
    handled: ['handled as the seeds say', '按规范处理'],
    lowConfidence: ['low confidence', '低置信度'],
    lowConfidenceHandled: ['low confidence, handled', '低置信度已处理'],
    malformed: ['malformed answers', '格式错误的回答'],
    malformedHandled: ['malformed, handled', '格式错误已处理'],
    invalid: ['invalid answers', '无效回答'],
    invalidHandled: ['invalid, handled', '无效回答已处理'],
    timeout: ['timeouts', '超时'],
    timeoutHandled: ['timeouts, handled', '超时已处理'],
    error: ['errors', '错误'],
    errorHandled: ['errors, handled', '错误已处理'],
  },
  details: {},
  method: METHOD,
  example: EXAMPLE,
  scorer: () => new ConfidenceFallbackScorer(),
  pairedTest: 'randomization',
});
