#!/usr/bin/env node
// Makes the gate's calibration tables (docs/gating.md, docs/gate-calibration.md) from nothing, through
// the CLI only, so it measures whatever gate the build has. Run after `npm run build`:
//
//   nice -n 10 node scripts/calibrate.mjs [--table served|single-run|sequential] [--keys request,dialogue]
//     [--pairs 100] [--first-seed 1] [--noise offByOne=0.05,drop=0.02,intent=0.02]
//     [--worse-extra ordinalAsIndex=0.1] [--repeat 3] [--dataset 'datasets/model/*.yaml']
//     [--target correctionIndexMapping] [--concurrency N] [--json FILE] [--markdown FILE]
//
// The model is the heuristic reference behind HTTP: for each noise key the script starts two
// `serve-llm --perturb … --perturb-key KEY` processes on 127.0.0.1 (the same model, and the same
// noise with --worse-extra added), which answer every run of the campaign. The noise is drawn from
// the perturb seed, the request's sampling seed and its content, never from the order of calls, so
// `--concurrency` does not change it: `request` draws each call apart, `dialogue` draws alike for
// every call about one batch, so a dialogue's turns fail together (src/llm/perturbBackend.ts).
// Runs are `run --llm openai` key-less through the real SDK, at `--temperature 1` with a sampling
// seed no other run of the campaign uses, so each run (and each run of --repeat) is its own sample.
// A pair is a baseline on sampling seed s (`--update-baseline`), the same model on s + 1 (a false
// alarm when the gate fails it) and the worse model on s + 2 (caught when the gate fails it); with
// s = first-seed + 3 × pair, no seed serves two runs.
//
// Tables: `served` gates the candidates at --repeat (default 3) with the fixed-size gate; `single-run`
// is the same at --repeat 1; `sequential` adds --sequential to the candidates' runs and counts its
// three outcomes. Every rate is printed with its 95 % Wilson interval, and the goals (false alarms
// ≤ 5 %, worse caught ≥ 90 %) are called shown only when the interval's bound is on their side.
// --json keeps every pair as it ends and a campaign given the same --json resumes where it stopped;
// --pairs 0 prints the table of what the file holds. Every child process is killed on the way out.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { wilson } from '../dist/util/rateInterval.js';

const ROOT = resolve(import.meta.dirname, '..');
const CLI = join(ROOT, 'bin/nlu-harness.js');
const TABLES = { served: { repeat: '3' }, 'single-run': { repeat: '1' }, sequential: { repeat: '3' } };

const { values } = parseArgs({
  options: {
    table: { type: 'string', default: 'served' },
    keys: { type: 'string', default: 'request,dialogue' },
    pairs: { type: 'string', default: '100' },
    'first-seed': { type: 'string', default: '1' },
    noise: { type: 'string', default: 'offByOne=0.05,drop=0.02,intent=0.02' },
    'worse-extra': { type: 'string', default: 'ordinalAsIndex=0.1' },
    repeat: { type: 'string' },
    dataset: { type: 'string', default: 'datasets/model/*.yaml' },
    target: { type: 'string', default: 'correctionIndexMapping' },
    concurrency: { type: 'string' },
    json: { type: 'string', multiple: true },
    markdown: { type: 'string' },
  },
});
const table = values.table;
if (!(table in TABLES)) usage(`--table is one of ${Object.keys(TABLES).join(', ')}`);
const keys = values.keys.split(',').filter(Boolean);
if (keys.length === 0 || keys.some((key) => !['call', 'request', 'dialogue'].includes(key))) usage('--keys lists call, request or dialogue');
const pairs = Number(values.pairs);
const firstSeed = Number(values['first-seed']);
const repeat = values.repeat ?? TABLES[table].repeat;
if (![pairs, firstSeed, Number(repeat)].every(Number.isInteger)) usage('--pairs, --first-seed and --repeat are whole numbers');
const worse = withRates(values.noise, values['worse-extra']);
const jsonFiles = (values.json ?? []).map((file) => resolve(file));
if (pairs > 0 && jsonFiles.length > 1) usage('a campaign keeps its pairs in one --json file; several are read only with --pairs 0, to print their table');
const jsonFile = jsonFiles[0] ?? null;

