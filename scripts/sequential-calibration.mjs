#!/usr/bin/env node
// Calibrates the sequential gate (`run --baseline … --sequential`, src/scoring/sequentialTest.ts) by
// simulation, against the fixed-size paired gate on the same suites. Run after `npm run build`:
//
//   nice -n 10 node scripts/sequential-calibration.mjs [--suites 1000] [--repeat 2] [--seed 1] [--resamples 500]
//     [--fixed-suites 300 | --fixed no] [--cap 0.9] [--margin 0.1] [--baseline FILE]
//
// A suite is datasets/model/ as the registry judges it today: one simulated dialogue per real one,
// judged by exactly the metrics that judge the real dialogue in a baseline of the rule-based
// reference model (`--baseline FILE`, else made first with `nlu-harness run --llm heuristic
// --dataset 'datasets/model/*.yaml' --update-baseline`), so every metric, cancels on 14 dialogues
// included, has its real judged count. Each judged dialogue × metric has its own success
// probability p, drawn from Beta(½, ½) (most dialogues nearly always or nearly never pass), and each
// side scores the mean of k Bernoulli(p) draws. The candidate draws with new uniforms ("independent
// seeds") or with the baseline's own ("shared seeds": an unchanged dialogue scores exactly as
// before). A regression of Δ on a metric scales its p by (1 − 2Δ), a fall of Δ in its mean (the mean
// of Beta(½, ½) is ½). The three metrics one parse decides (batch splitting, parse turns handled,
// dialogue success) share p and the draws on a dialogue: they move as one, as they do in the suite.
//
// Both gates see the same suites. The sequential gate takes the dialogues in a random order and
// stops at its first decision (its regression rule: the family's e-values summed; beside it, on the
// same suites, the largest alone against the same m/α, Bonferroni); the fixed-size gate sees all of
// them and applies the paired gate's test (a randomization test per metric over dialogue swaps,
// Holm across metrics, α) to the per-dialogue differences. Prints a Markdown table (docs/gating.md).
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const load = (path) => import(pathToFileURL(join(ROOT, path)).href);
const { SequentialFamily, SequentialTest, dialoguesToClear } = await load('dist/scoring/sequentialTest.js');
const { DEFAULT_STAKE_CAP } = await load('dist/scoring/bettingEProcess.js');
const { holmAdjust, randomizationPValues } = await load('dist/scoring/pairedStatistics.js');
const { repeatedRecord } = await load('dist/scoring/repeatedRuns.js');
const { mulberry32 } = await load('dist/util/random.js');
const { wilson } = await load('dist/util/rateInterval.js');

const args = Object.fromEntries(
  process.argv.slice(2).reduce((pairs, arg, i, all) => (arg.startsWith('--') ? [...pairs, [arg.slice(2), all[i + 1]]] : pairs), []),
);
const SUITES = Number(args.suites ?? 1000);
const REPEAT = Number(args.repeat ?? 2);
const SEED = Number(args.seed ?? 1);
const RESAMPLES = Number(args.resamples ?? 500);
const CAP = args.cap === undefined ? DEFAULT_STAKE_CAP : Number(args.cap);
const WITH_FIXED = args.fixed !== 'no';
// The fixed-size gate's resamples cost far more than the sequential test: it runs on the first N suites of each row.
const FIXED_SUITES = Math.min(SUITES, Number(args['fixed-suites'] ?? 300));
const ALPHA = 0.05;
const MARGIN = Number(args.margin ?? 0.1);
const TOGETHER = ['batchSplitting', 'parseHandled', 'dialogueSuccess'];
const ONE = 'batchSplitting';

/** Per real dialogue, the metrics a baseline of the reference model judged on it. */
function judgedPatterns() {
  let file = args.baseline;
  const scratch = file ? null : mkdtempSync(join(tmpdir(), 'sequential-calibration-'));
  if (!file) {
    file = join(scratch, 'baseline.json');
    const run = [
      'run',
      '--llm',
      'heuristic',
      '--dataset',
      'datasets/model/*.yaml',
      '--no-progress',
      '--no-history',
      '--out',
      join(scratch, 'run'),
      '--baseline',
      file,
      '--update-baseline',
    ];
    try {
      execFileSync(process.execPath, [join(ROOT, 'bin/nlu-harness.js'), ...run], { cwd: ROOT, stdio: 'ignore' });
    } catch (error) {
      // Exit 1 is a reference model's failed expectations; the baseline is written all the same.
      if (error.status !== 1) throw error;
    }
  }
  const record = repeatedRecord(JSON.parse(readFileSync(file, 'utf8')).repeated);
  const patterns = Object.keys(record).map((id) => {
    const one = new SequentialTest({ [id]: record[id] }, { alpha: ALPHA, margin: MARGIN });
    return [...one.judgedCounts().keys()];
  });
  if (scratch) rmSync(scratch, { recursive: true, force: true });
  return patterns;
}

const PATTERNS = judgedPatterns();
const NAMES = [...new Set(PATTERNS.flat())];
const JUDGED = new Map(NAMES.map((name) => [name, PATTERNS.filter((metrics) => metrics.includes(name)).length]));
const DIALOGUES = PATTERNS.length;

