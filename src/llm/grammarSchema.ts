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
/**
 * The grammar builder (node-llama-cpp) walks the schema on the server's one thread, once for every
 * branch a node sits in, so nested objects with optional properties multiply: three levels of five
 * took 3.9 s here. A node is an object, an array element or a value, counted as often as that walk
 * meets it; the gateway's own schemas are under 800, and a schema at the limit is built in about
 * 0.1 s (docs/hardening.md).
 */
export const MAX_GRAMMAR_NODES = 2048;
/** llama.cpp refuses a grammar that repeats an item much more than 1 000 times ("exceeds sane defaults"). */
export const MAX_ARRAY_ITEMS = 500;

export class UnsupportedSchemaError extends Error {
  override readonly name = 'UnsupportedSchemaError';
}

export type GrammarSchema = { readonly [key: string]: unknown };

/** A schema as the grammar takes it, and how many nodes the grammar builder will walk for it. */
interface Built {
  readonly schema: GrammarSchema;
  readonly nodes: number;
}

export function grammarSchemaOf(schema: unknown): GrammarSchema {
  return build(schema, 'schema', 0).schema;
}

function tooCostly(path: string): UnsupportedSchemaError {
  return new UnsupportedSchemaError(
    `${path}: its grammar would take more than ${MAX_GRAMMAR_NODES} schema nodes, this server's limit (each object's optional properties ` +
      "become one branch per subset, so optional properties in nested objects multiply); list more properties in 'required' or nest fewer such objects",
  );
}

/** The nodes of a plain JSON value (an enum's list, a const), counted only as far as the limit. */
function valueNodes(value: unknown, path: string): number {
  let nodes = 0;
  const pending = [value];
  while (pending.length > 0) {
    const next = pending.pop();
    if (++nodes > MAX_GRAMMAR_NODES) throw tooCostly(path);
    // One at a time: spreading a long enum into push() would overflow the call stack.
    if (typeof next === 'object' && next !== null) for (const child of Object.values(next)) pending.push(child);
  }
  return nodes;
}

function checkItemCount(value: unknown, path: string): void {
  if (!Number.isInteger(value) || (value as number) < 0) throw new UnsupportedSchemaError(`${path} is not a whole number >= 0`);
  if ((value as number) > MAX_ARRAY_ITEMS)
    throw new UnsupportedSchemaError(
      `${path} is ${String(value)}; this server's grammar takes at most ${MAX_ARRAY_ITEMS} (llama.cpp cannot repeat an item more often)`,
    );
}

function build(schema: unknown, path: string, depth: number): Built {
  if (depth > MAX_DEPTH) throw new UnsupportedSchemaError(`${path}: nested deeper than ${MAX_DEPTH}`);
  if (typeof schema !== 'object' || schema === null || Array.isArray(schema)) throw new UnsupportedSchemaError(`${path} is not a schema object`);
  const out: Record<string, unknown> = {};
  let nodes = 1;
  const count = (more: number): void => {
    nodes += more;
    if (nodes > MAX_GRAMMAR_NODES) throw tooCostly(path);
  };
  const sub = (value: unknown, at: string): GrammarSchema => {
    const built = build(value, at, depth + 1);
    count(built.nodes);
    return built.schema;
  };
  const propertyNodes = new Map<string, number>();
  for (const [key, value] of Object.entries(schema)) {
    if (DROPPED.has(key)) continue;
    if (!KEPT.has(key)) throw new UnsupportedSchemaError(`${path}.${key}: this server's grammar cannot enforce '${key}'`);
    if (key === 'properties') {
      if (typeof value !== 'object' || value === null) throw new UnsupportedSchemaError(`${path}.properties is not an object`);
      count(1);
      const properties: Array<[string, GrammarSchema]> = [];
      for (const [name, property] of Object.entries(value as Record<string, unknown>)) {
        const built = build(property, `${path}.properties.${name}`, depth + 1);
        count(1 + built.nodes);
        propertyNodes.set(name, 1 + built.nodes);
        properties.push([name, built.schema]);
      }
      out.properties = Object.fromEntries(properties);
    } else if (key === 'items' || (key === 'additionalProperties' && typeof value === 'object')) {
      out[key] = sub(value, `${path}.${key}`);
    } else if (key === 'oneOf' || key === 'anyOf') {
      if (!Array.isArray(value) || value.length === 0) throw new UnsupportedSchemaError(`${path}.${key} is not a non-empty array`);
      count(1);
      out.oneOf = value.map((branch, i) => sub(branch, `${path}.${key}[${i}]`));
    } else {
      if (key === 'minItems' || key === 'maxItems') checkItemCount(value, `${path}.${key}`);
      // `required` is gone from the grammar once optional properties are branches.
      if (key !== 'required') count(valueNodes(value, `${path}.${key}`));
      out[key] = value;
    }
  }
  if (out.type === 'object' && out.properties !== undefined) return withOptionalProperties(out, path, nodes, propertyNodes);
  return { schema: out, nodes };
}

/**
 * llama.cpp's JSON grammar writes every listed property, in order. A property the schema leaves
 * optional (not in `required`) must stay optional — a correction's updatedFields holds only what
 * changes — so the object becomes a choice of objects, one per subset of its optional properties,
 * each in the schema's order. An object with named properties and no word on others takes none.
 * Its cost is counted before a branch is made: each optional property sits in half the branches,
 * everything else in all of them.
 */
function withOptionalProperties(object: Record<string, unknown>, path: string, nodes: number, propertyNodes: ReadonlyMap<string, number>): Built {
  const properties = object.properties as Record<string, GrammarSchema>;
  const required = new Set(Array.isArray(object.required) ? (object.required as string[]) : []);
  const names = Object.keys(properties);
  const optional = names.filter((name) => !required.has(name));
  const { required: _listed, ...rest } = object;
  const base = { ...rest, additionalProperties: object.additionalProperties ?? false };
  if (optional.length === 0) return { schema: base, nodes };
  if (optional.length > MAX_OPTIONAL_PROPERTIES) {
    throw new UnsupportedSchemaError(
      `${path}: ${optional.length} optional properties; this server's grammar takes at most ${MAX_OPTIONAL_PROPERTIES} (list more in 'required')`,
    );
  }
  const branchCount = 2 ** optional.length;
  const optionalNodes = optional.reduce((sum, name) => sum + propertyNodes.get(name)!, 0);
  const expanded = 2 + branchCount * (nodes - optionalNodes) + (branchCount / 2) * optionalNodes;
  if (expanded > MAX_GRAMMAR_NODES) throw tooCostly(path);
  const branches: GrammarSchema[] = [];
  for (let mask = 0; mask < branchCount; mask++) {
    const chosen = new Set(optional.filter((_, bit) => mask & (1 << bit)));
    const kept = names.filter((name) => required.has(name) || chosen.has(name));
    branches.push({ ...base, properties: Object.fromEntries(kept.map((name) => [name, properties[name]])) });
  }
  return { schema: { oneOf: branches }, nodes: expanded };
}
