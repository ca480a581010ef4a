// Judges the runs a calibration campaign kept (scripts/calibrate-recipe.mjs --no-gate --keep DIR)
// with the fixed-size paired gate as built now (dist/, so `npm run build` first): for every seed s
// with pair-s-{base,same,worse}.json, the same model (seed s + 1) and the worse model (seed s + 2)
// are each gated on the baseline (seed s), as `run --baseline` would gate them.
// Usage: node scripts/regate-calibration.mjs --keep DIR [--alpha 0.05] [--resamples 1000]
//          [--target correctionIndexMapping] [--judged DIR2] [--json FILE] [--markdown FILE]
// --judged DIR2 keeps each pair's verdicts in DIR2/pair-s.json (α and resamples in its name) and
// judges only pairs not there yet, so it can follow a campaign that is still running, and several
// processes can share the work (each claims a pair before judging it). Without it every pair is
// judged again. Delete DIR2 after changing the gate.
// It prints one line of totals and, with --markdown, writes the table docs/gating.md shows.
import { closeSync, existsSync, mkdirSync, openSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { gateVerdict } from '../dist/eval/gateVerdict.js';
import { metricSettings } from '../dist/scoring/metrics/registry.js';
import { holmAdjust } from '../dist/scoring/pairedStatistics.js';
import { wilson } from '../dist/util/rateInterval.js';

const { values } = parseArgs({
  options: {
    keep: { type: 'string' },
    alpha: { type: 'string', default: '0.05' },
    resamples: { type: 'string', default: '1000' },
    target: { type: 'string', default: 'correctionIndexMapping' },
    json: { type: 'string' },
    markdown: { type: 'string' },
    judged: { type: 'string' },
  },
});
if (!values.keep) {
  process.stderr.write('--keep DIR (the runs calibrate-recipe.mjs --no-gate --keep DIR kept) is required\n');
  process.exit(2);
}
const settings = { tolerance: 0, alpha: Number(values.alpha), resamples: Number(values.resamples), seed: 1, deadlineMs: metricSettings({}).correctionTimeoutMs };
const read = (seed, side) => JSON.parse(readFileSync(join(values.keep, `pair-${seed}-${side}.json`), 'utf8'));
const seeds = [...new Set(readdirSync(values.keep).map((f) => /^pair-(\d+)-worse\.json$/.exec(f)?.[1]).filter(Boolean))].map(Number).sort((a, b) => a - b);

/**
 * What one gate decided on one pair: passed, the metrics it named, the metrics it set aside; and
 * `wholeFamily`, what the gate before set-aside tests decided on the same p-values (Holm over every
 * test, the thin ones included).
 */
function judged(baseline, candidate) {
  const gate = gateVerdict(baseline, candidate, 'baseline', settings);
  const tests = gate.paired?.tests ?? [];
  const all = [...tests, ...(gate.paired?.setAside ?? [])];
  const adjusted = holmAdjust(all.map((t) => t.rawPValue));
  const wholeFamily = all.filter((t, i) => adjusted[i] < settings.alpha && t.current < t.baseline).map((t) => t.name);
  return {
    passed: gate.passed,
    wholeFamily,
    regressions: tests.filter((t) => t.significant).map((t) => ({ name: t.name, delta: round(t.current - t.baseline), rawPValue: t.rawPValue, pValue: t.pValue })),
    setAside: (gate.paired?.setAside ?? []).map((s) => s.name),
    smallestRaw: tests.reduce((best, t) => (t.rawPValue < best.rawPValue ? t : best), { rawPValue: 2 }),
  };
}

const round = (x) => Math.round(x * 10000) / 10000;
function judgedPair(seed) {
  const base = read(seed, 'base');
  const same = read(seed, 'same');
  const worse = read(seed, 'worse');
  return {
    seed,
    targetDelta: { same: round(same.metrics[values.target] - base.metrics[values.target]), worse: round(worse.metrics[values.target] - base.metrics[values.target]) },
    same: judged(base, same),
    worse: judged(base, worse),
  };
}

const cache = values.judged;
const cached = (seed) => join(cache, `pair-${seed}-alpha${settings.alpha}-r${settings.resamples}.json`);
if (cache) mkdirSync(cache, { recursive: true });
const rows = [];
for (const seed of seeds) {
  if (!cache) {
    rows.push(judgedPair(seed));
    continue;
  }
  if (existsSync(cached(seed))) continue;
  // Another process judging the same directory may have claimed it.
  let claim;
  try {
    claim = openSync(`${cached(seed)}.claim`, 'wx');
  } catch {
    continue;
  }
  closeSync(claim);
  writeFileSync(`${cached(seed)}.tmp`, JSON.stringify(judgedPair(seed)));
  renameSync(`${cached(seed)}.tmp`, cached(seed));
}
if (cache) for (const seed of seeds) if (existsSync(cached(seed))) rows.push(JSON.parse(readFileSync(cached(seed), 'utf8')));
rows.sort((a, b) => a.seed - b.seed);

const count = (pick) => rows.filter(pick).length;
const mean = (xs) => (xs.length === 0 ? NaN : xs.reduce((a, b) => a + b, 0) / xs.length);
const falseAlarms = count((r) => !r.same.passed);
const caught = count((r) => !r.worse.passed);
const wholeFamily = { falseAlarms: count((r) => r.same.wholeFamily.length > 0), caught: count((r) => r.worse.wholeFamily.length > 0) };
const alarmsBy = {};
for (const r of rows) for (const reg of r.same.regressions) alarmsBy[reg.name] = (alarmsBy[reg.name] ?? 0) + 1;
const setAsideBy = {};
for (const r of rows) for (const name of r.same.setAside) setAsideBy[name] = (setAsideBy[name] ?? 0) + 1;
const totals = {
  date: new Date().toISOString(),
  load: loadavg().map((x) => Number(x.toFixed(2))),
  keep: values.keep,
  alpha: settings.alpha,
  resamples: settings.resamples,
  pairs: rows.length,
  falseAlarms,
  caught,
  wholeFamily,
  target: values.target,
  targetMeanDelta: { same: round(mean(rows.map((r) => r.targetDelta.same))), worse: round(mean(rows.map((r) => r.targetDelta.worse))) },
  alarmsBy,
  setAsideBy,
};
process.stdout.write(`${JSON.stringify(totals)}\n`);
if (values.json) writeFileSync(values.json, `${JSON.stringify({ ...totals, rows }, null, 2)}\n`);
if (values.markdown) {
  const share = (k) => {
    const [low, high] = wilson(k, rows.length) ?? [0, 0];
    return `${k} / ${rows.length} (${((100 * k) / rows.length).toFixed(1)} %; 95 % ${(100 * low).toFixed(1)}–${(100 * high).toFixed(1)} %)`;
  };
  const named = (counts) => Object.entries(counts).map(([n, k]) => `${n} ${k}`).join(', ') || 'none';
  const lines = [
    `| gate | pairs | false alarms (same model, new seed) | caught (${values.target} ${(100 * totals.targetMeanDelta.worse).toFixed(1)} pp on average; same model ${(100 * totals.targetMeanDelta.same).toFixed(1)} pp) |`,
    '| --- | ---: | ---: | ---: |',
    `| every test in the Holm family (before) | ${rows.length} | ${share(wholeFamily.falseAlarms)} | ${share(wholeFamily.caught)} |`,
    `| too thinly moved tests set aside (now) | ${rows.length} | **${share(falseAlarms)}** | **${share(caught)}** |`,
    '',
    `False alarms of the gate now, by metric: ${named(alarmsBy)}. Set aside as too thin (pairs of ${rows.length}, same-model runs): ${named(setAsideBy)}.`,
  ];
  writeFileSync(values.markdown, `${lines.join('\n')}\n`);
}
