#!/usr/bin/env node
// Scale and speed in one run (`npm run bench:scale`), progress on stderr, figures as JSON in
// reports/scale.json and as a Markdown table on stdout:
//   1. throughput and peak RSS of `run` on generated suites of each size, whole CLI;
//   2. the real-backend pool against its ideal wall time over a loopback model with fixed latency;
//   3. the bundled suite through the bin against `node -e 0`, paired runs;
//   4. the same 1 000 single-turn cases through promptfoo and through the harness, paired runs;
//   5. where a turn's CPU goes: a --cpu-prof run of 10 000 generated dialogues, charged by layer.
// Paired means A B A B …: each ratio is taken within a pair, then the median, so a machine
// whose speed drifts (other work on it) moves both sides of a pair alike.
//
//   npm run build && node scripts/benchScale.mjs [--sizes 1000,10000,100000] [--pairs 10]
//     [--pool 8,32,64] [--pool-dialogues 600] [--latency-ms 200] [--promptfoo-pairs 3] [--budget 10000]
//     [--skip sizes,pool,bundled,promptfoo,budget]
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { turnBudget } from './turnBudget.mjs';
import { PROMPTFOO_ENV, makeCases, writeHarnessDataset, writePromptfooConfig } from './vs-promptfoo.mjs';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const CLI = join(ROOT, 'bin/nlu-harness.js');
const TIME = '/usr/bin/time';
const ARGV = process.argv.slice(2);
const GOALS = { turnsPerSec: 30_000, peakRssMb: 300, rssGrowth: 1.2, poolRatio: 1.25, bundledWallS: 0.3, vsPromptfoo: 20 };

function option(name, fallback) {
  const at = ARGV.indexOf(`--${name}`);
  return at >= 0 ? ARGV[at + 1] : fallback;
}
const list = (text) => text.split(',').filter(Boolean).map(Number);
const skip = new Set((option('skip', '') ?? '').split(','));
const log = (line) => process.stderr.write(`bench:scale: ${line}\n`);
const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

/** One whole process: wall time from here, peak RSS from /usr/bin/time -v (when installed). */
function timed(command, args, env = {}) {
  const useTime = existsSync(TIME);
  const started = performance.now();
  const result = spawnSync(useTime ? TIME : command, useTime ? ['-v', command, ...args] : args, {
    cwd: ROOT,
    encoding: 'utf8',
    env: { ...process.env, ...env },
    maxBuffer: 1 << 28,
  });
  const wallMs = performance.now() - started;
  const rss = /Maximum resident set size \(kbytes\): (\d+)/.exec(result.stderr ?? '');
  const seconds = (label) => Number(new RegExp(`${label} time \\(seconds\\): ([\\d.]+)`).exec(result.stderr ?? '')?.[1] ?? Number.NaN);
  // CPU seconds (user + system) are the figure a busy machine disturbs least.
  const cpuMs = (seconds('User') + seconds('System')) * 1000;
  return {
    wallMs,
    cpuMs: Number.isNaN(cpuMs) ? null : cpuMs,
    peakRssMb: rss ? Number(rss[1]) / 1024 : null,
    status: result.status,
    stdout: result.stdout,
    stderr: result.stderr,
  };
}

/** A B A B …: median wall of each and the median of the per-pair ratios A/B. */
function paired(pairs, runA, runB) {
  const a = [];
  const b = [];
  for (let i = 0; i < pairs; i++) {
    a.push(runA());
    b.push(runB());
    log(`  pair ${i + 1}/${pairs}: ${(a[i].wallMs / 1000).toFixed(2)} s vs ${(b[i].wallMs / 1000).toFixed(2)} s`);
  }
  const bad = [...a, ...b].find((r) => r.status !== 0 && r.status !== 1);
  if (bad) throw new Error(`a paired run exited ${bad.status}:\n${bad.stderr}`);
  return {
    pairs,
    aWallMs: median(a.map((r) => r.wallMs)),
    bWallMs: median(b.map((r) => r.wallMs)),
    aCpuMs: median(a.map((r) => r.cpuMs ?? Number.NaN)),
    bCpuMs: median(b.map((r) => r.cpuMs ?? Number.NaN)),
    cpuRatio: median(a.map((r, i) => (r.cpuMs ?? Number.NaN) / (b[i].cpuMs ?? Number.NaN))),
    ratio: median(a.map((r, i) => r.wallMs / b[i].wallMs)),
    ratioRange: [Math.min(...a.map((r, i) => r.wallMs / b[i].wallMs)), Math.max(...a.map((r, i) => r.wallMs / b[i].wallMs))],
  };
}

// ── 1. throughput and memory by size ────────────────────────────────────────

