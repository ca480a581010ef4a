/**
 * What differs between a failed check's expected and actual values, as a few readable lines:
 * for lists (batch, saved, mapping, tts …) the items that differ and their fields, for strings
 * the part that differs, so a long batch or spoken line is not cut before the difference.
 */
import { compactJson } from './format.js';
import type { LlmCallReport } from './reportTypes.js';

/** Lines past this are counted, not shown. */
const MAX_LINES = 6;
/** Characters of agreement kept on each side of where two strings part. */
const CONTEXT_CHARS = 10;

export function checkDifferences(expected: unknown, actual: unknown): string[] {
  const lines = differences(expected, actual, '');
  if (lines.length === 0) return [`expected ${compactJson(expected)}, got ${compactJson(actual)}`];
  if (lines.length <= MAX_LINES) return lines;
  return [...lines.slice(0, MAX_LINES - 1), `…and ${lines.length - MAX_LINES + 1} more differences`];
}

/** Why each of a turn's model calls gave nothing usable, e.g. "correct call invalid: append uses index -1, got 9". */
export function callDetails(calls: readonly LlmCallReport[]): string[] {
  return calls.filter((call) => call.detail && call.outcome !== 'ok').map((call) => `${call.endpoint} call ${call.outcome}: ${call.detail}`);
}

function differences(expected: unknown, actual: unknown, at: string): string[] {
  if (Array.isArray(expected) && Array.isArray(actual)) return listDifferences(expected, actual, at);
  if (isRecord(expected) && isRecord(actual)) {
    // Only the expected fields count: a check compares the fields a dataset names.
    return Object.keys(expected).flatMap((key) => differences(expected[key], actual[key], at ? `${at} ${key}` : key));
  }
  if (same(expected, actual)) return [];
  const prefix = at ? `${at}: ` : '';
  if (typeof expected === 'string' && typeof actual === 'string') {
    const [e, a] = focus(expected, actual);
    return [`${prefix}expected ${e}, got ${a}`];
  }
  return [`${prefix}expected ${compactJson(expected)}, got ${compactJson(actual)}`];
}

function listDifferences(expected: readonly unknown[], actual: readonly unknown[], at: string): string[] {
  const named = at ? `${at} ` : '';
  const lines = expected.length === actual.length ? [] : [`${named}expected ${count(expected.length)}, got ${actual.length}`];
  for (let i = 0; i < Math.max(expected.length, actual.length); i++) {
    const item = `${named}item ${i + 1}`;
    if (i >= actual.length) lines.push(`${item} missing: ${compactJson(expected[i])}`);
    else if (i >= expected.length) lines.push(`${item} not expected: ${compactJson(actual[i])}`);
    else if (isRecord(expected[i]) && isRecord(actual[i])) {
      // One line per item: its fields that differ, side by side.
      const fields = differences(expected[i], actual[i], '').map((line) => line.replace(/^(\S+): /, '$1 '));
      if (fields.length > 0) lines.push(`${item}: ${fields.join('; ')}`);
    } else lines.push(...differences(expected[i], actual[i], item));
  }
  return lines;
}

/**
 * Both strings quoted, cut to where they part: the agreeing start and end shrink to a few
 * characters each, so the difference in a long spoken line is what shows.
 */
function focus(expected: string, actual: string): [string, string] {
  const e = Array.from(expected);
  const a = Array.from(actual);
  let start = 0;
  while (start < e.length && start < a.length && e[start] === a[start]) start++;
  let end = 0;
  while (end < e.length - start && end < a.length - start && e[e.length - 1 - end] === a[a.length - 1 - end]) end++;
  const cut = (points: string[]) => {
    const head = start > CONTEXT_CHARS ? `…${points.slice(start - CONTEXT_CHARS, start).join('')}` : points.slice(0, start).join('');
    const middle = points.slice(start, points.length - end).join('');
    const tailStart = points.length - end;
    const tail = end > CONTEXT_CHARS ? `${points.slice(tailStart, tailStart + CONTEXT_CHARS).join('')}…` : points.slice(tailStart).join('');
    return JSON.stringify(head + middle + tail);
  };
  return [cut(e), cut(a)];
}

function count(n: number): string {
  return `${n} item${n === 1 ? '' : 's'}`;
}

function same(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
