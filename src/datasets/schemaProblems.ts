import type { ErrorObject } from 'ajv';
import { RULES_WORDED_BY_VALIDATE } from './datasetSchema.js';
import { validateDataset } from './datasetValidator.generated.js';
import { didYouMean, showValue } from './issueText.js';
import { pointerSegments, type Segment } from './yamlSource.js';

/** A problem found in the data, before it is given a file position. */
export interface Problem {
  /** The field the message is about. */
  readonly path: readonly Segment[];
  readonly message: string;
  /** Where to point, when not at `path` itself. */
  readonly at?: readonly Segment[];
  readonly target?: 'key' | 'value';
}

// datasetSchema compiled ahead of time (scripts/compileSchemas.mjs): no run loads ajv or compiles it.
const validate = validateDataset as { (data: unknown): boolean; errors?: ErrorObject[] | null };

export function schemaProblems(data: unknown): Problem[] {
  if (validate(data)) return [];
  // A mapping without `dialogues` is most likely one dialogue written without its `- `: one message, not one per key.
  if (data !== null && typeof data === 'object' && !Array.isArray(data) && !('dialogues' in data)) {
    return [{ path: [], message: `must be a list of dialogues, or a mapping of today and dialogues (got ${showValue(data)})` }];
  }
  // An if/then's own error only repeats the errors of its `then`.
  return (validate.errors ?? [])
    .filter((error) => error.keyword !== 'if' && !wordedByValidate(error))
    .map((error) => toProblem(error, data));
}

function wordedByValidate(error: ErrorObject): boolean {
  return RULES_WORDED_BY_VALIDATE.some((rule) => error.schemaPath.includes(rule));
}

function toProblem(error: ErrorObject, data: unknown): Problem {
  const path = pointerSegments(error.instancePath, data);
  const params = error.params as Record<string, unknown>;
  // A rule that says why (the append index) is named in its own words.
  const why = error.parentSchema?.['description'] as string | undefined;
  switch (error.keyword) {
    case 'additionalProperties': {
      const field = String(params['additionalProperty']);
      const allowed = Object.keys((error.parentSchema?.['properties'] as object | undefined) ?? {});
      const hint = didYouMean(field, allowed) || ` (allowed: ${allowed.join(', ')})`;
      return { path: [...path, field], message: `unknown field${hint}`, target: 'key' };
    }
    case 'required':
      return { path: [...path, String(params['missingProperty'])], message: 'is required', at: path };
    case 'enum': {
      const allowed = (params['allowedValues'] as unknown[]).map(String);
      const hint = typeof error.data === 'string' ? didYouMean(error.data, allowed) : '';
      return { path, message: `must be one of ${allowed.join(', ')} (got ${showValue(error.data)})${hint}` };
    }
    case 'type': {
      const types = String(params['type']).split(',').map((t) => TYPE_NAMES[t] ?? t);
      return { path, message: `must be ${types.join(' or ')} (got ${showValue(error.data)})${colonHint(types, error.data)}` };
    }
    case 'const':
      return { path, message: `${why ?? `must be ${showValue(params['allowedValue'])}`} (got ${showValue(error.data)})` };
    case 'minItems':
    case 'minLength':
      return { path, message: why ? `must not be empty: ${why}` : 'must not be empty' };
    case 'minimum':
    case 'maximum':
    case 'exclusiveMinimum':
    case 'exclusiveMaximum': {
      const range = `${BOUNDS[error.keyword]} ${String(params['limit'])}`;
      return { path, message: `must be ${range} (got ${showValue(error.data)})${rangeOf(error.parentSchema)}` };
    }
    default:
      return { path, message: error.message ?? error.keyword };
  }
}

/** Text with an unquoted ": " reads as a one-key mapping: say so where text was expected. */
function colonHint(expected: readonly string[], data: unknown): string {
  const oneKeyMapping = data !== null && typeof data === 'object' && !Array.isArray(data) && Object.keys(data).length === 1;
  return expected.includes(TYPE_NAMES['string']!) && oneKeyMapping ? '; an unquoted ": " makes a mapping: quote the text' : '';
}

const BOUNDS: Record<string, string> = { minimum: '>=', maximum: '<=', exclusiveMinimum: '>', exclusiveMaximum: '<' };

/** ` (a number from 0 to 1)` when the schema bounds the value on both sides. */
function rangeOf(schema: Record<string, unknown> | undefined): string {
  const low = schema?.['minimum'];
  const high = schema?.['maximum'];
  return typeof low === 'number' && typeof high === 'number' ? `: a number from ${low} to ${high}` : '';
}

const TYPE_NAMES: Record<string, string> = {
  string: 'a string',
  number: 'a number',
  integer: 'an integer',
  boolean: 'true or false',
  array: 'a list',
  object: 'a mapping',
  null: 'null',
};
