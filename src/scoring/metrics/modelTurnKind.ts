/**
 * What kind of model-facing turn each turn of a dialogue is, read from the dataset alone (never from
 * a run), so every mode, backend and repeat counts the same turns. The turn-kind metrics
 * (turnKindMetric.ts) judge each such turn on its own.
 */
import type { Dialogue, ExpectedItem, Turn } from '../../datasets/datasetTypes.js';
import { CORRECTION_INTENTS } from '../../domain/correctionProtocol.js';
import { MAX_BATCH_SIZE } from '../../domain/draftBatch.js';
import { DEFAULT_TODAY } from '../../domain/relativeDates.js';
import { classifyLocal, isLocalIntent } from '../../domain/localIntent.js';

export const TURN_KINDS = ['parse', 'correction', 'append', 'confirm', 'cancel', 'unclear'] as const;
export type TurnKind = (typeof TURN_KINDS)[number];

/** The draft the dataset expects: its items, `null` for no draft. */
export type ExpectedDraft = readonly ExpectedItem[] | null;

/** A model-facing turn as the dataset describes it: its kind and the drafts it expects before and after. */
export interface ModelTurn {
  readonly kind: TurnKind;
  readonly before: ExpectedDraft;
  readonly after: ExpectedDraft;
}

/** The correction outcomes (expect.outcome) that name what the model's answer meant. */
const OUTCOME_KINDS: Readonly<Record<string, TurnKind>> = {
  applied: 'correction',
  append: 'append',
  appendRefused: 'append',
  confirm: 'confirm',
  cancel: 'cancel',
  unclear: 'unclear',
};

/** The fields whose change makes a turn a correction (status too: an item the model resolved; a date as the day it is for). */
export const CHANGED_FIELDS = ['amount', 'type', 'category', 'description', 'date', 'status'] as const;

/**
 * Why a turn counts for no turn-kind metric (nor Dates): no user line (a tap, a wait); a line the
 * app answers on the device (Layer 1) or the dataset routes so; an offline line; a scripted fault or
 * raw text, or an expected fallback (a failed answer, judged by confidence fallback); only a
 * conversation answer scripted (the other protocol's); the draft before or after it left unknown by
 * the dataset; or a draft that loses items, which names no kind.
 */
export const UNJUDGED_REASONS = ['noUserLine', 'local', 'offline', 'failedAnswer', 'otherEndpoint', 'draftUnknown', 'noKind'] as const;
export type UnjudgedReason = (typeof UNJUDGED_REASONS)[number];

/**
 * Each turn of the dialogue as a model-facing turn, or null when it is none or the dataset does not
 * say enough to judge it (turnJudgements says why).
 */
export function modelTurns(dialogue: Dialogue, today = dialogue.today ?? DEFAULT_TODAY): (ModelTurn | null)[] {
  return turnJudgements(dialogue, today).map((judged) => ('unjudged' in judged ? null : judged));
}

/**
 * Each turn as a model-facing turn, or why it is none. A turn is model-facing when it has a user
 * line that reaches the model for an answer that means something (no scripted fault or raw text):
 * the dataset says so (`route: llm`; another route says not), or scripts a parse/correct answer; a
 * turn that states neither and scripts nothing is decided as the app decides (Layer 1,
 * domain/localIntent.ts, on the line in that state): offline, never; with no draft before, every
 * line but 「退出」; with a draft open, a correction or new input, not a Layer-1 command. It is
 * judged when the dataset states the draft after it (`batch`) and the draft before it (the `batch`
 * of the last turn that stated one, or no draft from the start or after a turn that expects
 * LISTENING/IDLE without a batch; a turn that states neither leaves the draft unknown).
 */
export function turnJudgements(dialogue: Dialogue, today = dialogue.today ?? DEFAULT_TODAY): (ModelTurn | { readonly unjudged: UnjudgedReason })[] {
  let draft: ExpectedDraft | undefined = null;
  return dialogue.turns.map((turn) => {
    const before = draft;
    draft = draftAfter(turn);
    const after = turn.expect?.batch;
    const route = routeOf(turn, dialogue, before);
    if (route !== 'model') return { unjudged: route };
    if (before === undefined || after === undefined) return { unjudged: 'draftUnknown' };
    const kind = changeKind(turn, before, after, today);
    return kind === null ? { unjudged: 'noKind' } : { kind, before, after };
  });
}

function draftAfter(turn: Turn): ExpectedDraft | undefined {
  const expect = turn.expect;
  if (expect?.batch !== undefined) return expect.batch;
  if (expect?.state === 'LISTENING' || expect?.state === 'IDLE') return null;
  return undefined;
}