function sizeRow(work, size) {
  const file = join(work, `generated-${size}.yaml`);
  log(`generate ${size} dialogues`);
  const generated = timed(process.execPath, [CLI, 'generate', '--count', String(size), '--seed', '1', '--out', file]);
  if (generated.status !== 0) throw new Error(`generate ${size} exited ${generated.status}:\n${generated.stderr}`);
  const turns = Number(/(\d+) turns/.exec(generated.stderr)?.[1] ?? Number.NaN);
  log(`run ${size} dialogues (${turns} turns) through the CLI`);
  // The run history is appended to as usual, in the work folder (not the repository's).
  const run = timed(process.execPath, [
    CLI,
    'run',
    '--dataset',
    file,
    '--out',
    join(work, `out-${size}`),
    '--no-progress',
    '--history',
    join(work, 'history.sqlite'),
  ]);
  rmSync(file, { force: true });
  rmSync(join(work, `out-${size}`), { recursive: true, force: true });
  const crashed = run.status !== 0 && run.status !== 1;
  const row = {
    dialogues: size,
    turns,
    exit: run.status,
    wallMs: run.wallMs,
    cpuMs: run.cpuMs,
    turnsPerCpuSec: crashed || !run.cpuMs ? null : turns / (run.cpuMs / 1000),
    dialoguesPerSec: crashed ? null : size / (run.wallMs / 1000),
    turnsPerSec: crashed ? null : turns / (run.wallMs / 1000),
    peakRssMb: run.peakRssMb,
    load: os.loadavg(),
  };
  log(
    `  ${size}: exit ${row.exit}, ${(row.wallMs / 1000).toFixed(1)} s, ${Math.round(row.turnsPerSec ?? 0)} turns/s, peak ${Math.round(row.peakRssMb ?? 0)} MB`,
  );
  if (crashed) log(`  stderr: ${run.stderr.slice(-2000)}`);
  return row;
}

// ── 2. the pool against its ideal over a loopback model ─────────────────────

function startServer(latencyMs) {
  const child = spawn(process.execPath, [CLI, 'serve-llm', '--port', '0', '--latency-ms', String(latencyMs)], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolveUrl, reject) => {
    let out = '';
    child.stdout.on('data', (chunk) => {
      out += chunk;
      const url = /http:\/\/127\.0\.0\.1:\d+\/v1/.exec(out)?.[0];
      if (url) resolveUrl({ url, stop: () => child.kill('SIGTERM') });
    });
    child.once('exit', (code) => reject(new Error(`serve-llm exited ${code}`)));
  });
}

/** The scheduler alone: the reference model in-process, each answer held back `latencyMs` (no HTTP, no SDK). */
async function sleepingModel(latencyMs) {
  const { HeuristicModel } = await import('../dist/reference/heuristicModel.js');
  const model = new HeuristicModel();
  return {
    name: 'sleeping-heuristic',
    model: model.model,
    clock: 'real',
    complete: async (request) => {
      await new Promise((done) => setTimeout(done, latencyMs));
      return { ...(await model.complete(request)), latencyMs };
    },
  };
}

async function poolRows(widths, count, latencyMs) {
  const { OpenAiBackend } = await import('../dist/llm/openaiBackend.js');
  const { simulateSuite } = await import('../dist/sim/simulateSuite.js');
  const { generateDialogues } = await import('../dist/generate/generateDataset.js');
  const { toDialogue } = await import('../dist/generate/toDialogue.js');
  const dialogues = [...generateDialogues({ count, seed: 3 })].map(toDialogue);
  const server = await startServer(latencyMs);
  const rows = [];
  const measure = async (over, width, model) => {
    // Only calls that reach the model wait: a dataset's injected timeouts and errors are traced
    // as calls but answered by the harness at once, so the bound counts the model's own calls.
    let calls = 0;
    const backend = { name: model.name, model: model.model, clock: model.clock, complete: (request) => (calls++, model.complete(request)) };
    let longest = 0;
    const started = performance.now();
    for await (const simulated of simulateSuite(dialogues, { backend, mode: 'e2e', seed: 1, repeat: 1, concurrency: width })) {
      if ('skipped' in simulated) continue;
      const answered = simulated.traces[0].turns.reduce((sum, turn) => sum + turn.llmCalls.filter((call) => call.outcome === 'ok').length, 0);
      longest = Math.max(longest, answered);
    }
    const wallMs = performance.now() - started;
    // No schedule can beat either bound: all calls spread evenly over the slots, or the longest dialogue's chain.
    const idealMs = Math.max((calls * latencyMs) / width, longest * latencyMs);
    rows.push({ over, concurrency: width, dialogues: count, calls, longestChain: longest, wallMs, idealMs, ratio: wallMs / idealMs });
    log(`  ${over}, C=${width}: ${(wallMs / 1000).toFixed(2)} s vs ideal ${(idealMs / 1000).toFixed(2)} s = ${(wallMs / idealMs).toFixed(2)}×`);
  };
  try {
    for (const width of widths) {
      log(`pool: ${count} dialogues at concurrency ${width}, ${latencyMs} ms a call`);
      await measure('loopback HTTP', width, new OpenAiBackend({ baseURL: server.url, apiKey: 'loopback', model: 'heuristic' }));
      await measure('in-process', width, await sleepingModel(latencyMs));
    }
  } finally {
    server.stop();
  }
  return rows;
}

