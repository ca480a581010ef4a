/**
 * Whether a model-facing turn was handled as the dataset expects, judged on what the turn itself did:
 * the change from the draft it started from to the draft it left, against the change the dataset
 * expects between its drafts before and after. In e2e mode a turn that starts from a draft an earlier
 * turn got wrong is still judged on its own change; in gold mode it starts from the expected draft.
 */
import type { ExpectedItem } from '../../datasets/datasetTypes.js';
import type { DraftTransaction } from '../../domain/draftBatch.js';
import type { TurnTrace } from '../../sim/trace.js';
import { matchesField } from '../turnChecks.js';
import { SPLIT_FIELDS, splitFieldRight } from './batchSplitting.js';
import { CHANGED_FIELDS, expectsChange, type ModelTurn } from './modelTurnKind.js';

/**
 * - Draft expected gone: the turn left no draft and saved, for a confirm, every item of its draft
 *   that was not cancelled, otherwise nothing.
 * - Draft expected: the turn added as many items as the dataset adds, each new item split right
 *   (amount, type and category as batch splitting judges them), and on the items it started with
 *   changed exactly what the dataset changes: a field the dataset states with a new value (or states
 *   where it stated none before) has that value, every other field and status is as it was or as
 *   the dataset states it.
 */
export function handledAsExpected(turn: ModelTurn, trace: TurnTrace, tolerant: boolean): boolean {
  const was = trace.batchBefore?.items ?? [];
  if (turn.after === null) {
    const committed = turn.kind === 'confirm' ? was.filter((item) => item.status !== 'cancelled').length : 0;
    return trace.batchAfter === null && trace.saved.length === committed;
  }
  const now = trace.batchAfter?.items;
  const stated = turn.before?.length ?? 0;
  const added = turn.after.length - stated;
  // Nothing to append to or correct: an earlier turn (e2e) left no draft where the dataset has one.
  if (turn.before !== null && trace.batchBefore === null) return false;
  if (!now || added < 0 || now.length !== was.length + added) return false;
  // Items beyond the expected draft before (an earlier turn added too many) are judged unchanged.
  const kept = was.every((item, position) => {
    const stays = position < stated;
    return keptAsExpected(item, now[position]!, stays ? turn.after![position] : undefined, stays ? turn.before![position] : undefined, tolerant, trace.today);
  });
  const newRight = turn.after.slice(stated).every((want, k) => splitRight(want, now[was.length + k]!, tolerant, trace.today));
  return kept && newRight;
}

/** A new item: right as batch splitting judges it, and on the day the dataset states, if it states one. */
function splitRight(want: ExpectedItem, got: DraftTransaction, tolerant: boolean, today: string): boolean {
  const dayRight = want.date === undefined || matchesField(want, 'date', got.result, tolerant, today);
  return dayRight && SPLIT_FIELDS.every((field) => splitFieldRight(want, field, got.result, tolerant) !== false);
}

/**
 * An item the turn started with: changed where the dataset changes it, as it was elsewhere (or as the
 * dataset states it: in e2e mode an earlier turn may have left the field wrong, and this one mended it).
 */
function keptAsExpected(
  was: DraftTransaction,
  now: DraftTransaction,
  want: ExpectedItem | undefined,
  wantBefore: ExpectedItem | undefined,
  tolerant: boolean,
  today: string,
): boolean {
  return CHANGED_FIELDS.every((field) => {
    const stated = want?.[field] !== undefined ? [want] : [];
    const allowed = want && expectsChange(want, wantBefore, field, today) ? stated : [...stated, { [field]: valueOf(was, field) } as ExpectedItem];
    return allowed.some((target) => (field === 'status' ? now.status === target.status : matchesField(target, field, now.result, tolerant, today)));
  });
}

function valueOf(item: DraftTransaction, field: (typeof CHANGED_FIELDS)[number]): unknown {
  return field === 'status' ? item.status : item.result[field];
}
