import type { ExpectedItem, TurnExpectation } from '../datasets/datasetTypes.js';
import type { DraftBatch } from '../domain/draftBatch.js';
import type { CheckReport, ItemSnapshot } from './results.js';
import type { TurnTrace } from '../sim/trace.js';
import { canonicalCategory, sameTtsShape } from './ttsShape.js';
import { DEFAULT_TODAY } from '../domain/relativeDates.js';

/**
 * How expectations are compared. `exact` for the scripted backend. `tolerant` when a model answers:
 * a category is compared as the app's canonical category, a description only when the turn pins it
 * (`expect.pin: [description]`), and spoken lines by their sentence and numbers (scoring/ttsShape.ts).
 * Amounts, types, indices, statuses, counts, routes, states and saved rows stay exact. A date is
 * compared as the day the item is for: no date is the dialogue's today (where it would be saved).
 */
export interface Comparison {
  readonly tolerant: boolean;
  readonly pinned: ReadonlySet<string>;
  /** The dialogue's today: what an item without a date is for. */
  readonly today: string;
}

const EXACT: Comparison = { tolerant: false, pinned: new Set(), today: DEFAULT_TODAY };

function comparisonFor(trace: TurnTrace, tolerant: boolean): Comparison {
  return { tolerant, pinned: tolerant ? new Set(trace.turn.expect?.pin ?? []) : EXACT.pinned, today: trace.today };
}

/**
 * The batch as reports show it. An item's date is shown when it has one or `withDates` (the turn
 * expects dates), its source only when the turn expects sources, so earlier reports' cards stay as they were.
 */
export function snapshotBatch(batch: DraftBatch | null, withSource = false, withDates = false): ItemSnapshot[] | null {
  if (!batch) return null;
  return batch.items.map((item) => ({
    index: item.index,
    status: item.status,
    amount: item.result.amount,
    type: item.result.type,
    category: item.result.category,
    description: item.result.description,
    ...(withDates || item.result.date !== null ? { date: item.result.date } : {}),
    ...(withSource ? { source: item.result.source } : {}),
  }));
}

const statesDate = (items: readonly ExpectedItem[] | null | undefined): boolean => items?.some((item) => item.date !== undefined) ?? false;

/** Every expectation of the turn as a check, plus a `script` check when the harness saw a setup error. */
export function checkTurn(trace: TurnTrace, tolerant = false): CheckReport[] {
  const expect: TurnExpectation = trace.turn.expect ?? {};
  const how = comparisonFor(trace, tolerant);
  const checks: CheckReport[] = [];
  const add = (name: string, expected: unknown, actual: unknown, passed: boolean) => checks.push({ name, expected, actual, passed });

  if (trace.setupErrors.length > 0) add('script', [], trace.setupErrors, false);
  if (expect.state !== undefined) add('state', expect.state, trace.phaseAfter, expect.state === trace.phaseAfter);
  if (expect.route !== undefined) add('route', expect.route, trace.route, expect.route === trace.route);
  if (expect.intent !== undefined) {
    const actual = trace.intent?.kind ?? null;
    add('intent', expect.intent, actual, expect.intent === actual);
  }
  if (expect.outcome !== undefined) add('outcome', expect.outcome, trace.correctionOutcome, expect.outcome === trace.correctionOutcome);
  if (expect.failure !== undefined) add('failure', expect.failure, trace.failure, expect.failure === trace.failure);
  if (expect.llmRequest !== undefined) {
    const { parseText, ...correction } = expect.llmRequest;
    if (parseText !== undefined) {
      const actual = trace.llmCalls.find((c) => c.endpoint === 'parse')?.request ?? null;
      add('llmRequest.parseText', parseText, actual, parseText === actual);
    }
    if (Object.keys(correction).length > 0 || parseText === undefined) {
      const call = trace.llmCalls.find((c) => c.endpoint === 'correct');
      const actual = call ? call.request : null;
      add('llmRequest', correction, actual, matchesRequest(correction, actual, how));
    }
  }
  if (expect.mapping !== undefined) {
    const actual = trace.mapping.map(({ sentIndex, originalIndex }) => ({ sentIndex, originalIndex }));
    const same = (want: (typeof actual)[number], got: (typeof actual)[number]) => want.sentIndex === got.sentIndex && want.originalIndex === got.originalIndex;
    add('mapping', expect.mapping, actual, expect.mapping.length === actual.length && expect.mapping.every((want, i) => same(want, actual[i]!)));
  }
  if (expect.refused !== undefined) add('refused', expect.refused, trace.refused, sameList(expect.refused, trace.refused, EXACT));
  if (expect.batch !== undefined) {
    // An item's source is shown only when the turn expects it, so existing reports' batch cards stay as they were.
    const withSource = expect.batch?.some((item) => item.source !== undefined) ?? false;
    const actual = snapshotBatch(trace.batchAfter, withSource, statesDate(expect.batch));
    add('batch', expect.batch, actual, matchesItems(expect.batch, actual, how));
  }
  const spoken = trace.spoken.map((s) => s.text);
  if (expect.tts !== undefined) add('tts', expect.tts, spoken, sameList(expect.tts, spoken, how));
  if (expect.ttsIncludes !== undefined) {
    const missing = expect.ttsIncludes.filter((want) => !spoken.some((line) => line.includes(want)));
    add('ttsIncludes', expect.ttsIncludes, spoken, missing.length === 0);
  }
  if (expect.notify !== undefined) add('notify', expect.notify, trace.notified, sameList(expect.notify, trace.notified, EXACT));
  if (expect.llmCalls !== undefined) {
    const actual = trace.llmCalls.map((call) => `${call.endpoint}:${call.outcome}`);
    add('llmCalls', expect.llmCalls, actual, sameList(expect.llmCalls, actual, EXACT));
  }
  if (expect.saved !== undefined) {
    const withDates = statesDate(expect.saved);
    const actual = trace.saved.map((row) => ({
      amount: row.amount,
      type: row.type,
      category: row.category,
      description: row.description,
      ...(withDates ? { date: row.date } : {}),
    }));
    add('saved', expect.saved, actual, matchesItems(expect.saved, actual, how));
  }
  return checks;
}

