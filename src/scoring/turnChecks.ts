import type { ExpectedItem, TurnExpectation } from '../datasets/datasetTypes.js';
import type { DraftBatch } from '../domain/draftBatch.js';
import type { CheckReport, ItemSnapshot } from './results.js';
import type { TurnTrace } from '../sim/trace.js';

export function snapshotBatch(batch: DraftBatch | null): ItemSnapshot[] | null {
  if (!batch) return null;
  return batch.items.map((item) => ({
    index: item.index,
    status: item.status,
    amount: item.result.amount,
    type: item.result.type,
    category: item.result.category,
    description: item.result.description,
  }));
}

/** Every expectation of the turn as a check, plus a `script` check when the harness saw a setup error. */
export function checkTurn(trace: TurnTrace): CheckReport[] {
  const expect: TurnExpectation = trace.turn.expect ?? {};
  const checks: CheckReport[] = [];
  const add = (name: string, expected: unknown, actual: unknown, passed: boolean) =>
    checks.push({ name, expected, actual, passed });

  if (trace.setupErrors.length > 0) add('script', [], trace.setupErrors, false);
  if (expect.state !== undefined) add('state', expect.state, trace.phaseAfter, expect.state === trace.phaseAfter);
  if (expect.route !== undefined) add('route', expect.route, trace.route, expect.route === trace.route);
  if (expect.intent !== undefined) {
    const actual = trace.intent?.kind ?? null;
    add('intent', expect.intent, actual, expect.intent === actual);
  }
  if (expect.llmRequest !== undefined) {
    const call = trace.llmCalls.find((c) => c.endpoint === 'correct');
    const actual = call ? call.request : null;
    add('llmRequest', expect.llmRequest, actual, matchesRequest(expect.llmRequest, actual));
  }
  if (expect.batch !== undefined) {
    const actual = snapshotBatch(trace.batchAfter);
    add('batch', expect.batch, actual, matchesItems(expect.batch, actual));
  }
  const spoken = trace.spoken.map((s) => s.text);
  if (expect.tts !== undefined) add('tts', expect.tts, spoken, sameList(expect.tts, spoken));
  if (expect.ttsIncludes !== undefined) {
    const missing = expect.ttsIncludes.filter((want) => !spoken.some((line) => line.includes(want)));
    add('ttsIncludes', expect.ttsIncludes, spoken, missing.length === 0);
  }
  if (expect.saved !== undefined) {
    const actual = trace.saved.map((row) => ({ amount: row.amount, type: row.type, category: row.category, description: row.description }));
    add('saved', expect.saved, actual, matchesItems(expect.saved, actual));
  }
  return checks;
}

export function matchesItems(
  expected: readonly ExpectedItem[] | null,
  actual: readonly object[] | null,
): boolean {
  if (expected === null || actual === null) return expected === actual;
  return expected.length === actual.length && expected.every((want, i) => matchesItem(want, actual[i]!));
}

export function matchesItem(expected: ExpectedItem, actual: object): boolean {
  const fields = actual as Readonly<Record<string, unknown>>;
  for (const key of Object.keys(expected)) {
    if (!sameValue(expected[key as keyof ExpectedItem], fields[key])) return false;
  }
  return true;
}

/** Whether `actual` has the expected value of one field (numbers within rounding). */
export function matchesField<K extends keyof ExpectedItem>(expected: ExpectedItem, field: K, actual: object): boolean {
  return sameValue(expected[field], (actual as Readonly<Record<string, unknown>>)[field]);
}

function matchesRequest(expected: NonNullable<TurnExpectation['llmRequest']>, actual: unknown): boolean {
  if (actual === null || typeof actual !== 'object') return false;
  const request = actual as { correctionText?: unknown; currentBatch?: readonly Record<string, unknown>[] };
  if (expected.correctionText !== undefined && expected.correctionText !== request.correctionText) return false;
  if (expected.currentBatch !== undefined) return matchesItems(expected.currentBatch, request.currentBatch ?? []);
  return true;
}

function sameValue(a: unknown, b: unknown): boolean {
  if (typeof a === 'number' && typeof b === 'number') return Math.abs(a - b) < 1e-9;
  return a === b;
}

function sameList(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((line, i) => line === b[i]);
}
