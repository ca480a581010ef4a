import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../support/cli.js';

// docs/dataset-format.md has one row per dataset key; the schema file is the contract it documents.
type SchemaNode = {
  properties?: Record<string, SchemaNode>;
  items?: SchemaNode;
  oneOf?: SchemaNode[];
  anyOf?: SchemaNode[];
  allOf?: SchemaNode[];
  enum?: unknown[];
  const?: unknown;
  type?: string | string[];
};

const schema = JSON.parse(readFileSync(join(ROOT, 'schema/dataset.schema.json'), 'utf8')) as { items: SchemaNode };

/** Every key path of a dialogue (`turns[].expect.batch[].amount`), with the values its schema allows by name. */
function keyPaths(node: SchemaNode, path: string, into: Map<string, Set<unknown>>): Map<string, Set<unknown>> {
  const allowed = into.get(path);
  if ([node.type ?? []].flat().includes('null')) allowed?.add(null);
  for (const value of node.enum ?? []) allowed?.add(value);
  if ('const' in node) allowed?.add(node.const);
  for (const branch of [...(node.oneOf ?? []), ...(node.anyOf ?? []), ...(node.allOf ?? [])]) keyPaths(branch, path, into);
  if (node.items) {
    if (node.items.properties) keyPaths(node.items, `${path}[]`, into);
    else keyPaths(node.items, path, into);
  }
  for (const [key, child] of Object.entries(node.properties ?? {})) {
    const childPath = path ? `${path}.${key}` : key;
    if (!into.has(childPath)) into.set(childPath, new Set());
    keyPaths(child, childPath, into);
  }
  return into;
}

const schemaKeys = keyPaths(schema.items, '', new Map());
const doc = readFileSync(join(ROOT, 'docs/dataset-format.md'), 'utf8');
const keySection = doc.slice(doc.indexOf('## Every key'), doc.indexOf('\n## ', doc.indexOf('## Every key') + 1));
const tableRows = new Map(
  keySection.split('\n').flatMap(
    (line) =>
      /^\| `([A-Za-z[\].]+)` \|/
        .exec(line)
        ?.slice(1)
        .map((key) => [key, line] as const) ?? [],
  ),
);
const mentions = (row: string, word: string) => new RegExp(`(?<![A-Za-z])${word}(?![A-Za-z])`).test(row);

describe('docs/dataset-format.md: every dataset key in one table, checked against schema/dataset.schema.json', () => {
  it('has a row for every key of the schema, and no row for a key the schema lacks', () => {
    expect(schemaKeys.size).toBeGreaterThan(80);
    expect([...schemaKeys.keys()].filter((key) => !tableRows.has(key))).toEqual([]);
    expect([...tableRows.keys()].filter((key) => !schemaKeys.has(key))).toEqual([]);
  });

  it('says `null` in the type of exactly the keys whose schema allows null', () => {
    const typeCell = (key: string) => tableRows.get(key)?.split(' | ')[1] ?? '';
    const disagree = [...schemaKeys].filter(([key, values]) => values.has(null) !== mentions(typeCell(key), 'null')).map(([key]) => key);
    expect(disagree).toEqual([]);
  });

  it('names every value an enumerated key allows in its row (each part of an `a:b` value)', () => {
    const missing = [...schemaKeys].flatMap(([key, values]) =>
      [...values]
        .filter((value) => value !== null)
        .flatMap((value) =>
          String(value)
            .split(':')
            .filter((part) => !mentions(tableRows.get(key) ?? '', part))
            .map((part) => `${key}: ${part}`),
        ),
    );
    expect(missing).toEqual([]);
  });
});
