import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Ajv } from 'ajv';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
// @ts-expect-error -- a plain .mjs build script without type declarations
import { JSON_FILES, generateJson } from '../../scripts/compileSchemas.mjs';
import { datasetSchema } from '../../src/datasets/datasetSchema.js';
import { schemaProblems } from '../../src/datasets/schemaProblems.js';
import { ROOT } from '../support/cli.js';

const FILE = 'schema/dataset.schema.json';
const fileSchema = JSON.parse(readFileSync(join(ROOT, FILE), 'utf8')) as object;
const editorCheck = new Ajv({ allErrors: true, allowUnionTypes: true }).compile(fileSchema);

/** The bundled dataset files, each with the schema path its first line gives an editor. */
function bundledFiles(): { file: string; schemaLine: string }[] {
  return [
    ...readdirSync(join(ROOT, 'datasets')).filter((f) => f.endsWith('.yaml')).map((f) => ({ file: `datasets/${f}`, schemaLine: '# yaml-language-server: $schema=../schema/dataset.schema.json' })),
    ...readdirSync(join(ROOT, 'datasets/model')).filter((f) => f.endsWith('.yaml')).map((f) => ({ file: `datasets/model/${f}`, schemaLine: '# yaml-language-server: $schema=../../schema/dataset.schema.json' })),
  ];
}

describe(`${FILE}: the dataset format as editors read it`, () => {
  it('is the schema the validator is compiled from (run scripts/compileSchemas.mjs after a schema change)', async () => {
    const target = (JSON_FILES as { file: string }[]).find((t) => t.file === FILE);
    expect(readFileSync(join(ROOT, FILE), 'utf8')).toBe(await generateJson(target));
    expect(fileSchema).toEqual(JSON.parse(JSON.stringify(datasetSchema)));
  });

  it('every bundled dataset names it on its first line and passes it, as it passes the validator', () => {
    const files = bundledFiles();
    expect(files.length).toBeGreaterThan(12);
    for (const { file, schemaLine } of files) {
      const text = readFileSync(join(ROOT, file), 'utf8');
      expect(text.split('\n')[0], file).toBe(schemaLine);
      const data: unknown = parse(text);
      expect(editorCheck(data), `${file}: ${JSON.stringify(editorCheck.errors?.[0])}`).toBe(true);
      expect(schemaProblems(data), file).toEqual([]);
    }
  });

  it('refuses what the validator refuses, at the same field', () => {
    const turn = (llm: object) => [{ id: 'x', turns: [{ user: '漏了一个 打车30', llm }] }];
    const cases = [
      { data: turn({ correct: { corrections: [{ index: 9, updatedFields: { amount: 30 } }], intent: 'append', confidence: 0.9 } }), at: '/0/turns/0/llm/correct/corrections/0/index' },
      { data: turn({ parse: { transactions: [{ amount: 30, type: 'EXPENSE', confidence: 1.5 }] } }), at: '/0/turns/0/llm/parse/transactions/0/confidence' },
      { data: turn({ parse: { transactions: [{ amount: 30, type: 'expense' }] } }), at: '/0/turns/0/llm/parse/transactions/0/type' },
      { data: [{ id: 'x', turns: [{ user: 'y', expect: { route: 'cloud' } }] }], at: '/0/turns/0/expect/route' },
    ];
    for (const { data, at } of cases) {
      expect(editorCheck(data), at).toBe(false);
      expect(editorCheck.errors?.map((e) => e.instancePath), at).toContain(at);
      expect(schemaProblems(data).map((p) => `/${p.path.join('/')}`), at).toContain(at);
    }
  });
});