/** One suite in a random order: per dialogue, per judged metric, { baseline, current } mean scores. */
function suite(random, effect, fallen, shared) {
  const order = PATTERNS.map((_, i) => i);
  for (let i = order.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [order[i], order[j]] = [order[j], order[i]];
  }
  return order.map((i) => {
    const scores = new Map();
    let together = null;
    for (const name of PATTERNS[i]) {
      const moves = TOGETHER.includes(name);
      const reuse = moves && together !== null;
      const p = reuse ? together.p : Math.sin((Math.PI / 2) * random()) ** 2;
      const q = fallen.includes(name) ? p * (1 - 2 * effect) : p;
      const draws = reuse ? together.draws : Array.from({ length: REPEAT }, () => [random(), shared ? null : random()]);
      if (moves && together === null) together = { p, draws };
      let baseline = 0;
      let current = 0;
      for (const [u, v] of draws) {
        baseline += u < p ? 1 : 0;
        current += (v ?? u) < q ? 1 : 0;
      }
      scores.set(name, { baseline: baseline / REPEAT, current: current / REPEAT });
    }
    return scores;
  });
}

function sequential(dialogues, combine) {
  const family = new SequentialFamily(NAMES, { alpha: ALPHA, margin: MARGIN, stakeCap: CAP, combine }, { dialogues: DIALOGUES, judged: JUDGED });
  for (const scores of dialogues) if (family.observe(scores) !== 'undecided') break;
  const state = family.state();
  return { decision: state.decision, dialogues: state.dialogues };
}

/** The paired gate's metric tests on the whole suite: randomization p-values of the mean difference, Holm-adjusted. */
function fixed(dialogues, random) {
  const columns = NAMES.map((name) => dialogues.flatMap((scores) => (scores.has(name) ? [scores.get(name).current - scores.get(name).baseline] : [])));
  const observed = Object.fromEntries(NAMES.map((name, j) => [name, mean(columns[j])]));
  const longest = Math.max(...columns.map((c) => c.length));
  const p = randomizationPValues(
    longest,
    NAMES,
    observed,
    (swapped) => Object.fromEntries(NAMES.map((name, j) => [name, mean(columns[j].map((d, i) => (swapped[i] ? -d : d)))])),
    { resamples: RESAMPLES, random },
  );
  const adjusted = holmAdjust(NAMES.map((name) => p[name]));
  return NAMES.filter((name, j) => adjusted[j] < ALPHA && observed[name] < 0);
}

function mean(values) {
  return values.length === 0 ? 0 : values.reduce((a, b) => a + b, 0) / values.length;
}

const CASES = [
  { what: 'same model', effect: 0, fallen: [] },
  { what: `10 pp worse on ${ONE}`, effect: 0.1, fallen: [ONE] },
  { what: `10 pp worse on ${TOGETHER.join(', ')}, moving as one`, effect: 0.1, fallen: TOGETHER },
];
const rows = [];
const started = Date.now();
for (const shared of [false, true]) {
  CASES.forEach((c, k) => {
    // Suites and the fixed gate's resamples draw from their own streams: the suites are the same with or without --fixed no.
    const random = mulberry32(SEED * 7919 + k * 1000 + (shared ? 1 : 0));
    const resampling = mulberry32(SEED * 104729 + k * 1000 + (shared ? 1 : 0));
    const row = { ...c, shared, alarms: 0, largestAlarms: 0, cleared: 0, undecided: 0, used: 0, largestUsed: 0, fixedAlarms: 0 };
    for (let s = 0; s < SUITES; s++) {
      const dialogues = suite(random, c.effect, c.fallen, shared);
      const seq = sequential(dialogues, 'sum');
      row.used += seq.dialogues;
      if (seq.decision === 'regression') row.alarms++;
      else if (seq.decision === 'noRegression') row.cleared++;
      else row.undecided++;
      const largest = sequential(dialogues, 'largest');
      row.largestUsed += largest.dialogues;
      if (largest.decision === 'regression') row.largestAlarms++;
      if (WITH_FIXED && s < FIXED_SUITES && fixed(dialogues, resampling).length > 0) row.fixedAlarms++;
    }
    rows.push(row);
  });
}

/** "19 / 1000 (1.9 %; 95 % 1.2–2.9 %)": every rate with its Wilson interval. */
const pct = (count, of = SUITES) => {
  const [low, high] = wilson(count, of);
  return `${count} / ${of} (${((100 * count) / of).toFixed(1)} %; 95 % ${(100 * low).toFixed(1)}–${(100 * high).toFixed(1)} %)`;
};
const judged = NAMES.map((name) => `${name} ${JUDGED.get(name)}`).join(', ');
console.log(
  `${SUITES} suites per row, ${DIALOGUES} dialogues × ${REPEAT} repeats, ${NAMES.length} metrics judged on (dialogues) ${judged}; α = ${ALPHA}, margin ${MARGIN * 100} pp (a metric needs ${dialoguesToClear(MARGIN, ALPHA, CAP)} judged dialogues to clear), stake cap ${CAP}, fixed gate ${RESAMPLES} resamples on the first ${FIXED_SUITES} suites, seed ${SEED} (${((Date.now() - started) / 1000).toFixed(0)} s)\n`,
);
console.log(
  '| seeds | candidate | sequential: regression | cleared: no fall > margin | undecided at the end | mean dialogues used | Bonferroni instead (largest e ≥ m/α): regression, mean dialogues | fixed-size gate: regression |',
);
console.log('| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: |');
for (const r of rows) {
  console.log(
    `| ${r.shared ? 'shared' : 'independent'} | ${r.what} | ${pct(r.alarms)} | ${pct(r.cleared)} | ${pct(r.undecided)} | ${(r.used / SUITES).toFixed(1)} of ${DIALOGUES} | ${pct(r.largestAlarms)}, ${(r.largestUsed / SUITES).toFixed(1)} | ${WITH_FIXED ? pct(r.fixedAlarms, FIXED_SUITES) : '–'} |`,
  );
}