/** The noise with `extra`'s rates set: a kind both name takes extra's rate (offByOne=0.05 with offByOne=0.1 is 0.1). */
function withRates(noise, extra) {
  const rates = new Map([...noise.split(','), ...extra.split(',')].filter(Boolean).map((part) => part.split('=')));
  return [...rates].map(([kind, rate]) => `${kind}=${rate}`).join(',');
}

function usage(message) {
  process.stderr.write(`calibrate: ${message}\n`);
  process.exit(2);
}

// ---- child processes: every one is killed on the way out, by any path --------------------------
const children = new Set();
function killAll() {
  for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
}
process.on('exit', killAll);
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(signal, () => {
    killAll();
    process.exit(130);
  });
}

function started(args, stdio) {
  const child = spawn(process.execPath, [CLI, ...args], { cwd: ROOT, env: { ...process.env, FORCE_COLOR: '0', OPENAI_API_KEY: '' }, stdio });
  children.add(child);
  child.once('exit', () => children.delete(child));
  return child;
}

/** A serve-llm process on a free port of 127.0.0.1; resolves with its base URL once it listens. */
function serve(perturb, key) {
  const child = started(['serve-llm', '--port', '0', '--perturb', perturb, '--perturb-seed', '1', '--perturb-key', key], ['ignore', 'pipe', 'ignore']);
  return new Promise((resolveUrl, reject) => {
    child.stdout.once('data', (chunk) => resolveUrl(chunk.toString().trim()));
    child.once('exit', (code) => reject(new Error(`serve-llm exited with ${code} before listening`)));
  });
}

