/**
 * What differs between a failed check's expected and actual values, as a few readable lines:
 * for lists (batch, saved, mapping, tts …) the items that differ and their fields, for strings
 * the part that differs, so a long batch or spoken line is not cut before the difference.
 */
import { compactJson } from '../words/format.js';
import { inLang, pick, punctuation, type Words } from '../words/wording.js';
import type { Lang, LlmCallReport } from './reportTypes.js';

/** The words of a difference line, in English and Chinese. */
export const DIFFERENCE_WORDS = {
  expectedGot: ['expected {0}, got {1}', '期望 {0}，实际 {1}'],
  items: ['{0} items', '{0} 笔'],
  oneItem: ['1 item', '1 笔'],
  item: ['item {0}', '第 {0} 项'],
  missing: ['{0} missing: {1}', '{0} 缺失：{1}'],
  notExpected: ['{0} not expected: {1}', '{0} 不应出现：{1}'],
  more: ['…and {0} more differences', '……另有 {0} 处不同'],
  call: ['{endpoint} call {outcome}: {detail}', '{endpoint} 调用{outcome}："{detail}"'],
} as const satisfies Record<string, Words>;

/** How a model call ended (LlmCallReport.outcome); English keeps the code. */
export const CALL_OUTCOMES: Readonly<Record<string, Words>> = {
  malformed: ['malformed', '格式错误'],
  invalid: ['invalid', '无效'],
  error: ['error', '出错'],
  timeout: ['timeout', '超时'],
  late: ['late', '超时后才回答'],
  scriptViolation: ['scriptViolation', '不符合脚本'],
};

/** Lines past this are counted, not shown. */
const MAX_LINES = 6;
/** Characters of agreement kept on each side of where two strings part. */
const CONTEXT_CHARS = 10;

export function checkDifferences(expected: unknown, actual: unknown, lang: Lang = 'en'): string[] {
  const lines = differences(expected, actual, '', lang);
  if (lines.length === 0) return [inLang(lang, DIFFERENCE_WORDS.expectedGot, compactJson(expected), compactJson(actual))];
  if (lines.length <= MAX_LINES) return lines;
  return [...lines.slice(0, MAX_LINES - 1), inLang(lang, DIFFERENCE_WORDS.more, lines.length - MAX_LINES + 1)];
}

/** Why each of a turn's model calls gave nothing usable, e.g. "correct call invalid: append uses index -1, got 9". */
export function callDetails(calls: readonly LlmCallReport[], lang: Lang = 'en'): string[] {
  const outcome = (code: string) => (CALL_OUTCOMES[code] ? pick(lang, CALL_OUTCOMES[code]) : code);
  return calls
    .filter((call) => call.detail && call.outcome !== 'ok')
    .map((call) => inLang(lang, DIFFERENCE_WORDS.call, { endpoint: call.endpoint, outcome: outcome(call.outcome), detail: call.detail ?? '' }));
}

function differences(expected: unknown, actual: unknown, at: string, lang: Lang): string[] {
  if (Array.isArray(expected) && Array.isArray(actual)) return listDifferences(expected, actual, at, lang);
  if (isRecord(expected) && isRecord(actual)) {
    // Only the expected fields count: a check compares the fields a dataset names.
    return Object.keys(expected).flatMap((key) => differences(expected[key], actual[key], at ? `${at} ${key}` : key, lang));
  }
  if (same(expected, actual)) return [];
  const prefix = at ? `${at}: ` : '';
  if (typeof expected === 'string' && typeof actual === 'string') {
    const [e, a] = focus(expected, actual);
    return [`${prefix}${inLang(lang, DIFFERENCE_WORDS.expectedGot, e, a)}`];
  }
  return [`${prefix}${inLang(lang, DIFFERENCE_WORDS.expectedGot, compactJson(expected), compactJson(actual))}`];
}

function listDifferences(expected: readonly unknown[], actual: readonly unknown[], at: string, lang: Lang): string[] {
  const named = at ? `${at} ` : '';
  const lines = expected.length === actual.length ? [] : [`${named}${inLang(lang, DIFFERENCE_WORDS.expectedGot, count(expected.length, lang), actual.length)}`];
  for (let i = 0; i < Math.max(expected.length, actual.length); i++) {
    const item = `${named}${inLang(lang, DIFFERENCE_WORDS.item, i + 1)}`;
    if (i >= actual.length) lines.push(inLang(lang, DIFFERENCE_WORDS.missing, item, compactJson(expected[i])));
    else if (i >= expected.length) lines.push(inLang(lang, DIFFERENCE_WORDS.notExpected, item, compactJson(actual[i])));
    else if (isRecord(expected[i]) && isRecord(actual[i])) {
      // One line per item: its fields that differ, side by side.
      const fields = differences(expected[i], actual[i], '', lang).map((line) => line.replace(/^(\S+): /, '$1 '));
      const { colon, semicolon } = punctuation(lang);
      if (fields.length > 0) lines.push(`${item}${colon}${fields.join(semicolon)}`);
    } else lines.push(...differences(expected[i], actual[i], item, lang));
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

function count(n: number, lang: Lang): string {
  return n === 1 ? inLang(lang, DIFFERENCE_WORDS.oneItem) : inLang(lang, DIFFERENCE_WORDS.items, n);
}

function same(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
