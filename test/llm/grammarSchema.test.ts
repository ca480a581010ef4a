import { describe, expect, it } from 'vitest';
import { correctionAnswerFormat, PARSE_ANSWER_FORMAT } from '../../src/gateway/answerFormat.js';
import { grammarSchemaOf, UnsupportedSchemaError } from '../../src/llm/grammarSchema.js';

type Branch = { properties: Record<string, unknown>; additionalProperties: unknown };

describe('a JSON Schema as the grammar takes it', () => {
  it('keeps optional properties optional: one branch per subset, each in the schema\'s order, no other keys', () => {
    const schema = grammarSchemaOf({ type: 'object', required: ['a'], properties: { a: { type: 'number' }, b: { type: 'string' }, c: { type: 'string' } } });
    const branches = (schema as { oneOf: Branch[] }).oneOf;
    expect(branches.map((b) => Object.keys(b.properties).join(','))).toEqual(['a', 'a,b', 'a,c', 'a,b,c']);
    expect(branches.every((b) => b.additionalProperties === false)).toBe(true);
  });

  it('writes an object whose properties are all required as one object', () => {
    const schema = grammarSchemaOf({ type: 'object', required: ['a', 'b'], properties: { a: { type: 'number' }, b: { type: 'string' } } });
    expect(schema).toEqual({ type: 'object', properties: { a: { type: 'number' }, b: { type: 'string' } }, additionalProperties: false });
  });

  it('drops only bounds and descriptions, which the answer\'s own validation still checks', () => {
    expect(grammarSchemaOf({ type: 'number', minimum: 0, maximum: 1, description: 'how sure' })).toEqual({ type: 'number' });
  });

  it('refuses what it cannot enforce rather than claim to hold a model to it', () => {
    expect(() => grammarSchemaOf({ type: 'string', pattern: 'a+' })).toThrow(UnsupportedSchemaError);
    expect(() => grammarSchemaOf({ allOf: [{ type: 'string' }] })).toThrow(/allOf/);
    const seven = Object.fromEntries('abcdefg'.split('').map((k) => [k, { type: 'string' }]));
    expect(() => grammarSchemaOf({ type: 'object', properties: seven })).toThrow(/7 optional properties/);
  });

  it('takes both answer formats the gateway sends: a correction\'s fields all optional, its index one of the batch\'s', () => {
    const correction = grammarSchemaOf(correctionAnswerFormat(3)) as { properties: { corrections: { items: { properties: { index: unknown; updatedFields: { oneOf: Branch[] } } } } } };
    const item = correction.properties.corrections.items;
    expect(item.properties.index).toEqual({ enum: [-1, 0, 1, 2] });
    // amount, type, category, description, date, account: every subset, the empty one included.
    expect(item.properties.updatedFields.oneOf).toHaveLength(64);
    expect(() => grammarSchemaOf(PARSE_ANSWER_FORMAT)).not.toThrow();
  });
});
