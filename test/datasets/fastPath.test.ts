import { mkdtempSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { idPositions } from '../../src/datasets/idPositions.js';
import { displayPath } from '../../src/datasets/datasetFile.js';
import { loadYamlDataset, loadYamlExact, loadYamlFast } from '../../src/datasets/loadYamlDataset.js';
import { datasetHeader, generateDialogues } from '../../src/generate/generateDataset.js';
import { dialogueYaml } from '../../src/generate/yamlWriter.js';
import { ROOT } from '../support/cli.js';

const withIdPositions = (dialogues: readonly object[]) =>
  dialogues.map((d) => ({ ...d, idAt: idPositions.get(d as never) }));

describe('the fast YAML loader gives exactly what the positioned loader gives', () => {
  const bundled = readdirSync(join(ROOT, 'datasets')).filter((f) => f.endsWith('.yaml'));

  it.each(bundled)('datasets/%s: same dialogues, turn lines and id positions', (name) => {
    const file = join(ROOT, 'datasets', name);
    const text = readFileSync(file, 'utf8');
    expect(loadYamlFast(text, name)).not.toBeNull();
    expect(withIdPositions(loadYamlFast(text, name)!)).toEqual(withIdPositions(loadYamlExact(text, name)));
    expect(withIdPositions(loadYamlDataset(file))).toEqual(withIdPositions(loadYamlExact(text, displayPath(file))));
  });

  it('a generated suite (one JSON line per dialogue): same result, read per line', () => {
    const options = { count: 60, seed: 11 };
    const text = datasetHeader(options) + [...generateDialogues(options)].map(dialogueYaml).join('');
    const file = join(mkdtempSync(join(tmpdir(), 'fast-')), 'gen.yaml');
    writeFileSync(file, text);
    const shown = displayPath(file);
    expect(withIdPositions(loadYamlDataset(file))).toEqual(withIdPositions(loadYamlExact(text, shown)));
    const firstLine = text.split('\n').findIndex((line) => line.startsWith('- {'));
    expect(loadYamlFast(`${text.split('\n')[firstLine]}\n`, shown, firstLine)).not.toBeNull();
  });

  it('layouts it does not recognise (flow-style turns, a compact root list) fall back to the exact loader', () => {
    const flow = '- {id: a, turns: [{user: 确认}]}\n';
    expect(loadYamlFast(flow, 'f.yaml')).toBeNull();
    expect(loadYamlExact(flow, 'f.yaml')[0]).toMatchObject({ id: 'a', line: 1, turns: [{ line: 1, user: '确认' }] });
    const compact = '- id: b\n  turns:\n  - user: 确认\n  - tap: cancel\n';
    expect(withIdPositions(loadYamlFast(compact, 'c.yaml')!)).toEqual(withIdPositions(loadYamlExact(compact, 'c.yaml')));
  });

  it('invalid input never takes the fast path', () => {
    expect(loadYamlFast('- id: a\n  turns:\n    - user: x\n      expect: {route: remote}\n', 'x.yaml')).toBeNull();
    expect(loadYamlFast('- id: a\n  id: b\n', 'x.yaml')).toBeNull();
  });
});
