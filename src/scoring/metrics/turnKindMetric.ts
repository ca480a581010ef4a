/**
 * The turn-level metrics, one per kind of model-facing turn (parse, correction, append, confirm,
 * cancel, unclear): the share of the run's turns of that kind handled as the dataset expects. Each
 * turn counts on its own, so a kind of turn the model stops handling moves its metric whatever
 * happened earlier in the dialogue; a dialogue with no turn of the kind judges nothing (n/a).
 */
import type { TurnTrace } from '../../sim/trace.js';
import { ratio, Scorer, type ScoredDialogue } from '../scorer.js';
import { defineMetric, JUDGED, type MetricDefinition, type Words } from './definition.js';
import { MAX_BATCH_SIZE } from '../../domain/draftBatch.js';
import { modelTurns, type TurnKind } from './modelTurnKind.js';
import { handledAsExpected } from './modelTurnVerdict.js';

interface TurnVerdict {
  readonly kind: TurnKind;
  readonly handled: boolean;
}

/** Every scorer of a run reads the same verdicts: worked out once per dialogue run. */
const verdictsOf = new WeakMap<readonly TurnTrace[], readonly TurnVerdict[]>();

/** The run's model-facing turns, each with its kind and whether it was handled as the dataset expects. */
export function turnVerdicts({ dialogue, traces, tolerant = false }: ScoredDialogue): readonly TurnVerdict[] {
  let verdicts = verdictsOf.get(traces);
  if (verdicts) return verdicts;
  const turns = modelTurns(dialogue, traces[0]?.today);
  verdicts = traces.flatMap((trace) => {
    const turn = turns[trace.turnIndex];
    return turn ? [{ kind: turn.kind, handled: handledAsExpected(turn, trace, tolerant) }] : [];
  });
  verdictsOf.set(traces, verdicts);
  return verdicts;
}

export class TurnKindScorer extends Scorer<{ judged: number; handled: number }> {
  constructor(private readonly kind: TurnKind) {
    super({ judged: 0, handled: 0 });
  }

  add(run: ScoredDialogue): void {
    for (const verdict of turnVerdicts(run)) {
      if (verdict.kind !== this.kind) continue;
      this.t.judged++;
      if (verdict.handled) this.t.handled++;
    }
  }

  result() {
    return { score: ratio(this.t.handled, this.t.judged), counts: { ...this.t } };
  }
}

const METHOD_EN = [
  "**How a turn's kind and verdict are derived** (the same for all six turn-kind metrics; `src/scoring/metrics/modelTurnKind.ts`, `modelTurnVerdict.ts`).",
  'A turn is *model-facing* when it has a user line and the dataset expects it to reach the model: `route: llm`, or no `route` and a',
  'scripted `parse` or `correct` answer; a turn whose script answers with a fault or raw text tests how a failed answer is handled',
  '(confidence fallback) and is none. A turn that names no `route` and scripts nothing (a suite written for a real model) is decided as',
  'the app decides, by its Layer-1 rules (`src/domain/localIntent.ts`) on the line in that state: offline, never; with no draft before,',
  'every line but 「退出」; with a draft open, a correction or new input, not a Layer-1 command (确认, 删掉第二笔). It is judged when the dataset states the draft after it (`expect.batch`; `null` for none) and',
  'the draft before it: the `batch` of the last earlier turn that stated one; no draft at the start, or after a turn that expects',
  '`LISTENING` or `IDLE` without a batch; unknown after a turn that states neither (then the turn is not judged).',
  '',
  'Its **kind** comes from the expected change of the draft, read from the dataset, never from the run: no draft before → parse;',
  "no draft after → confirm when `expect.saved` lists rows, else cancel; more items → append; an item's amount, type, category,",
  'description, date or status stated before and after with another value (an unstated status counts as pending; a date null is',
  "the dialogue's today, so null and today's date are the same day) → correction. A draft",
  'expected to stay as it was, or only to have a field pinned that the draft before left open, is named by `expect.outcome`',
  '(`applied` → correction; `append`, `appendRefused` → append; `confirm`, `cancel`, `unclear` as named), else by the `intent` of the',
  "turn's scripted `correct` answer (the bundled suite: an append refused at the cap, a confirm below the confidence floor that the",
  'app must not apply), else a pinned field makes it a correction (the model suite: 「都改成收入」 on a type left open), a draft',
  `before of ${MAX_BATCH_SIZE} items an append refused at the cap, and anything else unclear. A scripted answer never overrides a change the`,
  'dataset expects, so a candidate whose script answers an append wrongly still has an append turn.',
  '',
  'Its **verdict** (handled as the dataset expects) looks only at what the turn did to the draft it started from; a turn the dataset',
  'expects to start from a draft and that started from none (an earlier turn lost it, in e2e mode) is not handled. When the dataset',
  'expects no draft after it, the turn must leave none and have saved every item of its draft that was not cancelled (confirm) or',
  'nothing (any other kind). Otherwise it must add as many items as the dataset adds, each new item right in amount, type and',
  'category as batch splitting judges them (the canonical category when a model answers); and on the items it started with change',
  'exactly what the dataset changes: a field the dataset states with a new value (or states where it stated none before) has that',
  'value, and every other field and the status are as they were or as the dataset states them. So in e2e mode a turn is judged on',
  'its own change even when an earlier turn left a wrong draft, and in `--mode gold`, where each turn starts from the expected',
  'draft, its verdict depends on no earlier turn (on `datasets/model/` with the heuristic model, gold mode, it agrees with the',
  "turn's own `batch` check on every one of the 882 judged turns). A new item must also be on the day the dataset states, if it",
  'states one.',
  '',
  '**Which turns count, which are n/a.** A turn counts for the metric of its kind only; a turn that is not model-facing (a local',
  'command such as 「确认第一笔」, a tap, a scripted fault or raw text), or whose draft before or after the dataset leaves unknown, counts',
  "for none. A dialogue with no judged turn of a kind is n/a for that kind's metric (in the paired gate it adds nothing to either side);",
  'a run with none at all shows the metric as n/a. Every report says how many turns counted for none of these metrics nor Dates, and',
  'why (`summary.turns.unjudged` in report.json: no user line, local, offline, a failed answer, only a conversation answer, the draft',
  'unknown, a draft that loses items).',
].join('\n');