// ── 3 and 4. paired whole-CLI comparisons ───────────────────────────────────

function bundledVsNode(work, pairs) {
  log(`bundled suite through the bin vs node -e 0, ${pairs} pairs`);
  const out = join(work, 'bundled');
  return paired(
    pairs,
    () => timed(process.execPath, [CLI, 'run', '--out', out, '--no-progress']),
    () => timed(process.execPath, ['-e', '0']),
  );
}

function vsPromptfoo(work, pairs, count) {
  log(`promptfoo vs harness on ${count} single-turn cases, ${pairs} pairs`);
  const cases = makeCases(count, 11);
  const dataset = writeHarnessDataset(work, cases);
  const config = writePromptfooConfig(work, cases);
  const env = { ...PROMPTFOO_ENV, PROMPTFOO_CONFIG_DIR: join(work, 'promptfoo-state') };
  const promptfoo = join(ROOT, 'node_modules/.bin/promptfoo');
  return paired(
    pairs,
    () => timed(promptfoo, ['eval', '-c', config, '--no-cache', '--no-write', '--no-table', '--no-progress-bar'], env),
    () => timed(process.execPath, [CLI, 'run', '--dataset', dataset, '--out', join(work, 'vs-report'), '--no-progress']),
  );
}

// ── 5. per-turn budget ──────────────────────────────────────────────────────

function budget(work, size) {
  const file = join(work, 'budget.yaml');
  log(`per-turn budget: ${size} generated dialogues under --cpu-prof`);
  const generated = timed(process.execPath, [CLI, 'generate', '--count', String(size), '--seed', '1', '--out', file]);
  const turns = Number(/(\d+) turns/.exec(generated.stderr)?.[1] ?? Number.NaN);
  const dir = join(work, 'profile');
  // The compiled modules, not the bin: a bundle chunk's URL does not say which layer it holds.
  const run = timed(process.execPath, [
    '--cpu-prof',
    `--cpu-prof-dir=${dir}`,
    join(ROOT, 'dist/cli/main.js'),
    'run',
    '--dataset',
    file,
    '--out',
    join(work, 'budget-out'),
    '--no-progress',
    '--history',
    join(work, 'history.sqlite'),
  ]);
  if (run.status !== 0 && run.status !== 1) throw new Error(`profiled run exited ${run.status}:\n${run.stderr}`);
  const profile = readdirSync(dir).find((name) => name.endsWith('.cpuprofile'));
  return { dialogues: size, ...turnBudget(join(dir, profile), turns) };
}

// ── report ──────────────────────────────────────────────────────────────────

function machine() {
  return {
    node: process.version,
    cpus: os.availableParallelism(),
    cpuModel: os.cpus()[0]?.model ?? 'unknown',
    platform: `${process.platform}-${process.arch}`,
    memGb: Math.round(os.totalmem() / 2 ** 30),
  };
}

const fmt = (n, digits = 0) =>
  n === null || n === undefined || Number.isNaN(n) ? '–' : n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });

