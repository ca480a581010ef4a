#!/usr/bin/env node
// Calibrates the sequential gate (`run --baseline … --sequential`, src/scoring/sequentialTest.ts) by
// simulation, against the fixed-size paired gate on the same suites. Run after `npm run build`:
//
//   node scripts/sequential-calibration.mjs [--suites 1000] [--dialogues 200] [--repeat 2] [--seed 1] [--resamples 500] [--cap 0.5] [--margin 0.1] [--fixed no | --fixed-suites N]
//
// A suite: N dialogues, 8 metrics (as many as the registry has today); metric j judges a dialogue
// with probability JUDGED[j]; each judged dialogue × metric has its own success probability p,
// drawn from Beta(½, ½) (most dialogues nearly always or nearly never pass, some in between), and
// each side scores the mean of k Bernoulli(p) draws. The candidate draws with new uniforms
// ("independent seeds") or with the baseline's own ("shared seeds": the same seed gives the same
// answer, so an unchanged dialogue scores exactly as before). A regression of Δ on metric 0 scales
// its p by (1 − 2Δ), a fall of Δ in the mean (the mean of Beta(½, ½) is ½).
//
// Both gates see the same suites. The sequential gate takes the dialogues in order and stops at
// its first decision; the fixed-size gate sees all N and applies the paired gate's test (a
// randomization test per metric over dialogue swaps, Holm across metrics, α) to the per-dialogue
// differences. Prints a Markdown table (docs/gating.md keeps it).
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const load = (path) => import(pathToFileURL(join(ROOT, path)).href);
const { SequentialFamily } = await load('dist/scoring/sequentialTest.js');
const { holmAdjust, randomizationPValues } = await load('dist/scoring/pairedStatistics.js');
const { mulberry32 } = await load('dist/util/random.js');

const args = Object.fromEntries(
  process.argv.slice(2).reduce((pairs, arg, i, all) => (arg.startsWith('--') ? [...pairs, [arg.slice(2), all[i + 1]]] : pairs), []),
);
const SUITES = Number(args.suites ?? 1000);
const DIALOGUES = Number(args.dialogues ?? 200);
const REPEAT = Number(args.repeat ?? 2);
const SEED = Number(args.seed ?? 1);
const RESAMPLES = Number(args.resamples ?? 500);
// Unset: the gate's own default (DEFAULT_STAKE_CAP in src/scoring/bettingEProcess.ts).
const CAP = args.cap === undefined ? undefined : Number(args.cap);
const WITH_FIXED = args.fixed !== 'no';
// The fixed-size gate's resamples cost ~40 ms a suite: it may be run on the first N suites of each row only.
const FIXED_SUITES = Number(args['fixed-suites'] ?? SUITES);
const ALPHA = 0.05;
const MARGIN = Number(args.margin ?? 0.1);
const JUDGED = [1, 1, 0.6, 0.6, 0.4, 0.4, 0.25, 0.25];
const NAMES = JUDGED.map((_, j) => `m${j}`);

/** One suite: per dialogue, per metric, null (not judged) or { baseline, current } mean scores. */
function suite(random, effect, shared) {
  const dialogues = [];
  for (let i = 0; i < DIALOGUES; i++) {
    const scores = new Map();
    JUDGED.forEach((share, j) => {
      if (random() >= share) return;
      const p = Math.sin((Math.PI / 2) * random()) ** 2;
      const q = j === 0 ? p * (1 - 2 * effect) : p;
      let baseline = 0;
      let current = 0;
      for (let r = 0; r < REPEAT; r++) {
        const u = random();
        baseline += u < p ? 1 : 0;
        current += (shared ? u : random()) < q ? 1 : 0;
      }
      scores.set(NAMES[j], { baseline: baseline / REPEAT, current: current / REPEAT });
    });
    dialogues.push(scores);
  }
  return dialogues;
}

function sequential(dialogues) {
  const family = new SequentialFamily(NAMES, { alpha: ALPHA, margin: MARGIN, ...(CAP === undefined ? {} : { stakeCap: CAP }) });
  for (const scores of dialogues) if (family.observe(scores) !== 'undecided') break;
  const state = family.state();
  return { decision: state.decision, dialogues: state.dialogues, alarmed: state.alarmed };
}

