import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cli, cliAsync, tempDir } from '../support/cli.js';
import { ServedLlms } from '../support/servedLlm.js';

// Issue 38, the smaller items of "Why 9": flags and baselines the gate cannot honour are exit 2 with
// a located message before anything runs, and the calls budget holds the bound the docs state.
const SUITE = ['--dataset', 'datasets/model/correct-ordinal.yaml', '--llm', 'heuristic', '--no-progress'];
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a baseline edited by hand
type Json = Record<string, any>;

describe('gate inputs the gate cannot honour', () => {
  const dir = tempDir('gate-inputs-');
  const baseline = join(dir, 'baseline.json');
  const edited = (name: string, edit: (b: Json) => Json): string => {
    const file = join(dir, `${name}.json`);
    writeFileSync(file, JSON.stringify(edit(JSON.parse(readFileSync(baseline, 'utf8')) as Json)));
    return file;
  };
  const firstId = (b: Json): string => Object.keys(b.repeated)[0]!;

  beforeAll(() => {
    const made = cli(['run', ...SUITE, '--out', join(dir, 'base'), '--baseline', baseline, '--update-baseline']);
    expect(made.status, made.stderr).not.toBe(2);
  }, 120_000);

  it.each([
    [['--undecided', 'pass'], /--undecided applies to --sequential runs/],
    [['--margin', '0.2'], /--margin applies to --sequential runs/],
    [['--sequential', '--budget', '0.0001s'], /--budget: '0\.0001s' is too small: the run would stop before its first dialogue; give at least 1s/],
  ])('%j is exit 2 before anything runs, nothing written', (extra, message) => {
    const out = join(dir, `flags-${Math.random().toString(36).slice(2)}`);
    const run = cli(['run', ...SUITE, '--out', out, '--baseline', baseline, ...extra]);
    expect(run.status).toBe(2);
    expect(run.stderr).toMatch(message);
    expect(run.stderr).not.toMatch(/no dialogue matches/);
    expect(existsSync(out)).toBe(false);
  });

  it.each([
    [
      'runs of 0',
      (b: Json) => ({ ...b, repeated: { ...b.repeated, [firstId(b)]: { ...b.repeated[firstId(b)], runs: 0 } } }),
      /\/repeated\/[^ ]+\/runs must be >= 1/,
    ],
    [
      'no tallies',
      (b: Json) => ({ ...b, repeated: { ...b.repeated, [firstId(b)]: { runsPassed: 1, runs: 1 } } }),
      /\/repeated\/[^ ]+ must have required property 'tallies'/,
    ],
    [
      'a string pass count',
      (b: Json) => ({ ...b, repeated: { ...b.repeated, [firstId(b)]: { ...b.repeated[firstId(b)], runsPassed: '1' } } }),
      /\/repeated\/[^ ]+\/runsPassed must be integer/,
    ],
    [
      'more runs passed than run',
      (b: Json) => ({ ...b, repeated: { ...b.repeated, [firstId(b)]: { ...b.repeated[firstId(b)], runsPassed: 3 } } }),
      /\/repeated\/[^ ]+: runsPassed 3 is more than runs 1/,
    ],
    ['repeated that is not an object', (b: Json) => ({ ...b, repeated: [1, 2] }), /\/repeated must be object/],
  ])('a baseline whose repeated has %s is exit 2 naming the place, not a TypeError (exit 3)', (_name, edit, where) => {
    const file = edited(`malformed-${Math.random().toString(36).slice(2)}`, edit);
    for (const extra of [[], ['--sequential']]) {
      const run = cli(['run', ...SUITE, '--out', join(dir, 'never'), '--baseline', file, ...extra]);
      expect(run.status, run.stderr).toBe(2);
      expect(run.stderr).toContain(file);
      expect(run.stderr).toMatch(where);
      expect(run.stderr).not.toMatch(/TypeError|RangeError|\n\s+at /);
    }
    expect(existsSync(join(dir, 'never'))).toBe(false);
  });

  it('a baseline whose per-dialogue scores (0 of 66 passed) contradict its totals (58 of 66) is exit 2 naming the contradiction', () => {
    const file = edited('contradicting', (b) => ({
      ...b,
      repeated: Object.fromEntries(Object.entries(b.repeated as Json).map(([id, entry]) => [id, { ...entry, runsPassed: 0 }])),
    }));
    const passed = Object.values(JSON.parse(readFileSync(baseline, 'utf8')).dialogues).filter(Boolean).length;
    expect(passed).toBeGreaterThan(0);
    for (const extra of [[], ['--sequential']]) {
      const run = cli(['run', ...SUITE, '--out', join(dir, 'never'), '--baseline', file, ...extra]);
      expect(run.status).toBe(2);
      expect(run.stderr).toContain(
        `${file}: its per-dialogue scores contradict its totals: dialogues says ${passed} of 66 passed, repeated says 0 of 66 passed every run (${passed} disagree`,
      );
    }
    const merged = cli(['compare', file, join(dir, 'base', 'report.json')]);
    expect(merged.status).toBe(2);
  });
});

describe('--budget Ncalls with --concurrency over HTTP', () => {
  const servers = new ServedLlms();
  const dir = tempDir('budget-calls-');
  afterAll(() => servers.stopAll());

  // A dialogue starts only while the calls answered (in flight or done) plus one owed by each
  // dialogue in flight are fewer than N; the dialogues then in flight (at most --concurrency, at
  // most N) finish. It made 8 calls over 4 dialogues at a 1-call budget before.
  it('starts no dialogue once N calls are answered or owed: one dialogue at a 1-call budget, every call accounted', async () => {
    const url = await servers.start([]);
    const http = [
      '--llm',
      'openai',
      '--base-url',
      url,
      '--model',
      'served',
      '--dataset',
      'datasets/model/correct-ordinal.yaml',
      '--no-progress',
      '--no-history',
    ];
    const baseline = join(dir, 'baseline.json');
    const made = await cliAsync([...['run', ...http], '--out', join(dir, 'base'), '--baseline', baseline, '--update-baseline'], {
      env: { OPENAI_API_KEY: '' },
    });
    expect(made.status, made.stderr).not.toBe(2);
    for (const budget of [1, 10]) {
      const out = join(dir, `budget-${budget}`);
      const run = await cliAsync(['run', ...http, '--out', out, '--baseline', baseline, '--sequential', '--budget', `${budget}calls`, '--concurrency', '4'], {
        env: { OPENAI_API_KEY: '' },
      });
      expect(run.status, run.stderr).toBe(1);
      const report = JSON.parse(readFileSync(join(out, 'report.json'), 'utf8'));
      const s = report.gate.sequential;
      expect(s.stop).toBe('budget');
      // Every answered call belongs to a reported dialogue.
      expect(report.run.timing.llmTraffic.answeredCalls).toBe(s.calls);
      const perDialogue = report.dialogues.map((d: { turns: { llmCalls: unknown[] }[] }) => d.turns.reduce((n, t) => n + t.llmCalls.length, 0));
      const most = Math.max(...perDialogue);
      expect(s.calls).toBeLessThanOrEqual(budget - 1 + Math.min(4, budget) * most);
      if (budget === 1) expect(s.dialoguesRun).toBe(1);
    }
  }, 300_000);
});
