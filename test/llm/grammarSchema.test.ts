import { describe, expect, it } from 'vitest';
import { CONVERSATION_ANSWER_FORMAT, correctionAnswerFormat, PARSE_ANSWER_FORMAT } from '../../src/gateway/answerFormat.js';
import { grammarSchemaOf, MAX_GRAMMAR_NODES, UnsupportedSchemaError } from '../../src/llm/grammarSchema.js';

type Branch = { properties: Record<string, unknown>; additionalProperties: unknown };

describe('a JSON Schema as the grammar takes it', () => {
  it("keeps optional properties optional: one branch per subset, each in the schema's order, no other keys", () => {
    const schema = grammarSchemaOf({ type: 'object', required: ['a'], properties: { a: { type: 'number' }, b: { type: 'string' }, c: { type: 'string' } } });
    const branches = (schema as { oneOf: Branch[] }).oneOf;
    expect(branches.map((b) => Object.keys(b.properties).join(','))).toEqual(['a', 'a,b', 'a,c', 'a,b,c']);
    expect(branches.every((b) => b.additionalProperties === false)).toBe(true);
  });

  it('writes an object whose properties are all required as one object', () => {
    const schema = grammarSchemaOf({ type: 'object', required: ['a', 'b'], properties: { a: { type: 'number' }, b: { type: 'string' } } });
    expect(schema).toEqual({ type: 'object', properties: { a: { type: 'number' }, b: { type: 'string' } }, additionalProperties: false });
  });

  it("drops only bounds and descriptions, which the answer's own validation still checks", () => {
    expect(grammarSchemaOf({ type: 'number', minimum: 0, maximum: 1, description: 'how sure' })).toEqual({ type: 'number' });
  });

  it('refuses what it cannot enforce rather than claim to hold a model to it', () => {
    expect(() => grammarSchemaOf({ type: 'string', pattern: 'a+' })).toThrow(UnsupportedSchemaError);
    expect(() => grammarSchemaOf({ allOf: [{ type: 'string' }] })).toThrow(/allOf/);
    const seven = Object.fromEntries('abcdefg'.split('').map((k) => [k, { type: 'string' }]));
    expect(() => grammarSchemaOf({ type: 'object', properties: seven })).toThrow(/7 optional properties/);
  });

  it("takes both answer formats the gateway sends: a correction's fields all optional, its index one of the batch's", () => {
    const correction = grammarSchemaOf(correctionAnswerFormat(3)) as {
      properties: { corrections: { items: { properties: { index: unknown; updatedFields: { oneOf: Branch[] } } } } };
    };
    const item = correction.properties.corrections.items;
    expect(item.properties.index).toEqual({ enum: [-1, 0, 1, 2] });
    // amount, type, category, description, date, account: every subset, the empty one included.
    expect(item.properties.updatedFields.oneOf).toHaveLength(64);
    expect(() => grammarSchemaOf(PARSE_ANSWER_FORMAT)).not.toThrow();
  });
});

describe("the cost of a schema's grammar is bounded before it is built (issue 41)", () => {
  const object = (properties: Record<string, unknown>, required: string[] = []) => ({ type: 'object', required, properties });
  const fiveOptional = (inner: () => unknown) => object(Object.fromEntries(['a', 'b', 'c', 'd', 'e'].map((key) => [key, inner()])));
  const nested = (depth: number): unknown => fiveOptional(() => (depth > 1 ? nested(depth - 1) : { type: 'string' }));

  it('"three nested objects of five optional properties each" is refused, naming the limit', () => {
    expect(() => grammarSchemaOf(nested(3))).toThrow(new RegExp(`its grammar would take more than ${MAX_GRAMMAR_NODES} schema nodes, this server's limit`));
  });

  it('the check comes before any branch is built: sixteen such levels, one nested in each, are refused at once', () => {
    const chain = (depth: number): unknown =>
      object({
        a: depth > 1 ? chain(depth - 1) : { type: 'string' },
        b: { type: 'string' },
        c: { type: 'string' },
        d: { type: 'string' },
        e: { type: 'string' },
      });
    const started = performance.now();
    expect(() => grammarSchemaOf(chain(16))).toThrow(UnsupportedSchemaError);
    expect(performance.now() - started).toBeLessThan(200);
  });

  it('counts a long enum or many required properties too, not only optional branches', () => {
    expect(() => grammarSchemaOf({ enum: Array.from({ length: MAX_GRAMMAR_NODES }, (_, i) => i) })).toThrow(/schema\.enum: its grammar would take more than/);
    // As long as a 1 MB body allows: refused by the limit, not by the call stack.
    expect(() => grammarSchemaOf({ enum: new Array(500_000).fill(0) })).toThrow(UnsupportedSchemaError);
    const many = Object.fromEntries(Array.from({ length: 1500 }, (_, i) => [`p${i}`, { type: 'string' }]));
    expect(() => grammarSchemaOf(object(many, Object.keys(many)))).toThrow(UnsupportedSchemaError);
  });

  it("takes what is within it: the gateway's answer formats, two levels of three optional properties, a 1 000-value enum", () => {
    for (const schema of [PARSE_ANSWER_FORMAT, correctionAnswerFormat(10), CONVERSATION_ANSWER_FORMAT]) expect(() => grammarSchemaOf(schema)).not.toThrow();
    const three = (inner: () => unknown) => object({ a: inner(), b: inner(), c: inner() });
    expect(() => grammarSchemaOf(three(() => three(() => ({ type: 'number' }))))).not.toThrow();
    expect(() => grammarSchemaOf({ enum: Array.from({ length: 1000 }, (_, i) => `v${i}`) })).not.toThrow();
  });

  it('minItems and maxItems past what llama.cpp repeats are refused by name; a count that is not one too', () => {
    expect(() => grammarSchemaOf({ type: 'array', items: { type: 'string' }, minItems: 1_000_000 })).toThrow(
      /schema\.minItems is 1000000; this server's grammar takes at most 500/,
    );
    expect(() => grammarSchemaOf({ type: 'array', items: { type: 'string' }, maxItems: 501 })).toThrow(/schema\.maxItems is 501/);
    expect(() => grammarSchemaOf({ type: 'array', maxItems: -1 })).toThrow(/schema\.maxItems is not a whole number/);
    expect(() => grammarSchemaOf({ type: 'array', items: { type: 'string' }, minItems: 500, maxItems: 500 })).not.toThrow();
  });
});
