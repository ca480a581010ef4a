import { describe, expect, it } from 'vitest';
import { extractJson } from '../../src/gateway/extractJson.js';

describe('extractJson', () => {
  it('reads a bare JSON object', () => {
    expect(extractJson('{"intent":"confirm","corrections":[]}')).toEqual({
      ok: true,
      value: { intent: 'confirm', corrections: [] },
    });
  });

  it('reads a ```json fence with prose around it', () => {
    const text = '好的，结果如下：\n```json\n{"transactions":[{"amount":35,"type":"EXPENSE"}]}\n```\n希望有帮助。';
    const result = extractJson(text);
    expect(result).toEqual({ ok: true, value: { transactions: [{ amount: 35, type: 'EXPENSE' }] } });
  });

  it('reads a fence without a language tag', () => {
    expect(extractJson('```\n{"a":1}\n```')).toEqual({ ok: true, value: { a: 1 } });
  });

  it('finds the object in prose before and after it', () => {
    expect(extractJson('Here you go: {"action":"clarify","message":"改哪笔？"} Let me know.')).toEqual({
      ok: true,
      value: { action: 'clarify', message: '改哪笔？' },
    });
  });

  it('skips a stray brace in the prose before the object', () => {
    expect(extractJson('The format is {like this: {"a":1}')).toEqual({ ok: true, value: { a: 1 } });
  });

  it('keeps braces that sit inside strings', () => {
    expect(extractJson('答案 {"message":"用 } 和 { 也行","n":2} 完')).toEqual({
      ok: true,
      value: { message: '用 } 和 { 也行', n: 2 },
    });
  });

  it('ignores a <think> block of a reasoning model', () => {
    expect(extractJson('<think>maybe {"intent":"cancel"}? no.</think>{"intent":"confirm"}')).toEqual({
      ok: true,
      value: { intent: 'confirm' },
    });
  });

  it.each([
    ['empty text', '', /empty/],
    ['prose only', '抱歉，我无法理解您的意思。', /no JSON object/],
    ['a truncated object', '{"corrections":[{"index":0,', /no parsable JSON object/],
    ['a trailing comma (never repaired)', '{"intent":"confirm",}', /no parsable JSON object/],
    ['a top-level array', '[{"amount":1}]', /not an object/],
  ])('fails with a reason on %s', (_name, text, reason) => {
    const result = extractJson(text);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.reason).toMatch(reason);
  });
});
