#!/usr/bin/env node
// What sharing the baseline's sampling seeds does to the paired differences, measured over HTTP on
// a model that honours seeds: `serve-llm --perturb MIX --honour-seeds` draws its noise by each
// request's seed and prompt, so the same seed and prompt answer the same, as a seeded real model
// does. Run after `npm run build`; starts and stops its own serve-llm processes:
//
//   node scripts/shared-seeds.mjs [--rounds 3] [--repeat 2]
//
// Per round r: a baseline with --sampling-seed 10r; the same model again with the baseline's seed
// (shared: what `run --baseline` now does) and with seed 10r + 1 (independent); the same model with
// ordinalAsIndex=1 added (a worse model) both ways, plain and --sequential. Prints, per metric, the
// SD over dialogues of the per-dialogue difference (candidate − baseline, each over its repeats),
// and the verdicts.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const load = (path) => import(pathToFileURL(join(ROOT, path)).href);
const { MetricSet } = await load('dist/scoring/allScorers.js');
const { metricSettings } = await load('dist/scoring/metrics/registry.js');

const args = Object.fromEntries(
  process.argv.slice(2).reduce((pairs, arg, i, all) => (arg.startsWith('--') ? [...pairs, [arg.slice(2), all[i + 1]]] : pairs), []),
);
const ROUNDS = Number(args.rounds ?? 3);
const REPEAT = String(args.repeat ?? 2);
const MIX = 'offByOne=0.05,drop=0.02,amount=0.02,intent=0.02,lowConfidence=0.03';
const dir = mkdtempSync(join(tmpdir(), 'shared-seeds-'));

function serve(perturb) {
  const child = spawn(
    process.execPath,
    [join(ROOT, 'bin/nlu-harness.js'), 'serve-llm', '--port', '0', '--perturb', perturb, '--perturb-seed', '1', '--honour-seeds'],
    { cwd: ROOT, stdio: ['ignore', 'pipe', 'ignore'] },
  );
  return new Promise((done) => child.stdout.once('data', (chunk) => done({ url: chunk.toString().trim(), child })));
}

function run(url, out, extra) {
  const started = Date.now();
  const result = spawnSync(
    process.execPath,
    [
      join(ROOT, 'bin/nlu-harness.js'),
      'run',
      '--llm',
      'openai',
      '--base-url',
      url,
      '--model',
      'served',
      '--dataset',
      'datasets/model/*.yaml',
      '--repeat',
      REPEAT,
      '--no-progress',
      '--no-history',
      '--out',
      join(dir, out),
      ...extra,
    ],
    { cwd: ROOT, encoding: 'utf8', env: { ...process.env, OPENAI_API_KEY: '' } },
  );
  const report = JSON.parse(readFileSync(join(dir, out, 'report.json'), 'utf8'));
  return { status: result.status, report, seconds: (Date.now() - started) / 1000, seeds: /Sampling seeds: .*/.exec(result.stderr)?.[0] ?? '' };
}

const settings = metricSettings();
function scores(entry) {
  const set = new MetricSet(settings);
  set.absorb(entry.tallies);
  return set.results();
}

/** Per metric: SD over dialogues of candidate − baseline, on the dialogues both judged. */
function pairedSd(baseline, candidate) {
  const out = {};
  for (const [id, before] of Object.entries(baseline.repeated)) {
    const after = candidate.repeated[id];
    if (!after) continue;
    const [b, c] = [scores(before), scores(after)];
    for (const name of Object.keys(b)) {
      const judged = (r) => r.counts.judged === undefined || r.counts.judged > 0;
      if (!judged(b[name]) || !judged(c[name])) continue;
      (out[name] ??= []).push(c[name].score - b[name].score);
    }
  }
  return Object.fromEntries(
    Object.entries(out).map(([name, d]) => {
      const mean = d.reduce((a, x) => a + x, 0) / d.length;
      return [name, { n: d.length, mean, sd: Math.sqrt(d.reduce((a, x) => a + (x - mean) ** 2, 0) / (d.length - 1)) }];
    }),
  );
}

const same = await serve(MIX);
const worse = await serve(`${MIX},ordinalAsIndex=1`);
const rows = [];
try {
  for (let r = 1; r <= ROUNDS; r++) {
    const seed = String(10 * r);
    const baselineFile = join(dir, `baseline-${r}.json`);
    run(same.url, `b${r}`, ['--sampling-seed', seed, '--baseline', baselineFile, '--update-baseline']);
    const baseline = JSON.parse(readFileSync(baselineFile, 'utf8'));
    for (const [model, url] of [
      ['same model', same.url],
      ['ordinalAsIndex=1 added', worse.url],
    ]) {
      for (const [how, extra] of [
        ['shared', []],
        ['independent', ['--sampling-seed', String(10 * r + 1)]],
      ]) {
        const plain = run(url, `c${r}-${model.length}-${how}`, ['--baseline', baselineFile, ...extra]);
        const sequential = run(url, `s${r}-${model.length}-${how}`, ['--baseline', baselineFile, '--sequential', ...extra]);
        const s = sequential.report.gate.sequential;
        rows.push({
          round: r,
          model,
          how,
          sd: pairedSd(baseline, plain.report),
          exit: plain.status,
          seqExit: sequential.status,
          seq: `${s.decision} after ${s.dialoguesRun} dialogues, ${s.calls} calls${s.alarmed.length ? ` (${s.alarmed.join(', ')})` : ''}`,
          seeds: plain.seeds,
        });
      }
    }
  }
} finally {
  same.child.kill();
  worse.child.kill();
}

const metrics = Object.keys(rows[0].sd);
console.log(`${ROUNDS} rounds, datasets/model/ (466 dialogues), --repeat ${REPEAT}, serve-llm --perturb ${MIX} --honour-seeds\n`);
console.log(`| round | candidate | seeds | ${metrics.join(' | ')} | fixed gate exit | --sequential |`);
console.log(`| ---: | --- | --- | ${metrics.map(() => '---:').join(' | ')} | ---: | --- |`);
for (const row of rows) {
  console.log(
    `| ${row.round} | ${row.model} | ${row.how} | ${metrics.map((m) => (row.sd[m] ? `${row.sd[m].sd.toFixed(3)} (${(row.sd[m].mean * 100).toFixed(1)} pp)` : '–')).join(' | ')} | ${row.exit} | exit ${row.seqExit}: ${row.seq} |`,
  );
}
rmSync(dir, { recursive: true, force: true });
