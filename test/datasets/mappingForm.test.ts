import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Dialogue } from '../../src/datasets/datasetTypes.js';
import { idPositions } from '../../src/datasets/idPositions.js';
import { loadYamlDataset, loadYamlExact, loadYamlFast, streamYamlDataset } from '../../src/datasets/loadYamlDataset.js';
import { withParsedCache } from '../../src/datasets/parsedDatasetCache.js';
import { scanDatasetFile } from '../../src/datasets/scanDataset.js';
import { cli } from '../support/cli.js';
import { tempDir, tempFile } from './tempFiles.js';

const lines = (...all: string[]) => `${all.join('\n')}\n`;

// The `{today, dialogues}` form (docs/dataset-format.md, Dates) in the layouts a person writes.
const INDENTED = lines(
  '# file-level today',
  'today: "2026-01-01"',
  'dialogues:',
  '  - id: file-today',
  '    turns:',
  '      - user: 昨天打车30',
  '        llm:',
  '          parse: {transactions: [{amount: 30, type: EXPENSE, category: 交通, description: 打车, date: "2025-12-31"}]}',
  '        expect: {batch: [{amount: 30, date: "2025-12-31"}]}',
  '      - user: 确认',
  '        expect: {saved: [{amount: 30, date: "2025-12-31"}]}',
  '  - id: own-today',
  '    today: "2026-03-02"',
  '    turns:',
  '      - user: 午饭35',
  '        llm:',
  '          parse: {transactions: [{amount: 35, type: EXPENSE, category: 餐饮, description: 午饭, date: null}]}',
  '      - user: 确认',
  '        expect: {saved: [{amount: 35, date: "2026-03-02"}]}',
);
const FLUSH_TODAY_LAST = lines('dialogues:', ...INDENTED.split('\n').slice(3, -1).map((l) => l.slice(2)), 'today: "2026-01-01"');

const shape = (dialogues: readonly Dialogue[]) => dialogues.map((d) => ({ ...d, idAt: idPositions.get(d) }));

describe("a {today, dialogues} file on every loader path, the file's today applied to dialogues without their own", () => {
  it.each([
    ['indented list', INDENTED],
    ['list at column 0, today after it', FLUSH_TODAY_LAST],
  ])('%s: the fast loader reads it, exactly as the positioned loader', (_name, text) => {
    const fast = loadYamlFast(text, 'm.yaml');
    expect(fast).not.toBeNull();
    expect(shape(fast!)).toEqual(shape(loadYamlExact(text, 'm.yaml')));
    expect(fast!.map((d) => d.today)).toEqual(['2026-01-01', '2026-03-02']);
  });

  it('streams, loads whole, caches and counts it', () => {
    const file = tempFile('m.yaml', INDENTED);
    const exact = shape(loadYamlExact(INDENTED, file));
    expect(shape([...streamYamlDataset(file)])).toEqual(exact);
    expect(shape(loadYamlDataset(file))).toEqual(exact);
    const cache = tempDir();
    expect(shape([...withParsedCache(file, file, () => streamYamlDataset(file), cache)])).toEqual(exact);
    const fromCache = [...withParsedCache(file, file, () => { throw new Error('parsed again'); }, cache)];
    expect(shape(fromCache)).toEqual(exact);
    expect(scanDatasetFile(file)?.dialogues).toBe(2);
    expect(scanDatasetFile(tempFile('f.yaml', FLUSH_TODAY_LAST))?.dialogues).toBe(2);
  });

  it("validate and run take it: a relative word's hint uses the file's today, an error is located in the file", () => {
    const good = tempFile('m.yaml', INDENTED);
    expect(cli(['validate', good])).toMatchObject({ status: 0 });
    const out = tempDir();
    const run = cli(['run', '--dataset', good, '--out', out, '--no-progress']);
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
    const report = JSON.parse(readFileSync(join(out, 'report.json'), 'utf8')) as { dialogues: { id: string; today?: string }[] };
    expect(report.dialogues.map((d) => [d.id, d.today])).toEqual([['file-today', '2026-01-01'], ['own-today', '2026-03-02']]);

    const bad = tempFile('bad.yaml', INDENTED.replace('date: "2025-12-31"}]}\n      - user: 确认', 'date: 昨天}]}\n      - user: 确认').replace('category: 餐饮', 'category: 餐饮, amout: 1'));
    const checked = cli(['validate', bad]);
    expect(checked.status).toBe(2);
    expect(checked.stdout + checked.stderr).toContain('bad.yaml:9:');
    expect(checked.stdout + checked.stderr).toContain('write the day 昨天 means for today 2026-01-01: 2025-12-31');
    expect(checked.stdout + checked.stderr).toMatch(/bad\.yaml:17:\d+.*amout/);
    expect(cli(['run', '--dataset', bad, '--out', tempDir(), '--no-progress']).status).toBe(2);
  });
});
