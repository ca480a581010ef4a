// Calibrates the documented noisy rehearsal as written (docs/gating.md, "Rehearsed end to end over
// HTTP"): a serve-llm process with --perturb as the model behind HTTP, `run --llm openai`
// key-less through the real SDK, all of datasets/model/ with --repeat 3 and the default concurrency.
// Each pair: a baseline on noise seed s, the same model on seed s + 1 (a false alarm if it exits 1),
// and the same model with --worse-extra added on seed s + 2 (caught if it exits 1).
// Usage: npm run build && node scripts/calibrate-recipe.mjs [--pairs 20] [--first-seed 101]
//          [--noise SPEC] [--worse-extra ordinalAsIndex=1] [--concurrency N] [--json FILE] [--keep DIR]
// --json is rewritten after every run, and pairs already in it are skipped (a campaign resumes);
// --keep saves every run's baseline (pair-N-{base,same,worse}.json) for re-gating offline.
// --no-gate runs every run without --baseline (needs --keep): the runs only measure, and
// scripts/regate-calibration.mjs judges the kept pairs with the gate as it is built now, so one
// campaign of model runs serves every version of the gate (the runs are the slow part).
// Every serve-llm and run process this script starts is killed when it ends, however it ends.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { parseArgs } from 'node:util';

const ROOT = resolve(import.meta.dirname, '..');
const CLI = join(ROOT, 'bin/nlu-harness.js');
const RECIPE_NOISE = 'offByOne=0.05,drop=0.02,amount=0.02,intent=0.02,lowConfidence=0.03';

const { values } = parseArgs({
  options: {
    pairs: { type: 'string', default: '20' },
    'first-seed': { type: 'string', default: '101' },
    noise: { type: 'string', default: RECIPE_NOISE },
    'worse-extra': { type: 'string', default: 'ordinalAsIndex=1' },
    concurrency: { type: 'string' },
    json: { type: 'string', default: 'reports/calibration/recipe.json' },
    keep: { type: 'string' },
    'no-gate': { type: 'boolean', default: false },
  },
});
const pairs = Number(values.pairs);
const firstSeed = Number(values['first-seed']);
const jsonFile = resolve(values.json);
const gated = !values['no-gate'];
if (!gated && !values.keep) {
  process.stderr.write('--no-gate keeps nothing to judge without --keep DIR\n');
  process.exit(2);
}

// ---- every child is killed on the way out, by any path -------------------------------------
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
process.on('uncaughtException', (error) => {
  process.stderr.write(`${error.stack ?? error}\n`);
  killAll();
  process.exit(3);
});
process.on('unhandledRejection', (error) => {
  process.stderr.write(`${error?.stack ?? error}\n`);
  killAll();
  process.exit(3);
});

function started(args, options = {}) {
  const child = spawn(process.execPath, [CLI, ...args], { cwd: ROOT, env: { ...process.env, FORCE_COLOR: '0', OPENAI_API_KEY: '' }, ...options });
  children.add(child);
  child.once('exit', () => children.delete(child));
  return child;
}

/** A serve-llm process on a free port; resolves with its base URL once it listens. */
function serve(perturb, seed) {
  const child = started(['serve-llm', '--port', '0', '--perturb', perturb, '--perturb-seed', String(seed)], { stdio: ['ignore', 'pipe', 'ignore'] });
  const url = new Promise((resolveUrl, reject) => {
    child.stdout.once('data', (chunk) => resolveUrl(chunk.toString().trim()));
    child.once('exit', (code) => reject(new Error(`serve-llm exited with ${code} before listening`)));
  });
  return { child, url };
}

function stopped(child) {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((done) => {
    child.once('exit', done);
    child.kill('SIGTERM');
  });
}

