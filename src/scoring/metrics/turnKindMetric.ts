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

/** How every turn-kind metric reads a turn's kind and verdict (docs/metrics.md). */
const METHOD = [
  '**How a turn\'s kind and verdict are derived** (the same for all six turn-kind metrics; `src/scoring/metrics/modelTurnKind.ts`, `modelTurnVerdict.ts`).',
  'A turn is *model-facing* when it has a user line and the dataset expects it to reach the model: `route: llm`, or no `route` and a',
  'scripted `parse` or `correct` answer; a turn whose script answers with a fault or raw text tests how a failed answer is handled',
  '(confidence fallback) and is none. It is judged when the dataset states the draft after it (`expect.batch`; `null` for none) and',
  'the draft before it: the `batch` of the last earlier turn that stated one; no draft at the start, or after a turn that expects',
  '`LISTENING` or `IDLE` without a batch; unknown after a turn that states neither (then the turn is not judged).',
  '',
  'Its **kind** comes from the expected change of the draft, read from the dataset, never from the run: no draft before → parse;',
  'no draft after → confirm when `expect.saved` lists rows, else cancel; more items → append; an item\'s amount, type, category,',
  'description or status stated before and after with another value (an unstated status counts as pending) → correction. A draft',
  'expected to stay as it was, or only to have a field pinned that the draft before left open, is named by `expect.outcome`',
  '(`applied` → correction; `append`, `appendRefused` → append; `confirm`, `cancel`, `unclear` as named), else by the `intent` of the',
  'turn\'s scripted `correct` answer (the bundled suite: an append refused at the cap, a confirm below the confidence floor that the',
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
  'turn\'s own `batch` check on every one of the 882 judged turns). A dialogue with no judged turn of a kind is n/a for that kind\'s',
  'metric (in the paired gate it adds nothing to either side).',
].join('\n');

/** A turn-kind metric: its name, its words, and the kind of turn it counts. */
export function turnKindMetric<const Name extends string>(name: Name, kind: TurnKind, label: Words, description: Words): MetricDefinition<Name> {
  return defineMetric({
    name,
    label,
    describe: () => description,
    method: METHOD,
    counts: { judged: JUDGED, handled: ['handled as expected', '处理正确'] },
    details: {},
    scorer: () => new TurnKindScorer(kind),
    pairedTest: 'randomization',
  });
}