export function matchesItems(expected: readonly ExpectedItem[] | null, actual: readonly object[] | null, how: Comparison = EXACT): boolean {
  if (expected === null || actual === null) return expected === actual;
  return expected.length === actual.length && expected.every((want, i) => matchesItem(want, actual[i]!, how));
}

export function matchesItem(expected: ExpectedItem, actual: object, how: Comparison = EXACT): boolean {
  for (const key of Object.keys(expected) as (keyof ExpectedItem)[]) {
    if (!fieldMatches(expected, key, actual, how)) return false;
  }
  return true;
}

/** Whether `actual` has the expected value of one field (numbers within rounding; a date as the day it is for, given the dialogue's today). */
export function matchesField<K extends keyof ExpectedItem>(expected: ExpectedItem, field: K, actual: object, tolerant = false, today = DEFAULT_TODAY): boolean {
  return fieldMatches(expected, field, actual, { tolerant, pinned: EXACT.pinned, today });
}

function fieldMatches(expected: ExpectedItem, field: keyof ExpectedItem, actual: object, how: Comparison): boolean {
  const want = expected[field];
  const got = (actual as Readonly<Record<string, unknown>>)[field];
  if (field === 'date') return (want ?? how.today) === (got ?? how.today);
  if (how.tolerant && !how.pinned.has(field)) {
    if (field === 'description') return true;
    if (field === 'category') return canonicalCategory(want as string | null) === canonicalCategory(got as string | null);
  }
  return sameValue(want, got);
}

function matchesRequest(expected: NonNullable<TurnExpectation['llmRequest']>, actual: unknown, how: Comparison): boolean {
  if (actual === null || typeof actual !== 'object') return false;
  const request = actual as { correctionText?: unknown; currentBatch?: readonly Record<string, unknown>[]; context?: Record<string, unknown> };
  if (expected.correctionText !== undefined && expected.correctionText !== request.correctionText) return false;
  for (const [key, list] of Object.entries(expected.context ?? {})) {
    const got = request.context?.[key];
    if (!Array.isArray(got) || !sameList(list, got as string[], EXACT)) return false;
  }
  if (expected.currentBatch !== undefined) return matchesItems(expected.currentBatch, request.currentBatch ?? [], how);
  return true;
}

function sameValue(a: unknown, b: unknown): boolean {
  if (typeof a === 'number' && typeof b === 'number') return Math.abs(a - b) < 1e-9;
  return a === b;
}

function sameList(a: readonly string[], b: readonly string[], how: Comparison): boolean {
  const same = how.tolerant && !how.pinned.has('tts') ? sameTtsShape : (x: string, y: string) => x === y;
  return a.length === b.length && a.every((line, i) => same(line, b[i]!));
}
