import { describe, expect, it } from 'vitest';
import { extractJson } from '../../src/gateway/extractJson.js';
import { REDACTED, secretRedactor } from '../../src/llm/redactSecret.js';

describe('extractJson on hostile answers: a result, whatever the text', () => {
  it("finds the object after 100 stray '{' in the prose", () => {
    expect(extractJson(`${'{'.repeat(100)} 结果：{"transactions": []}`)).toEqual({ ok: true, value: { transactions: [] } });
  });

  it('finds the object after an unbalanced quote in the prose', () => {
    expect(extractJson('{ 他说"好 {"a": 1}')).toEqual({ ok: true, value: { a: 1 } });
  });

  it("gives up on a million '{' with a reason", () => {
    const result = extractJson('{'.repeat(1 << 20));
    expect(result).toMatchObject({ ok: false });
    expect(!result.ok && result.reason).toMatch(/^no parsable JSON object/);
  });

  it('many unclosed <think> tags are no object; a closed one is skipped', () => {
    expect(extractJson('<think>'.repeat(10_000))).toMatchObject({ ok: false });
    expect(extractJson(`<think>{"a": 1}</think>{"b": 2}`)).toEqual({ ok: true, value: { b: 2 } });
  });

  it('deeply nested JSON in prose is read without a throw (the schema then rejects it)', () => {
    const result = extractJson(`x {"a": ${'['.repeat(200_000)}${']'.repeat(200_000)}}`);
    expect(result.ok && Object.keys(result.value)).toEqual(['a']);
  });
});

describe('secretRedactor: the key in the forms a server or log echoes it', () => {
  const key = 'sk-live-9aQ3xZ7pL2mN8vB4cD6f';
  const redact = secretRedactor(key);
  const b64 = (text: string) => Buffer.from(text).toString('base64');

  it.each([
    ['as is', `Bearer ${key}`],
    ['upper case', `BEARER ${key.toUpperCase()}`],
    ['lower case', key.toLowerCase()],
    ['base64 of the header', b64(`Bearer ${key}`)],
    ['base64 at every alignment', [0, 1, 2].map((n) => b64(`${'x'.repeat(n)}${key}`)).join(' ')],
    ['base64url', Buffer.from(`u:${key}`).toString('base64url')],
    ['hex', Buffer.from(key).toString('hex')],
    ['URL-encoded', encodeURIComponent(`k=${key}`)],
  ])('%s', (_name, text) => {
    const out = redact(text);
    expect(out).toContain(REDACTED);
    expect(out).not.toContain(key);
    expect(out.toLowerCase()).not.toContain(key.toLowerCase());
  });

  it('leaves text without the key, and a key too short to be told from text, alone', () => {
    expect(redact('午饭35块')).toBe('午饭35块');
    expect(secretRedactor('abc')('abc abc')).toBe('abc abc');
  });
});
