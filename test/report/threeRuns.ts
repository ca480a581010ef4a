import { copyFileSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { cli, ROOT, tempDir } from '../support/cli.js';

/** The dialogue the regressed run breaks: its scripted correction names the wrong item. */
export const BROKEN_ID = 's001-correction-notifies';
const RIGHT = 'index: 1, updatedFields: {amount: 2.5}';
const WRONG = 'index: 0, updatedFields: {amount: 2.5}';

export interface ThreeRuns {
  readonly dir: string;
  readonly history: string;
  readonly runs: readonly string[];
  readonly compareOut: string;
  readonly outputs: readonly { status: number | null; stdout: string; stderr: string }[];
}

/**
 * A baseline run, a regressed run (one scripted answer corrupted in the same dataset file) and a
 * fixed run, all into one history, then `compare` of the first two. `lang` applies to every page.
 */
export function threeRuns(lang: 'en' | 'zh' = 'en'): ThreeRuns {
  const dir = tempDir('three-runs-');
  const dataset = join(dir, 'suite.yaml');
  const history = join(dir, 'history.sqlite');
  const original = readFileSync(join(ROOT, 'datasets/seed-001-orchestrator.yaml'), 'utf8');
  if (!original.includes(RIGHT)) throw new Error('seed-001 dataset changed: update threeRuns()');
  const runs = ['baseline', 'regressed', 'fixed'].map((name) => join(dir, name));
  const outputs = [];
  copyFileSync(join(ROOT, 'datasets/seed-001-orchestrator.yaml'), dataset);
  const run = (out: string, extra: string[] = []) =>
    cli(['run', '--dataset', dataset, '--out', out, '--history', history, '--lang', lang, '--no-progress', ...extra]);
  outputs.push(run(runs[0]!));
  writeFileSync(dataset, original.replace(RIGHT, WRONG));
  outputs.push(run(runs[1]!, ['--baseline', join(runs[0]!, 'report.json')]));
  writeFileSync(dataset, original);
  outputs.push(run(runs[2]!, ['--baseline', join(runs[0]!, 'report.json')]));
  const compareOut = join(dir, 'compare');
  outputs.push(cli(['compare', join(runs[0]!, 'report.json'), join(runs[1]!, 'report.json'), '--out', compareOut, '--lang', lang]));
  return { dir, history, runs, compareOut, outputs };
}
