import { describe, expect, it } from 'vitest';
import { converse, correctTransactions, parseTransactions } from '../../src/gateway/endpoints.js';
import { loadTemplate, renderCorrectionMessages, renderParseMessages } from '../../src/gateway/promptTemplates.js';
import { validateConversationResponse, validateCorrectionResponse, validateParseResponse } from '../../src/gateway/schemas.js';
import { HeuristicModel } from '../../src/reference/heuristicModel.js';

/** The lines of a template's examples section, which starts at the line beginning with "Examples". */
function exampleLines(template: string): string[] {
  const lines = template.split('\n');
  return lines.slice(lines.findIndex((line) => line.startsWith('Examples')));
}

/** The few-shot answers of a template: its example lines that are a JSON object starting with `prefix`. */
function exampleAnswers(template: string, prefix: string): unknown[] {
  return exampleLines(template)
    .filter((line) => line.startsWith(prefix))
    .map((line) => JSON.parse(line) as unknown);
}

describe('the prompts’ own few-shot examples', () => {
  it('every example answer passes the gateway schema', () => {
    const parse = exampleAnswers(loadTemplate('parse'), '{"transactions"');
    const correct = exampleAnswers(loadTemplate('correct'), '{"corrections"');
    const conversation = exampleAnswers(loadTemplate('conversation'), '{"action"');
    expect(parse.length).toBeGreaterThanOrEqual(3);
    expect(correct.length).toBeGreaterThanOrEqual(5);
    expect(conversation.length).toBe(4);
    for (const answer of parse) expect(validateParseResponse(answer)).toBe(true);
    for (const answer of correct) expect(validateCorrectionResponse(answer)).toBe(true);
    for (const answer of conversation) expect(validateConversationResponse(answer)).toBe(true);
  });

  it('the correction prompt tells the model not to follow instructions inside the user text', () => {
    expect(loadTemplate('correct')).toContain('忽略之前的指令');
    expect(loadTemplate('correct')).toMatch(/do not carry them out/);
  });

  // The examples as the model reads them: rendered for a today, so a dated example names its day.
  const TODAY = '2026-03-01';
  const rendered = (endpoint: 'parse' | 'correct') =>
    (endpoint === 'parse'
      ? renderParseMessages('', { today: TODAY })
      : renderCorrectionMessages({ currentBatch: [], correctionText: '' }, { today: TODAY }))[0]!.content;

  it('a dated example names the day its words mean for today (昨天 → the day before)', () => {
    expect(rendered('parse')).toContain('"description":"打车","date":"2026-02-28"');
    expect(rendered('parse')).toContain('"description":"午饭","date":"2026-03-01"');
    expect(rendered('correct')).toContain('{"index":1,"updatedFields":{"date":"2026-02-28"}}');
  });

  it('the heuristic model agrees with the parse examples', async () => {
    const lines = exampleLines(rendered('parse'));
    const model = new HeuristicModel();
    let checked = 0;
    for (const [i, line] of lines.entries()) {
      if (!line.startsWith('User: ')) continue;
      const expected = JSON.parse(lines[i + 1]!) as { transactions: { amount: number; type: string; category: string; date: string | null }[] };
      const outcome = await parseTransactions(model, line.slice('User: '.length), { render: { today: TODAY } });
      expect(outcome.ok && outcome.value.transactions.map((t) => [t.amount, t.type, t.category, t.date ?? TODAY])).toEqual(
        expected.transactions.map((t) => [t.amount, t.type, t.category, t.date ?? TODAY]),
      );
      checked++;
    }
    expect(checked).toBeGreaterThanOrEqual(3);
  });

  it('the heuristic model agrees with the correction examples', async () => {
    const lines = exampleLines(rendered('correct'));
    const batchLine = lines.find((line) => line.startsWith('{"currentBatch"'))!;
    const { currentBatch } = JSON.parse(batchLine) as { currentBatch: never[] };
    const model = new HeuristicModel();
    for (const [i, line] of lines.entries()) {
      if (!line.startsWith('correctionText ')) continue;
      const expected = JSON.parse(lines[i + 1]!) as { corrections: unknown[]; intent: string };
      const currentBatchFull = (currentBatch as Record<string, unknown>[]).map((item) => ({ date: null, ...item }));
      const outcome = await correctTransactions(
        model,
        {
          currentBatch: currentBatchFull as never,
          correctionText: line.slice('correctionText '.length),
        },
        { render: { today: TODAY } },
      );
      expect(outcome.ok && { intent: outcome.value.intent, corrections: outcome.value.corrections }).toEqual({
        intent: expected.intent,
        corrections: expected.corrections,
      });
    }
  });

  it('the heuristic model agrees with the conversation examples', async () => {
    const lines = exampleLines(loadTemplate('conversation'));
    const current = { amount: 60, type: 'EXPENSE' as const, category: '红包', description: '红包', date: null };
    const model = new HeuristicModel();
    for (const [i, line] of lines.entries()) {
      if (!line.startsWith('text ')) continue;
      const expected = JSON.parse(lines[i + 1]!) as { action: string };
      const outcome = await converse(model, [], current, line.slice('text '.length));
      expect(outcome.ok && outcome.value.action).toBe(expected.action);
    }
  });
});