/** Whether the turn's line reaches the model, or why not; 'draftUnknown' when only the draft before could tell. */
function routeOf(turn: Turn, dialogue: Dialogue, before: ExpectedDraft | undefined): 'model' | UnjudgedReason {
  if (turn.user === undefined) return 'noUserLine';
  if (scriptsNoAnswer(turn)) return 'failedAnswer';
  const route = turn.expect?.route;
  if (route !== undefined) return route === 'llm' ? 'model' : route === 'offline' ? 'offline' : route === 'fallback' ? 'failedAnswer' : 'local';
  if (turn.llm?.parse?.json !== undefined || turn.llm?.correct?.json !== undefined) return 'model';
  if (turn.llm !== undefined) return 'otherEndpoint';
  if ((turn.network ?? dialogue.network) === 'offline') return 'offline';
  return layerOneRoute(turn.user, before);
}

/** The app's Layer 1 on a line (seeds 001, 003): 「退出」 is local in every state; with a draft open, every Layer-1 command is. */
export function layerOneRoute(user: string, before: ExpectedDraft | undefined): 'model' | 'local' | 'draftUnknown' {
  const intent = classifyLocal(user.trim());
  if (!isLocalIntent(intent)) return 'model';
  if (intent.kind === 'exit') return 'local';
  if (before === undefined) return 'draftUnknown';
  return before !== null && before.length > 0 ? 'local' : 'model';
}

/** A scripted fault or raw text: the turn tests how a failed answer is handled (confidence fallback), not what a model meant. */
function scriptsNoAnswer(turn: Turn): boolean {
  const script = turn.llm;
  return script !== undefined && [script.any, script.parse, script.correct].some((answer) => answer !== undefined && answer.json === undefined);
}

/**
 * From the expected change of the draft: a new draft, a commit, one more item, a changed item. A
 * draft expected to stay as it was (or only pinned where it was left open) is named by the expected
 * outcome, else by the scripted answer (the bundled suite), else a pinned field makes a correction,
 * a full draft an append refused at the cap, anything else unclear.
 */
function changeKind(turn: Turn, before: ExpectedDraft, after: ExpectedDraft, today: string): TurnKind | null {
  if (before === null) return 'parse';
  if (after === null) return (turn.expect?.saved?.length ?? 0) > 0 ? 'confirm' : 'cancel';
  if (after.length > before.length) return 'append';
  if (after.length < before.length) return null;
  const changes = after.flatMap((want, position) => CHANGED_FIELDS.map((field) => fieldChange(want, before[position], field, today)));
  if (changes.includes('changed')) return 'correction';
  const named = outcomeKind(turn) ?? scriptedKind(turn);
  if (named !== null) return named;
  if (changes.includes('pinned')) return 'correction';
  return before.length >= MAX_BATCH_SIZE ? 'append' : 'unclear';
}

function outcomeKind(turn: Turn): TurnKind | null {
  const outcome = turn.expect?.outcome;
  return typeof outcome === 'string' ? (OUTCOME_KINDS[outcome] ?? null) : null;
}

/** The intent of the turn's scripted correction answer (one the app must not apply: below the floor, say). */
function scriptedKind(turn: Turn): TurnKind | null {
  const intent = (turn.llm?.correct?.json as { intent?: unknown } | undefined)?.intent;
  return (CORRECTION_INTENTS as readonly unknown[]).includes(intent) ? (intent as TurnKind) : null;
}

/**
 * How the dataset's item differs in one field from the item before: `changed` (both state it, with
 * other values; an unstated status is the pending every new item has; a date null is today's),
 * `pinned` (stated where the draft before left it open), or null.
 */
function fieldChange(want: ExpectedItem, was: ExpectedItem | undefined, field: (typeof CHANGED_FIELDS)[number], today: string): 'changed' | 'pinned' | null {
  if (want[field] === undefined) return null;
  const before = field === 'status' && was !== undefined ? (was.status ?? 'pending') : was?.[field];
  if (before === undefined) return 'pinned';
  if (field === 'date') return (before ?? today) === (want.date ?? today) ? null : 'changed';
  return before === want[field] ? null : 'changed';
}

/** Whether the turn must leave the field as the dataset states it rather than as it was: changed or pinned. */
export function expectsChange(want: ExpectedItem, was: ExpectedItem | undefined, field: (typeof CHANGED_FIELDS)[number], today: string): boolean {
  return fieldChange(want, was, field, today) !== null;
}
