import { DEFAULT_TODAY, dayValueProblem, isCalendarDay, todayProblem } from '../domain/relativeDates.js';
import type { Problem } from './schemaProblems.js';
import type { Segment } from './yamlSource.js';

/**
 * The dates of one dialogue as written: its `today`, the dates it expects (batch items, saved rows,
 * the batch sent for correction) and those its scripted answers give (a parse's transactions, a
 * correction's updatedFields, a conversation's transaction). Each must be a calendar day; a
 * relative word (昨天) is refused with the day it means for the dialogue's today (its own, else
 * the file's, else DEFAULT_TODAY: the run's --today is not known when a file is checked).
 */
export function dialogueDateProblems(dialogue: Record<string, unknown>, path: readonly Segment[], fileToday: unknown): Problem[] {
  const own = dialogue['today'];
  const problems: Problem[] = todayProblems(own, [...path, 'today']);
  const today = isCalendarDay(own) ? own : isCalendarDay(fileToday) ? fileToday : DEFAULT_TODAY;
  const check = (holder: unknown, at: readonly Segment[]): void => {
    const date = isRecord(holder) ? holder['date'] : undefined;
    const problem = typeof date === 'string' ? dayValueProblem(date, today) : null;
    if (problem) problems.push({ path: [...at, 'date'], message: problem });
  };
  const eachOf = (list: unknown, at: readonly Segment[], item: (value: unknown, itemAt: readonly Segment[]) => void): void => {
    if (Array.isArray(list)) list.forEach((value: unknown, k) => item(value, [...at, k]));
  };
  const turns = dialogue['turns'];
  eachOf(turns, [...path, 'turns'], (turn, at) => {
    if (!isRecord(turn)) return;
    const expect = isRecord(turn['expect']) ? turn['expect'] : {};
    for (const key of ['batch', 'saved'] as const) eachOf(expect[key], [...at, 'expect', key], check);
    const request = isRecord(expect['llmRequest']) ? expect['llmRequest'] : {};
    eachOf(request['currentBatch'], [...at, 'expect', 'llmRequest', 'currentBatch'], check);
    const llm = isRecord(turn['llm']) ? turn['llm'] : {};
    const parse = isRecord(llm['parse']) ? llm['parse'] : {};
    eachOf(parse['transactions'], [...at, 'llm', 'parse', 'transactions'], check);
    const correct = isRecord(llm['correct']) ? llm['correct'] : {};
    eachOf(correct['corrections'], [...at, 'llm', 'correct', 'corrections'], (correction, correctionAt) => {
      if (isRecord(correction)) check(correction['updatedFields'], [...correctionAt, 'updatedFields']);
    });
    const conversation = isRecord(llm['conversation']) ? llm['conversation'] : {};
    check(conversation['transaction'], [...at, 'llm', 'conversation', 'transaction']);
  });
  return problems;
}

/** A `today` (a dialogue's or a file's) that is not a calendar day from EARLIEST_TODAY on: it names the day, so no hint. */
export function todayProblems(today: unknown, path: readonly Segment[]): Problem[] {
  const problem = typeof today === 'string' ? todayProblem(today) : null;
  return problem ? [{ path, message: `must be a calendar day YYYY-MM-DD (got ${JSON.stringify(today)}): ${problem}` }] : [];
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}