/** One `run` against a served model; resolves with its exit code, wall time and report.json. */
async function run(url, samplingSeed, extra) {
  const out = mkdtempSync(join(tmpdir(), 'calibrate-run-'));
  const args = ['run', '--llm', 'openai', '--base-url', url, '--model', 'served', '--dataset', values.dataset, '--repeat', repeat];
  args.push('--temperature', '1', '--sampling-seed', String(samplingSeed), '--no-progress', '--no-history', '--out', out, ...extra);
  if (values.concurrency) args.push('--concurrency', values.concurrency);
  const began = Date.now();
  const child = started(args, ['ignore', 'ignore', 'pipe']);
  let stderr = '';
  child.stderr.on('data', (chunk) => (stderr += chunk));
  const status = await new Promise((done) => child.once('exit', (code) => done(code)));
  try {
    if (status !== 0 && status !== 1) throw new Error(`run exited ${status}: nlu-harness ${args.join(' ')}\n${stderr.slice(0, 2000)}`);
    return { status, seconds: (Date.now() - began) / 1000, report: JSON.parse(readFileSync(join(out, 'report.json'), 'utf8')) };
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
}

/** What the gate said of one candidate, read from its report.json (the CLI's own output). */
function verdict({ status, seconds, report }) {
  const gate = report.gate ?? {};
  return {
    exit: status,
    seconds: Math.round(seconds),
    failed: status === 1,
    named: (gate.regressions ?? []).filter((r) => r.kind === 'metric').map((r) => r.name),
    target: report.metrics?.[values.target]?.score ?? null,
    sequential: gate.sequential ? { decision: gate.sequential.decision, dialogues: gate.sequential.dialoguesRun } : undefined,
  };
}

async function pair(urls, seed, baselineFile) {
  const base = await run(urls.same, seed, ['--baseline', baselineFile, '--update-baseline']);
  const candidate = table === 'sequential' ? ['--baseline', baselineFile, '--sequential'] : ['--baseline', baselineFile];
  const same = verdict(await run(urls.same, seed + 1, candidate));
  const caught = verdict(await run(urls.worse, seed + 2, candidate));
  return { seed, baseTarget: base.report.metrics?.[values.target]?.score ?? null, baseSeconds: Math.round(base.seconds), same, worse: caught };
}

function writeAtomically(file, text) {
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(`${file}.tmp`, text);
  renameSync(`${file}.tmp`, file);
}

// ---- the campaign ------------------------------------------------------------------------------
const settings = { table, repeat: Number(repeat), noise: values.noise, worse, dataset: values.dataset, target: values.target, firstSeed };
const kept = jsonFiles.filter((file) => existsSync(file)).map((file) => JSON.parse(readFileSync(file, 'utf8')));
if (pairs === 0 && kept.length === 0) usage('--pairs 0 prints the table of the campaigns --json names: name at least one that exists');
const differing = kept.find((campaign) => JSON.stringify(campaign.settings) !== JSON.stringify(kept[0].settings));
if (differing) usage(`the --json files hold campaigns with other settings: ${JSON.stringify(differing.settings)}`);
if (pairs > 0 && kept[0] && JSON.stringify(kept[0].settings) !== JSON.stringify(settings))
  usage(`${values.json[0]} holds a campaign with other settings: ${JSON.stringify(kept[0].settings)}`);
const campaign = kept.length === 0 ? { settings, started: new Date().toISOString(), load: [], rows: {} } : mergedCampaigns(kept);
if (pairs === 0)
  Object.assign(values, {
    noise: campaign.settings.noise,
    dataset: campaign.settings.dataset,
    target: campaign.settings.target,
    repeat: String(campaign.settings.repeat),
  });

/** Campaigns run side by side (one process a noise key), as one. */
function mergedCampaigns(campaigns) {
  const rows = {};
  for (const one of campaigns) for (const [key, list] of Object.entries(one.rows)) rows[key] = [...(rows[key] ?? []), ...list];
  const times = campaigns.flatMap((one) => [one.started, one.finished ?? one.started]).sort();
  return { ...campaigns[0], started: times[0], finished: times.at(-1), load: campaigns.flatMap((one) => one.load), rows };
}
for (const key of keys) campaign.rows[key] ??= [];
const work = mkdtempSync(join(tmpdir(), 'calibrate-'));
const began = Date.now();
try {
  const servers = {};
  if (pairs > 0) for (const key of keys) servers[key] = { same: await serve(values.noise, key), worse: await serve(worse, key) };
  for (let i = 0; i < pairs; i++) {
    const seed = firstSeed + 3 * i;
    for (const key of keys) {
      if (campaign.rows[key].some((row) => row.seed === seed)) continue;
      const row = await pair(servers[key], seed, join(work, `baseline-${key}-${seed}.json`));
      campaign.rows[key].push(row);
      campaign.load.push(Number(loadavg()[0].toFixed(1)));
      campaign.finished = new Date().toISOString();
      if (jsonFile) writeAtomically(jsonFile, `${JSON.stringify(campaign, null, 2)}\n`);
      const said = (v) =>
        `exit ${v.exit}${v.named.length ? ` (${v.named.join(', ')})` : ''}${v.sequential ? ` ${v.sequential.decision} after ${v.sequential.dialogues}` : ''}`;
      process.stderr.write(
        `${key} pair ${i + 1}/${pairs} (seeds ${seed}–${seed + 2}): same model ${said(row.same)}; worse ${said(row.worse)}; ${row.baseSeconds + row.same.seconds + row.worse.seconds} s; load ${loadavg()[0].toFixed(1)}\n`,
      );
    }
  }
} finally {
  killAll();
  rmSync(work, { recursive: true, force: true });
}

// ---- the table ---------------------------------------------------------------------------------
const pct = (x, digits = 1) => `${(100 * x).toFixed(digits)} %`;
/** "3 / 40 (7.5 %; 95 % 2.6–19.9 %)" */
function rate(k, n) {
  if (n === 0) return '–';
  const [low, high] = wilson(k, n);
  return `${k} / ${n} (${pct(k / n)}; 95 % ${pct(low)}–${pct(high)})`;
}
/** Whether the interval shows a goal: at most `limit` (its upper bound) or at least `limit` (its lower bound). */
function shown(k, n, limit, atMost) {
  if (n === 0) return '–';
  const [low, high] = wilson(k, n);
  const bound = atMost ? high : low;
  const holds = atMost ? bound <= limit : bound >= limit;
  return `${holds ? 'shown' : 'not shown'} (${atMost ? 'upper' : 'lower'} bound ${pct(bound)})`;
}
const mean = (xs) => (xs.length === 0 ? NaN : xs.reduce((a, b) => a + b, 0) / xs.length);
const move = (rows, side) => mean(rows.filter((r) => r[side].target !== null && r.baseTarget !== null).map((r) => r[side].target - r.baseTarget));
const pp = (x) => (Number.isNaN(x) ? '–' : `${x >= 0 ? '+' : '−'}${Math.abs(100 * x).toFixed(1)} pp`);
const noiseOf = { call: 'per call, by arrival order', request: 'per call (`--perturb-key request`)', dialogue: 'per dialogue (`--perturb-key dialogue`)' };

const shownSettings = campaign.settings;
const extra =
  pairs === 0
    ? shownSettings.worse
        .split(',')
        .filter((part) => !shownSettings.noise.split(',').includes(part))
        .join(',')
    : values['worse-extra'];
const lines = [];
const all = Object.values(campaign.rows).flat();
const perKey = Object.values(campaign.rows).map((rows) => rows.length);
const loads = campaign.load.length ? `load average ${Math.min(...campaign.load)}–${Math.max(...campaign.load)}` : '';
lines.push(
  `(\`node scripts/calibrate.mjs --table ${shownSettings.table} --keys ${Object.keys(campaign.rows).join(',')} --pairs N --first-seed ${shownSettings.firstSeed} --noise ${shownSettings.noise} --worse-extra ${extra} --repeat ${shownSettings.repeat} --dataset '${shownSettings.dataset}'\`; ${campaign.started.slice(0, 16).replace('T', ' ')}–${(campaign.finished ?? campaign.started).slice(11, 16)} UTC, ${loads}, ${perKey.join(' and ')} pairs, ${mean(all.map((r) => r.baseSeconds + r.same.seconds + r.worse.seconds)).toFixed(0)} s a pair of three runs. Stand-in: \`serve-llm --perturb ${shownSettings.noise}\`; worse: \`--perturb ${shownSettings.worse}\`.)`,
  '',
);
if (shownSettings.table === 'sequential') {
  const outcomes = (rows, side) =>
    ['regression', 'noRegression', 'undecided'].map((d) => rate(rows.filter((r) => r[side].sequential?.decision === d).length, rows.length)).join(' | ');
  lines.push(
    '| noise | pairs | same model: regression | cleared | undecided | worse: regression | cleared | undecided | mean dialogues run (same / worse) |',
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
  );
  for (const [key, rows] of Object.entries(campaign.rows)) {
    const used = (side) => mean(rows.map((r) => r[side].sequential?.dialogues ?? NaN)).toFixed(0);
    lines.push(`| ${noiseOf[key]} | ${rows.length} | ${outcomes(rows, 'same')} | ${outcomes(rows, 'worse')} | ${used('same')} / ${used('worse')} |`);
  }
} else {
  lines.push(
    `| noise | pairs | false alarms (same model, new seed) | ≤ 5 %? | caught (${extra}) | ≥ 90 %? | ${values.target}: worse / same, mean move |`,
    '| --- | ---: | ---: | --- | ---: | --- | ---: |',
  );
  for (const [key, rows] of Object.entries(campaign.rows)) {
    const alarms = rows.filter((r) => r.same.failed).length;
    const caught = rows.filter((r) => r.worse.failed).length;
    lines.push(
      `| ${noiseOf[key]} | ${rows.length} | ${rate(alarms, rows.length)} | ${shown(alarms, rows.length, 0.05, true)} | ${rate(caught, rows.length)} | ${shown(caught, rows.length, 0.9, false)} | ${pp(move(rows, 'worse'))} / ${pp(move(rows, 'same'))} |`,
    );
  }
  const named = {};
  for (const [key, rows] of Object.entries(campaign.rows))
    for (const r of rows) for (const name of r.same.named) named[`${key}: ${name}`] = (named[`${key}: ${name}`] ?? 0) + 1;
  lines.push(
    '',
    `False alarms by metric: ${
      Object.entries(named)
        .map(([n, k]) => `${n} ${k}`)
        .join(', ') || 'none'
    }.`,
  );
}
const text = `${lines.join('\n')}\n`;
process.stdout.write(text);
if (values.markdown) writeAtomically(resolve(values.markdown), text);
process.stderr.write(`calibrate: ${((Date.now() - began) / 1000).toFixed(0)} s\n`);