/** One `run` of the recipe against a served noisy model; the report is read back and the run's directory removed. */
async function recipeRun(perturb, seed, baseline, update) {
  const server = serve(perturb, seed);
  const out = mkdtempSync(join(tmpdir(), 'calibrate-recipe-'));
  try {
    const baseUrl = await server.url;
    const args = ['run', '--llm', 'openai', '--base-url', baseUrl, '--model', 'served', '--dataset', 'datasets/model/*.yaml', '--repeat', '3', '--no-progress', '--no-history', '--out', join(out, 'out')];
    if (gated) args.push('--baseline', baseline);
    if (values.concurrency) args.push('--concurrency', values.concurrency);
    if (gated && update) args.push('--update-baseline');
    const began = Date.now();
    const run = started(args, { stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    run.stderr.on('data', (chunk) => (stderr += chunk));
    const status = await new Promise((done) => run.once('exit', (code) => done(code)));
    const wallMs = Date.now() - began;
    if (status !== 0 && status !== 1) throw new Error(`run exited ${status}: ${stderr.slice(0, 2000)}`);
    const report = JSON.parse(readFileSync(join(out, 'out', 'report.json'), 'utf8'));
    return { status, wallMs, report };
  } finally {
    await stopped(server.child);
    rmSync(out, { recursive: true, force: true });
  }
}

function gateSummary(gate) {
  const paired = gate?.paired;
  return {
    passed: gate?.passed ?? null,
    regressions: (gate?.regressions ?? []).filter((r) => r.kind === 'metric').map((r) => ({ name: r.name, baseline: r.baseline, current: r.current, pValue: r.significance?.pValue, interval: r.significance?.interval })),
    tests: (paired?.tests ?? []).map((t) => ({ name: t.name, baseline: t.baseline, current: t.current, rawPValue: t.rawPValue, pValue: t.pValue })),
    flaky: paired?.flaky.length ?? null,
    consistentlyBroken: paired?.consistentlyBroken.length ?? null,
  };
}

function runFacts({ status, wallMs, report }) {
  const latency = report.metrics.latency;
  return {
    status,
    wallMs,
    passAt1: report.summary.passAt1,
    timeouts: latency?.counts.timeouts ?? null,
    llmCalls: latency?.counts.llmCalls ?? null,
    llmP95Ms: latency?.details?.llmP95Ms ?? null,
    concurrency: report.run.timing?.llmTraffic?.concurrency?.start ?? null,
  };
}

function writeAtomically(file, text) {
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(`${file}.tmp`, text);
  renameSync(`${file}.tmp`, file);
}

async function slimBaseline(report, file) {
  const { toBaseline } = await import('../dist/report/json/baseline.js');
  writeAtomically(file, JSON.stringify(toBaseline(report)));
}

const previous = existsSync(jsonFile) ? JSON.parse(readFileSync(jsonFile, 'utf8')) : null;
const rows = previous?.rows ?? [];
const worse = `${values.noise},${values['worse-extra']}`;
const work = mkdtempSync(join(tmpdir(), 'calibrate-baselines-'));
if (values.keep) mkdirSync(values.keep, { recursive: true });

function summary() {
  const done = rows.length;
  const falseAlarms = gated ? rows.filter((r) => r.same.status === 1).length : null;
  const caught = gated ? rows.filter((r) => r.worse.status === 1).length : null;
  return {
    method: 'scripts/calibrate-recipe.mjs: serve-llm --perturb behind HTTP, run --llm openai key-less, datasets/model/*.yaml, --repeat 3',
    gated,
    date: previous?.date ?? new Date().toISOString(),
    noise: values.noise,
    worse,
    concurrency: values.concurrency ? Number(values.concurrency) : 'default',
    pairs: done,
    falseAlarms,
    caught,
    rows,
  };
}

try {
  for (let i = 0; i < pairs; i++) {
    const seed = firstSeed + 3 * i;
    if (rows.some((r) => r.seed === seed)) continue;
    const baseline = join(work, `pair-${i + 1}.json`);
    const base = await recipeRun(values.noise, seed, baseline, true);
    const same = await recipeRun(values.noise, seed + 1, baseline, false);
    const caught = await recipeRun(worse, seed + 2, baseline, false);
    if (values.keep) {
      for (const [side, run] of [['base', base], ['same', same], ['worse', caught]]) await slimBaseline(run.report, join(values.keep, `pair-${seed}-${side}.json`));
    }
    const judged = (run) => (gated ? { ...runFacts(run), ...gateSummary(run.report.gate) } : runFacts(run));
    rows.push({ pair: i + 1, seed, base: runFacts(base), same: judged(same), worse: judged(caught) });
    writeAtomically(jsonFile, `${JSON.stringify(summary(), null, 2)}\n`);
    const seconds = Math.round((base.wallMs + same.wallMs + caught.wallMs) / 1000);
    const alarm = rows.at(-1).same;
    const verdicts = gated
      ? `same model exit ${same.status}${alarm.regressions.length ? ` (${alarm.regressions.map((r) => `${r.name} p=${r.pValue}`).join(', ')})` : ''}; ${values['worse-extra']} exit ${caught.status}`
      : 'kept for regate-calibration.mjs';
    process.stderr.write(`pair ${i + 1}/${pairs} (seeds ${seed}-${seed + 2}): ${verdicts}; ${seconds} s; load ${loadavg()[0].toFixed(1)}\n`);
  }
} finally {
  rmSync(work, { recursive: true, force: true });
  killAll();
}
const { rows: _rows, ...totals } = summary();
process.stdout.write(`${JSON.stringify(totals)}\n`);
