/**
 * A client's JSON Schema (`response_format.json_schema.schema`) as the subset llama.cpp's grammar
 * builder (node-llama-cpp's GbnfJsonSchema) takes: types, const, enum, objects with properties
 * and required keys, arrays with minItems/maxItems, oneOf (anyOf is read as oneOf: one branch is
 * written either way). Bounds a grammar cannot hold (minimum, maximum) are left to the answer's own
 * validation; a keyword that would change which answers are valid and that the grammar cannot
 * express is refused, so a server never claims to hold a model to a schema it does not enforce.
 */

/** Keywords that only describe or bound a value; a grammar may drop them without accepting a wrong shape. */
const DROPPED = new Set(['$schema', 'title', 'description', 'minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum', 'default', 'examples', 'strict']);
const KEPT = new Set(['type', 'const', 'enum', 'properties', 'required', 'items', 'minItems', 'maxItems', 'additionalProperties', 'oneOf', 'anyOf']);
const MAX_DEPTH = 16;
/** An object's optional properties become one grammar branch per subset: 2^6 = 64 branches at most. */
const MAX_OPTIONAL_PROPERTIES = 6;

export class UnsupportedSchemaError extends Error {
  override readonly name = 'UnsupportedSchemaError';
}

export type GrammarSchema = { readonly [key: string]: unknown };

export function grammarSchemaOf(schema: unknown, path = 'schema', depth = 0): GrammarSchema {
  if (depth > MAX_DEPTH) throw new UnsupportedSchemaError(`${path}: nested deeper than ${MAX_DEPTH}`);
  if (typeof schema !== 'object' || schema === null || Array.isArray(schema)) throw new UnsupportedSchemaError(`${path} is not a schema object`);
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(schema)) {
    if (DROPPED.has(key)) continue;
    if (!KEPT.has(key)) throw new UnsupportedSchemaError(`${path}.${key}: this server's grammar cannot enforce '${key}'`);
    if (key === 'properties') {
      if (typeof value !== 'object' || value === null) throw new UnsupportedSchemaError(`${path}.properties is not an object`);
      out.properties = Object.fromEntries(Object.entries(value).map(([name, sub]) => [name, grammarSchemaOf(sub, `${path}.properties.${name}`, depth + 1)]));
    } else if (key === 'items' || (key === 'additionalProperties' && typeof value === 'object')) {
      out[key] = grammarSchemaOf(value, `${path}.${key}`, depth + 1);
    } else if (key === 'oneOf' || key === 'anyOf') {
      if (!Array.isArray(value) || value.length === 0) throw new UnsupportedSchemaError(`${path}.${key} is not a non-empty array`);
      out.oneOf = value.map((sub, i) => grammarSchemaOf(sub, `${path}.${key}[${i}]`, depth + 1));
    } else {
      out[key] = value;
    }
  }
  if (out.type === 'object' && out.properties !== undefined) return withOptionalProperties(out, path);
  return out;
}

/**
 * llama.cpp's JSON grammar writes every listed property, in order. A property the schema leaves
 * optional (not in `required`) must stay optional — a correction's updatedFields holds only what
 * changes — so the object becomes a choice of objects, one per subset of its optional properties,
 * each in the schema's order. An object with named properties and no word on others takes none.
 */
function withOptionalProperties(object: Record<string, unknown>, path: string): GrammarSchema {
  const properties = object.properties as Record<string, GrammarSchema>;
  const required = new Set(Array.isArray(object.required) ? (object.required as string[]) : []);
  const names = Object.keys(properties);
  const optional = names.filter((name) => !required.has(name));
  const { required: _listed, ...rest } = object;
  const base = { ...rest, additionalProperties: object.additionalProperties ?? false };
  if (optional.length === 0) return base;
  if (optional.length > MAX_OPTIONAL_PROPERTIES) {
    throw new UnsupportedSchemaError(`${path}: ${optional.length} optional properties; this server's grammar takes at most ${MAX_OPTIONAL_PROPERTIES} (list more in 'required')`);
  }
  const branches: GrammarSchema[] = [];
  for (let mask = 0; mask < 2 ** optional.length; mask++) {
    const chosen = new Set(optional.filter((_, bit) => mask & (1 << bit)));
    const kept = names.filter((name) => required.has(name) || chosen.has(name));
    branches.push({ ...base, properties: Object.fromEntries(kept.map((name) => [name, properties[name]])) });
  }
  return { oneOf: branches };
}