/** The paired gate's metric tests on the whole suite: randomization p-values of the mean difference, Holm-adjusted. */
function fixed(dialogues, random) {
  const columns = NAMES.map((name) => dialogues.flatMap((scores) => (scores.has(name) ? [scores.get(name).current - scores.get(name).baseline] : [])));
  const observed = Object.fromEntries(NAMES.map((name, j) => [name, mean(columns[j])]));
  const longest = Math.max(...columns.map((c) => c.length));
  const p = randomizationPValues(longest, NAMES, observed, (swapped) => Object.fromEntries(NAMES.map((name, j) => [name, mean(columns[j].map((d, i) => (swapped[i] ? -d : d)))])), { resamples: RESAMPLES, random });
  const adjusted = holmAdjust(NAMES.map((name) => p[name]));
  return NAMES.filter((name, j) => adjusted[j] < ALPHA && observed[name] < 0);
}

function mean(values) {
  return values.length === 0 ? 0 : values.reduce((a, b) => a + b, 0) / values.length;
}

const rows = [];
const started = Date.now();
for (const shared of [false, true]) {
  for (const effect of [0, 0.1, 0.2, 0.3]) {
    // Suites and the fixed gate's resamples draw from their own streams: the suites are the same with or without --fixed no.
    const random = mulberry32(SEED * 7919 + effect * 1000 + (shared ? 1 : 0));
    const resampling = mulberry32(SEED * 104729 + effect * 1000 + (shared ? 1 : 0));
    let alarms = 0;
    let wrongMetric = 0;
    let cleared = 0;
    let undecided = 0;
    let used = 0;
    let fixedAlarms = 0;
    let pairedSd = 0;
    for (let s = 0; s < SUITES; s++) {
      const dialogues = suite(random, effect, shared);
      const seq = sequential(dialogues);
      used += seq.dialogues;
      if (seq.decision === 'regression') {
        alarms++;
        if (effect > 0 && !seq.alarmed.includes('m0')) wrongMetric++;
      } else if (seq.decision === 'noRegression') cleared++;
      else undecided++;
      if (WITH_FIXED && s < FIXED_SUITES && fixed(dialogues, resampling).length > 0) fixedAlarms++;
      const diffs = dialogues.flatMap((scores) => (scores.has('m0') ? [scores.get('m0').current - scores.get('m0').baseline] : []));
      const m = mean(diffs);
      pairedSd += Math.sqrt(mean(diffs.map((d) => (d - m) ** 2)));
    }
    rows.push({ shared, effect, alarms, wrongMetric, cleared, undecided, used: used / SUITES, fixedAlarms, pairedSd: pairedSd / SUITES });
  }
}

const pct = (count, of = SUITES) => `${count} / ${of} (${((100 * count) / of).toFixed(1)} %)`;
console.log(`${SUITES} suites per row, ${DIALOGUES} dialogues × ${REPEAT} repeats, 8 metrics judging ${JUDGED.join('/')} of the dialogues, α = ${ALPHA}, margin ${MARGIN * 100} pp, stake cap ${CAP ?? (await load('dist/scoring/bettingEProcess.js')).DEFAULT_STAKE_CAP}, fixed gate ${RESAMPLES} resamples, seed ${SEED} (${((Date.now() - started) / 1000).toFixed(0)} s)\n`);
console.log('| seeds | metric 0 falls by | paired SD of metric 0 | sequential: regression | no regression > margin | undecided at N | mean dialogues used | fixed-size gate (all N): regression |');
console.log('| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |');
for (const r of rows) {
  const fall = r.effect === 0 ? '0 (equal)' : `${r.effect * 100} pp`;
  const wrong = r.wrongMetric > 0 ? ` (${r.wrongMetric} on another metric)` : '';
  console.log(`| ${r.shared ? 'shared' : 'independent'} | ${fall} | ${r.pairedSd.toFixed(3)} | ${pct(r.alarms)}${wrong} | ${pct(r.cleared)} | ${pct(r.undecided)} | ${r.used.toFixed(1)} of ${DIALOGUES} | ${WITH_FIXED ? pct(r.fixedAlarms, Math.min(FIXED_SUITES, SUITES)) : "–"} |`);
}
