import type { ErrorObject } from 'ajv';
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
  return (validate.errors ?? []).map((error) => toProblem(error, data));
}

function toProblem(error: ErrorObject, data: unknown): Problem {
  const path = pointerSegments(error.instancePath, data);
  const params = error.params as Record<string, unknown>;
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
      return { path, message: `must be ${types.join(' or ')} (got ${showValue(error.data)})` };
    }
    case 'minItems':
    case 'minLength':
      return { path, message: 'must not be empty' };
    case 'minimum':
      return { path, message: `must be >= ${String(params['limit'])} (got ${showValue(error.data)})` };
    case 'exclusiveMinimum':
      return { path, message: `must be > ${String(params['limit'])} (got ${showValue(error.data)})` };
    default:
      return { path, message: error.message ?? error.keyword };
  }
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
