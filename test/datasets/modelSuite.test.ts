import { readdirSync } from 'node:fs';
import { basename, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFAULT_DATASETS } from '../../src/cli/runCommand.js';
import { validateDatasets } from '../../src/cli/validateCommand.js';
import type { Dialogue, ExpectedItem } from '../../src/datasets/datasetTypes.js';
import { loadDatasets, resolveDatasetFiles } from '../../src/datasets/loadDatasets.js';
import { isCategory } from '../../src/domain/categories.js';
import { DEFAULT_TODAY } from '../../src/domain/relativeDates.js';
import { ROOT } from '../support/cli.js';

// The model-facing gold suite (issue 10 item 3): datasets/model/<family>.yaml, one feature family a file.
const MODEL_DIR = join(ROOT, 'datasets', 'model');
const { dialogues } = loadDatasets([MODEL_DIR]);

/** The least each feature family must hold; a family is a file and the first tag of each of its dialogues. */
const FAMILY_FLOORS: Readonly<Record<string, number>> = {
  split: 60,
  'correct-ordinal': 30,
  'correct-description': 30,
  bulk: 20,
  append: 25,
  judge: 25,
  'item-ops': 20,
  unclear: 20,
  mixed: 20,
  dates: 40,
};

/** Features that cut across families, with their floors. */
const FEATURE_FLOORS: Readonly<Record<string, number>> = {
  remap: 30, // corrections, bulk edits and appends after a cancellation or confirmation
  'remap-shifted': 3, // seed 001's own case: an earlier item cancelled, 第N笔 counts pending items
  cap: 10, // appends up to the cap of 10 and past it
  income: 20,
  truncate: 2,
  offline: 3,
  // Dates (issue 39): corrected by ordinal and by description, appended, across month and year ends and 29 February, days that do not exist.
  'correct-date': 8,
  'by-ordinal': 3,
  'by-description': 3,
  'append-day': 3,
  'multi-day': 5,
  'month-boundary': 3,
  'year-boundary': 3,
  'leap-day': 3,
  'invalid-day': 2,
  'no-day': 3,
};

const familyOf = (d: Dialogue) => basename(d.file, '.yaml');
const countWhere = (pred: (d: Dialogue) => boolean) => dialogues.filter(pred).length;
const userLines = dialogues.flatMap((d) => d.turns.flatMap((t) => (t.user === undefined ? [] : [t.user])));
/** The batch a dialogue's first turn creates: what the model must split the first utterance into. */
const firstBatchSize = (d: Dialogue) => d.turns[0]?.expect?.batch?.length ?? 0;
const expectedItems = (d: Dialogue): ExpectedItem[] =>
  d.turns.flatMap((t) => [...(t.expect?.batch ?? []), ...(t.expect?.saved ?? [])]);