function render(result) {
  const lines = [
    `Measured ${result.date}: ${result.machine.cpus} CPUs (${result.machine.cpuModel}), Node ${result.machine.node}; load average ${result.load.start.map((l) => l.toFixed(1)).join('/')} at the start, ${result.load.end.map((l) => l.toFixed(1)).join('/')} at the end.`,
    '',
    '| what | goal | measured |',
    '| --- | --- | --- |',
  ];
  for (const row of result.sizes) {
    const load = row.load ? `; load ${row.load[0].toFixed(1)}` : '';
    lines.push(
      `| ${fmt(row.dialogues)} generated dialogues (${fmt(row.turns)} turns), whole CLI | no crash, ≥ ${fmt(GOALS.turnsPerSec)} turns/s, ≤ ${GOALS.peakRssMb} MB | exit ${row.exit}, ${fmt(row.wallMs / 1000, 1)} s, ${fmt(row.dialoguesPerSec)} dialogues/s, **${fmt(row.turnsPerSec)} turns/s** (**${fmt(row.turnsPerCpuSec)} per CPU-second**), **${fmt(row.peakRssMb)} MB** peak RSS${load} |`,
    );
  }
  if (result.rssGrowth)
    lines.push(
      `| peak RSS at ${fmt(result.rssGrowth.to)} against ${fmt(result.rssGrowth.from)} dialogues | ≤ ${GOALS.rssGrowth}× | **${fmt(result.rssGrowth.ratio, 2)}×** |`,
    );
  for (const row of result.pool ?? []) {
    lines.push(
      `| pool over ${row.over === 'in-process' ? 'an in-process model' : 'loopback HTTP'}, C = ${row.concurrency}: ${row.dialogues} dialogues, ${row.calls} calls of ${result.latencyMs} ms | ≤ ${GOALS.poolRatio}× ideal | ${fmt(row.wallMs / 1000, 2)} s vs ideal ${fmt(row.idealMs / 1000, 2)} s: **${fmt(row.ratio, 2)}×** |`,
    );
  }
  if (result.bundled) {
    const b = result.bundled;
    lines.push(
      `| bundled suite through the bin (median of ${b.pairs} pairs) | ≤ ${GOALS.bundledWallS} s | **${fmt(b.aWallMs / 1000, 2)} s** wall, ${fmt(b.aCpuMs / 1000, 2)} s CPU; \`node -e 0\` ${fmt(b.bWallMs / 1000, 2)} s wall, ${fmt(b.bCpuMs / 1000, 2)} s CPU; ratio ${fmt(b.ratio, 1)}× wall (${fmt(b.ratioRange[0], 1)}–${fmt(b.ratioRange[1], 1)}), ${fmt(b.cpuRatio, 1)}× CPU |`,
    );
  }
  if (result.promptfoo) {
    const p = result.promptfoo;
    lines.push(
      `| promptfoo / harness, same 1 000 single-turn cases, whole CLI (${p.pairs} pairs) | ≥ ${GOALS.vsPromptfoo}× | ${fmt(p.aWallMs / 1000, 2)} s vs ${fmt(p.bWallMs / 1000, 2)} s: **${fmt(p.ratio, 1)}×** wall (${fmt(p.ratioRange[0], 1)}–${fmt(p.ratioRange[1], 1)}), ${fmt(p.cpuRatio, 1)}× CPU |`,
    );
  }
  if (result.budget) {
    const b = result.budget;
    lines.push(
      '',
      `Per-turn CPU, ${fmt(b.dialogues)} generated dialogues (${fmt(b.turns)} turns) under \`--cpu-prof\`, samples charged to the layer running (built-ins to their caller):`,
      '',
      '| where | µs per turn | share |',
      '| --- | ---: | ---: |',
    );
    for (const row of b.rows) lines.push(`| ${row.bucket} | ${fmt(row.usPerTurn, 1)} | ${fmt(row.share * 100, 1)} % |`);
    lines.push(`| **total** | **${fmt(b.usPerTurn, 1)}** | 100 % |`);
  }
  return `${lines.join('\n')}\n`;
}

async function main() {
  if (!existsSync(join(ROOT, 'dist/cli/main.js'))) throw new Error('dist/ is missing: run `npm run build` first');
  const work = mkdtempSync(join(os.tmpdir(), 'nlu-scale-'));
  const result = {
    date: new Date().toISOString(),
    machine: machine(),
    load: { start: os.loadavg() },
    goals: GOALS,
    latencyMs: Number(option('latency-ms', '200')),
  };
  try {
    result.sizes = skip.has('sizes') ? [] : list(option('sizes', '1000,10000,100000')).map((size) => sizeRow(work, size));
    const measured = result.sizes.filter((row) => row.peakRssMb);
    const at = (n) => measured.find((row) => row.dialogues === n);
    const top = measured.at(-1);
    if (at(10_000) && top && top.dialogues > 10_000) result.rssGrowth = { from: 10_000, to: top.dialogues, ratio: top.peakRssMb / at(10_000).peakRssMb };
    if (!skip.has('pool')) result.pool = await poolRows(list(option('pool', '8,32,64')), Number(option('pool-dialogues', '600')), result.latencyMs);
    if (!skip.has('bundled')) result.bundled = bundledVsNode(work, Number(option('pairs', '10')));
    if (!skip.has('promptfoo')) result.promptfoo = vsPromptfoo(work, Number(option('promptfoo-pairs', '3')), 1000);
    if (!skip.has('budget')) result.budget = budget(work, Number(option('budget', '10000')));
    result.load.end = os.loadavg();
    const out = join(ROOT, 'reports/scale.json');
    mkdirSync(dirname(out), { recursive: true });
    writeFileSync(`${out}.${process.pid}.tmp`, `${JSON.stringify(result, null, 2)}\n`);
    renameSync(`${out}.${process.pid}.tmp`, out);
    log(`written ${out}`);
    process.stdout.write(render(result));
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

if (ARGV.includes('--render')) process.stdout.write(render(JSON.parse(readFileSync(join(ROOT, 'reports/scale.json'), 'utf8'))));
else await main();
