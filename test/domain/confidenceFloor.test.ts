/**
 * The app's confidence floor and deadlines live in one place, DEFAULT_CONFIG. What cannot read it
 * (prompt text, dataset files, layers that may not import domain/) is checked against it here, so
 * a change of the floor fails until every one of them follows.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { resolveDatasetFiles, streamDatasets } from '../../src/datasets/loadDatasets.js';
import { DEFAULT_CONFIG } from '../../src/domain/sessionTypes.js';
import { CONFIDENT, UNSURE as GENERATED_UNSURE } from '../../src/generate/model.js';
import { LOW_CONFIDENCE } from '../../src/llm/perturbBackend.js';
import { SURE as HEURISTIC_SURE, UNSURE as HEURISTIC_UNSURE } from '../../src/reference/heuristicCorrection.js';
import { SURE as ORACLE_SURE } from '../../src/users/oracleBackend.js';

const ROOT = join(import.meta.dirname, '../..');
const FLOOR = DEFAULT_CONFIG.confidenceFloor;
/** Dataset confidences this close to the floor are boundary cases: they must sit on it or one step under. */
const NEAR = 0.05;
const STEP = 0.01;

function* confidences(value: unknown): Generator<number> {
  if (Array.isArray(value)) for (const item of value) yield* confidences(item);
  else if (value !== null && typeof value === 'object') {
    for (const [key, inner] of Object.entries(value)) {
      if (key === 'confidence' && typeof inner === 'number') yield inner;
      else yield* confidences(inner);
    }
  }
}

describe('the confidence floor is DEFAULT_CONFIG.confidenceFloor everywhere', () => {
  it('the correction prompt tells the model the same floor', () => {
    const prompt = readFileSync(join(ROOT, 'prompts/correction-dialogue.txt'), 'utf8');
    const stated = /under (\d+(?:\.\d+)?) when you are guessing/.exec(prompt);
    expect(stated, 'the prompt states the floor').not.toBeNull();
    expect(Number(stated![1])).toBe(FLOOR);
  });

  it('the bundled datasets test the boundary at the floor: on it, and one step under', () => {
    const near: number[] = [];
    for (const dialogue of streamDatasets(resolveDatasetFiles(['datasets/*', 'datasets/model/*']))) {
      for (const turn of dialogue.turns) for (const c of confidences(turn.llm)) if (Math.abs(c - FLOOR) < NEAR) near.push(c);
    }
    const values = [...new Set(near.map((c) => c.toFixed(2)))].sort();
    expect(values).toEqual([(FLOOR - STEP).toFixed(2), FLOOR.toFixed(2)]);
  });

  it('every scripted or simulated model answers on the side of the floor it means to', () => {
    // The generator's low-confidence turns expect the correction not to apply; its other answers do.
    expect(GENERATED_UNSURE).toBeLessThan(FLOOR);
    expect(CONFIDENT).toBeGreaterThanOrEqual(FLOOR);
    // --perturb lowConfidence must land under the floor to be a fault at all.
    expect(LOW_CONFIDENCE).toBeLessThan(FLOOR);
    expect(HEURISTIC_SURE).toBeGreaterThanOrEqual(FLOOR);
    expect(HEURISTIC_UNSURE).toBeLessThan(FLOOR);
    expect(ORACLE_SURE).toBeGreaterThanOrEqual(FLOOR);
  });

  it('no source file spells the floor out but the config (named probabilities excepted)', () => {
    // [file, the line's text]: the config itself, and values equal to the floor that are not the floor (probabilities, a sampling temperature).
    const allowed: [string, string][] = [
      ['src/domain/sessionTypes.ts', 'confidenceFloor: '],
      ['src/users/speech.ts', 'noPunctuation: 0.7,'],
      ['src/generate/scenario.ts', 'const APPEND_BY_LLM_SHARE = 0.7;'],
      ['src/cli/userModelOptions.ts', 'export const DEFAULT_USER_TEMPERATURE = 0.7;'],
    ];
    const literal = new RegExp(`(?<![\\d.])${String(FLOOR).replace('.', '\\.')}0*(?![\\d])`);
    const found: string[] = [];
    const walk = (dir: string): void => {
      for (const entry of readdirSync(dir, { withFileTypes: true })) {
        const path = join(dir, entry.name);
        if (entry.isDirectory()) walk(path);
        else if (entry.name.endsWith('.ts') && !entry.name.endsWith('.generated.ts')) {
          const file = relative(ROOT, path);
          for (const line of readFileSync(path, 'utf8').split('\n')) {
            if (literal.test(line) && !allowed.some(([f, text]) => f === file && line.includes(text))) found.push(`${file}: ${line.trim()}`);
          }
        }
      }
    };
    walk(join(ROOT, 'src'));
    expect(found).toEqual([]);
  });
});