describe('datasets/model: the model-facing gold suite', () => {
  it('validates as a whole folder, like `nlu-harness validate datasets/model`', () => {
    let err = '';
    const code = validateDatasets([MODEL_DIR], { write: () => true }, { write: (text: string) => (err += text) });
    expect(err).toBe('');
    expect(code).toBe(0);
  });

  it('holds at least 300 dialogues, each with a model- id', () => {
    expect(dialogues.length).toBeGreaterThanOrEqual(300);
    expect(dialogues.filter((d) => !d.id.startsWith('model-')).map((d) => d.id)).toEqual([]);
  });

  it('names every dialogue’s feature family as its first tag, the same as its file', () => {
    expect(dialogues.filter((d) => d.tags[0] !== familyOf(d)).map((d) => d.id)).toEqual([]);
    const files = readdirSync(MODEL_DIR).filter((f) => f.endsWith('.yaml')).map((f) => basename(f, '.yaml'));
    expect(files.sort()).toEqual(Object.keys(FAMILY_FLOORS).sort());
  });

  it.each(Object.entries(FAMILY_FLOORS))('family %s holds at least %i dialogues', (family, floor) => {
    expect(countWhere((d) => d.tags[0] === family)).toBeGreaterThanOrEqual(floor);
  });

  it.each(Object.entries(FEATURE_FLOORS))('feature %s is covered by at least %i dialogues', (tag, floor) => {
    expect(countWhere((d) => d.tags.includes(tag))).toBeGreaterThanOrEqual(floor);
  });

  it('keeps offline turns sparse: under 5% of the dialogues', () => {
    expect(countWhere((d) => d.tags.includes('offline'))).toBeLessThan(dialogues.length * 0.05);
  });

  it('splits first utterances of every size from 1 to 10 transactions, and more than 10', () => {
    const truncatedLines = dialogues.filter((d) => d.turns[0]?.expect?.ttsIncludes?.some((s) => s.includes('已保留前10笔')));
    for (let size = 1; size <= 10; size++) expect(countWhere((d) => firstBatchSize(d) === size), `size ${size}`).toBeGreaterThan(0);
    expect(truncatedLines.every((d) => firstBatchSize(d) === 10)).toBe(true);
    expect(truncatedLines.length).toBeGreaterThan(0);
  });

  it('speaks as an ASR delivers it: both numeral kinds, 毛 and 块钱, fillers, no punctuation', () => {
    expect(userLines.some((u) => /\d/.test(u))).toBe(true);
    expect(userLines.some((u) => /[一二两三四五六七八九十百千万]+(块|元|$| )/.test(u))).toBe(true);
    expect(userLines.some((u) => u.includes('毛'))).toBe(true);
    expect(userLines.some((u) => u.includes('块钱'))).toBe(true);
    for (const filler of ['嗯', '那个', '就是']) expect(userLines.some((u) => u.includes(filler)), filler).toBe(true);
    expect(userLines.some((u) => !/[，,。.？?！!、；;\s]/.test(u) && u.length > 12)).toBe(true);
  });

  it('pins gold outcomes on every turn (state and batch), and saved rows in every dialogue', () => {
    const turns = dialogues.flatMap((d) => d.turns.map((t) => ({ id: d.id, line: t.line, expect: t.expect })));
    expect(turns.filter((t) => t.expect?.state === undefined || t.expect.batch === undefined).map((t) => `${t.id}:${t.line}`)).toEqual([]);
    expect(dialogues.filter((d) => !d.turns.some((t) => t.expect?.saved !== undefined)).map((d) => d.id)).toEqual([]);
  });

  it('holds no scripted answers: what a model says is its own', () => {
    expect(dialogues.filter((d) => d.turns.some((t) => t.llm !== undefined)).map((d) => d.id)).toEqual([]);
  });

  it('dates: every expected day is one the dialogue can mean (not after its today), and every saved row names its day', () => {
    const dated = dialogues.filter((d) => d.tags[0] === 'dates');
    for (const d of dated) {
      const today = d.today ?? DEFAULT_TODAY;
      for (const item of d.turns.flatMap((t) => [...(t.expect?.batch ?? []), ...(t.expect?.saved ?? [])])) {
        if (typeof item.date === 'string') expect(item.date <= today, `${d.id}: ${item.date} after ${today}`).toBe(true);
      }
      const saved = d.turns.flatMap((t) => t.expect?.saved ?? []);
      expect(saved.filter((row) => typeof row.date !== 'string').length, d.id).toBe(0);
    }
  });

  it('names only the app’s canonical categories', () => {
    const categories = new Set(dialogues.flatMap(expectedItems).flatMap((i) => (typeof i.category === 'string' ? [i.category] : [])));
    expect([...categories].filter((c) => !isCategory(c))).toEqual([]);
  });

  it('is not part of the default run, which takes the top-level bundled files only', () => {
    const files = resolveDatasetFiles(DEFAULT_DATASETS.map((pattern) => join(ROOT, pattern)));
    expect(files.filter((f) => f.includes('datasets/model/'))).toEqual([]);
    const bundled = readdirSync(join(ROOT, 'datasets')).filter((f) => /\.(ya?ml|csv)$/.test(f));
    expect(files.map((f) => basename(f)).sort()).toEqual(bundled.sort());
  });
});