const METHOD_ZH = [
  '**轮次的类型与判定**（六个按轮类型的指标共用；`src/scoring/metrics/modelTurnKind.ts`、`modelTurnVerdict.ts`）。',
  '一轮*面向模型*，当它有用户输入，且数据集期望它到达模型：`route: llm`，或没有 `route` 而有脚本化的 `parse` 或 `correct` 回答；',
  '脚本以故障或原始文本回答的轮次测试的是坏回答如何兜底（低置信度兜底），不算面向模型。没写 `route` 也没有脚本回答的轮次（为真实模型',
  '写的套件）按 app 自己的方式判断，即第一层规则（`src/domain/localIntent.ts`）对该状态下的这句话：离线时从不；之前无草稿时，除「退出」外',
  '都是；有草稿时，纠正或新输入是，第一层命令（确认、删掉第二笔）不是。只有数据集写明了该轮之后的草稿',
  '（`expect.batch`，`null` 为无草稿）和之前的草稿时才评判：之前的草稿是更早最后一个写明 `batch` 的轮次的批次；开头无草稿，',
  '期望 `LISTENING` 或 `IDLE` 且未写批次的轮次之后也无草稿；两者都没写的轮次之后草稿未知（下一轮不评判）。',
  '',
  '轮次的**类型**由数据集期望的草稿变化得出，只读数据集、不读运行结果：之前无草稿 → 解析；之后无草稿 → `expect.saved` 列出行时为',
  '确认，否则为取消；条目变多 → 追加；某条目的金额、类型、分类、描述、日期或状态前后都写明且取值不同（未写的状态视为 pending；',
  '日期 null 即对话的今天，所以 null 与今天的日期是同一天）→ 纠正。期望保持不变、或只写明了之前未写的字段的草稿，按 `expect.outcome`',
  '命名（`applied` → 纠正；`append`、`appendRefused` → 追加；`confirm`、`cancel`、`unclear` 照名），否则按该轮脚本化 `correct` 回答的',
  '`intent`（内置套件：达上限被拒绝的追加、低于置信度阈值而 app 不得执行的确认），否则写明了新字段即为纠正（模型套件：',
  `类型原未写明时的「都改成收入」），之前已有 ${MAX_BATCH_SIZE} 笔的草稿为达上限被拒绝的追加，其余为含糊回复。脚本回答不会推翻数据集期望的`,
  '变化，所以脚本把追加答错的候选版本仍有一个追加轮。',
  '',
  '轮次的**判定**（是否按数据集期望处理）只看该轮对它开始时的草稿做了什么；数据集期望有草稿而运行时没有草稿（e2e 模式下更早的',
  '轮次丢了草稿）的轮次算未处理。数据集期望之后无草稿时，该轮须不留草稿，且确认时保存了草稿中每条未取消的条目，其他类型什么都不保存。',
  '否则须追加与数据集相同数量的条目，每个新条目的金额、类型和分类按多笔拆分的方式正确（模型回答时比较规范分类），写明日期时日期也',
  '须正确；对开始时已有的条目，恰好改动数据集改动的内容：数据集写明新值（或之前未写而现在写明）的字段须为该值，其他字段和状态',
  '须与原来相同或与数据集写明的相同。所以 e2e 模式下即使更早的轮次留下了错误草稿，该轮也只按自己的改动评判；`--mode gold` 下每轮',
  '从期望的草稿开始，判定不依赖更早的轮次。',
  '',
  '**哪些轮次计入、何时为 n/a。** 一轮只计入其类型对应的指标；不面向模型的轮次（「确认第一笔」这类本地命令、点按、脚本化故障或',
  '原始文本），或数据集未写明之前或之后草稿的轮次，不计入任何指标。对话中没有某类型被评判的轮次时，该类型的指标对这个对话为',
  ' n/a（在配对门禁中两边都不计）；整个运行都没有时，报告显示 n/a。每份报告都说明有多少轮不计入这些指标和日期指标，以及原因',
  '（report.json 的 `summary.turns.unjudged`：没有用户输入、本地处理、离线、失败的回答、只有对话协议的回答、草稿未知、草稿条目减少）。',
].join('\n');

/** How every turn-kind metric reads a turn's kind and verdict (docs/metrics.md), in both languages. */
const METHOD: Words = [METHOD_EN, METHOD_ZH];

/** A turn-kind metric: its name, its words, and the kind of turn it counts. */
export function turnKindMetric<const Name extends string>(
  name: Name,
  kind: TurnKind,
  label: Words,
  description: Words,
  example: Words,
): MetricDefinition<Name> {
  return defineMetric({
    name,
    label,
    describe: () => description,
    method: METHOD,
    example,
    counts: { judged: JUDGED, handled: ['handled as expected', '处理正确'] },
    details: {},
    scorer: () => new TurnKindScorer(kind),
    pairedTest: 'randomization',
  });
}
