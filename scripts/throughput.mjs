#!/usr/bin/env node
// Throughput of `run` with the scripted backend: in-process (runSuite) and as whole-CLI wall
// time including Node start-up, on the bundled suite and on generated dialogues, with peak RSS.
//
//   npm run build && node scripts/throughput.mjs [--sizes 1000,10000] [--repeat 3] [--profile]
//
// Each measurement runs in its own process so peak RSS belongs to that case alone.
// Results: a Markdown table on stdout, JSON in reports/throughput.json.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { summarizeProfile } from './cpuProfileSummary.mjs';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const CLI = join(ROOT, 'bin/nlu-harness.js');
const TIME = '/usr/bin/time';
const GOALS = { bundledWallMs: 1500, generatedWallMs: 10_000, generatedRssMb: 300 };
const ARGV = process.argv.slice(2);

if (ARGV[0] === '--child') await child(ARGV[1], ARGV.slice(2));
else await main();

function option(name, fallback) {
  const at = ARGV.indexOf(`--${name}`);
  return at >= 0 ? ARGV[at + 1] : fallback;
}

// ── child processes: one in-process measurement each, JSON on stdout ────────

async function child(mode, args) {
  const { runSuite } = await import('../dist/eval/scoreSuite.js');
  const { ScriptedBackend } = await import('../dist/llm/scriptedBackend.js');
  const run = (dialogues) => runSuite(dialogues, { backend: new ScriptedBackend(), mode: 'e2e', seed: 1, repeat: 1 });
  const out = {};
  let dialogues;
  if (mode === 'lazy') {
    // Generated dialogues handed to runSuite one at a time, no YAML: the simulation alone.
    const { generateDialogues } = await import('../dist/generate/generateDataset.js');
    const { toDialogue } = await import('../dist/generate/toDialogue.js');
    const count = Number(args[0]);
    dialogues = (function* () {
      for (const generated of generateDialogues({ count, seed: Number(args[1]) })) yield toDialogue(generated);
    })();
  } else {
    const { loadDatasets } = await import('../dist/datasets/loadDatasets.js');
    const started = performance.now();
    dialogues = loadDatasets([args[0]]).dialogues;
    out.loadMs = performance.now() - started;
    out.rssAfterLoadMb = process.resourceUsage().maxRSS / 1024;
  }
  const started = performance.now();
  const result = await run(dialogues);
  out.runMs = performance.now() - started;
  out.dialogues = result.dialogues.length;
  out.failed = [...result.dialogues].filter((d) => !d.passed).length;
  out.turns = result.turns.total;
  out.peakRssMb = process.resourceUsage().maxRSS / 1024;
  // What the run still holds once garbage is gone: flat memory means this does not grow with the count.
  globalThis.gc?.();
  out.heapAfterGcMb = process.memoryUsage().heapUsed / 1048576;
  process.stdout.write(JSON.stringify(out));
}

function inProcess(mode, ...args) {
  const result = spawnSync(process.execPath, ['--expose-gc', fileURLToPath(import.meta.url), '--child', mode, ...args.map(String)], {
    cwd: ROOT,
    encoding: 'utf8',
    maxBuffer: 1 << 26,
  });
  if (result.status !== 0) throw new Error(`child ${mode} failed:\n${result.stderr}`);
  return JSON.parse(result.stdout);
}

// ── whole-CLI runs ───────────────────────────────────────────────────────────

/** Wall time of the command as the parent sees it; peak RSS from /usr/bin/time -v when present. */
function timed(args, extraNodeArgs = []) {
  const node = [process.execPath, ...extraNodeArgs, CLI, ...args];
  const useTime = existsSync(TIME);
  const started = performance.now();
  const result = spawnSync(useTime ? TIME : node[0], useTime ? ['-v', ...node] : node.slice(1), { cwd: ROOT, encoding: 'utf8', maxBuffer: 1 << 26 });
  const wallMs = performance.now() - started;
  const rss = /Maximum resident set size \(kbytes\): (\d+)/.exec(result.stderr ?? '');
  return { wallMs, peakRssMb: rss ? Number(rss[1]) / 1024 : null, status: result.status };
}

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)];
}

function cliRuns(dataset, repeat, outDir) {
  const runs = Array.from({ length: repeat }, () => timed(['run', '--dataset', dataset, '--out', outDir, '--no-progress']));
  const bad = runs.find((r) => r.status !== 0);
  if (bad) throw new Error(`nlu-harness run --dataset ${dataset} exited ${bad.status}`);
  return { wallMs: median(runs.map((r) => r.wallMs)), peakRssMb: median(runs.map((r) => r.peakRssMb ?? 0)) || null, runs: runs.length };
}

async function main() {
  if (!existsSync(join(ROOT, 'dist/cli/main.js'))) throw new Error('dist/ is missing: run `npm run build` first');
  const sizes = option('sizes', '1000,10000').split(',').map(Number);
  const repeat = Number(option('repeat', '3'));
  const seed = Number(option('seed', '7'));
  const work = mkdtempSync(join(os.tmpdir(), 'nlu-throughput-'));
  const log = (line) => process.stderr.write(`throughput: ${line}\n`);
  const rows = [];
  try {
    log('bundled suite');
    const bundledCli = cliRuns('datasets/*', repeat, join(work, 'bundled'));
    const bundledIn = inProcess('file', 'datasets/*');
    rows.push({ case: 'bundled suite (datasets/)', ...pick(bundledIn), cli: bundledCli });

    for (const size of sizes) {
      const file = join(work, `generated-${size}.yaml`);
      log(`generate ${size}`);
      const generate = timed(['generate', '--count', size, '--seed', seed, '--out', file]);
      log(`run ${size} via the CLI`);
      const cli = cliRuns(file, 1, join(work, `out-${size}`));
      log(`run ${size} in-process (load + runSuite)`);
      const fromFile = inProcess('file', file);
      log(`run ${size} in-process, generated lazily (runSuite alone)`);
      const lazy = inProcess('lazy', size, seed);
      rows.push({ case: `generated ×${size}`, ...pick(fromFile), cli, generateMs: generate.wallMs, lazy: pick(lazy) });
    }

    let profile = null;
    if (ARGV.includes('--profile')) {
      const size = Math.max(...sizes);
      log(`profiling the CLI on ${size} generated dialogues`);
      const dir = join(ROOT, 'reports/profiles');
      mkdirSync(dir, { recursive: true });
      timed(
        ['run', '--dataset', join(work, `generated-${size}.yaml`), '--out', join(work, 'prof-out'), '--no-progress'],
        ['--cpu-prof', `--cpu-prof-dir=${dir}`],
      );
      const newest = readdirSync(dir)
        .filter((f) => f.endsWith('.cpuprofile'))
        .sort()
        .at(-1);
      profile = { file: join('reports/profiles', newest), ...summarizeProfile(join(dir, newest)) };
    }

    const result = { rows, goals: GOALS, machine: machine(), profile };
    const out = join(ROOT, 'reports/throughput.json');
    mkdirSync(dirname(out), { recursive: true });
    writeFileSync(`${out}.${process.pid}.tmp`, `${JSON.stringify(result, null, 2)}\n`);
    renameSync(`${out}.${process.pid}.tmp`, out);
    process.stdout.write(render(result));
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

function pick(m) {
  return {
    dialogues: m.dialogues,
    turns: m.turns,
    failed: m.failed,
    loadMs: m.loadMs,
    runMs: m.runMs,
    dialoguesPerSec: m.dialogues / (m.runMs / 1000),
    turnsPerSec: m.turns / (m.runMs / 1000),
    peakRssMb: m.peakRssMb,
    rssAfterLoadMb: m.rssAfterLoadMb,
    heapAfterGcMb: m.heapAfterGcMb,
  };
}

function machine() {
  return {
    node: process.version,
    cpus: os.availableParallelism(),
    cpuModel: os.cpus()[0]?.model ?? 'unknown',
    platform: `${process.platform}-${process.arch}`,
    date: new Date().toISOString(),
  };
}

function int(n) {
  return n === undefined || n === null ? '–' : Math.round(n).toLocaleString('en-US');
}

function s(ms) {
  return ms === undefined ? '–' : `${(ms / 1000).toFixed(2)} s`;
}

function render({ rows, machine: m, profile }) {
  const lines = [
    `Machine: ${m.cpus} CPUs (${m.cpuModel}), Node ${m.node}, ${m.platform}, ${m.date}`,
    '',
    '| case | dialogues | turns | load (in-process) | runSuite | dialogues/s | turns/s | peak RSS in-process | heap after run + GC | CLI wall (with start-up) | CLI peak RSS |',
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
  ];
  for (const r of rows) {
    lines.push(
      `| ${r.case} | ${int(r.dialogues)} | ${int(r.turns)} | ${s(r.loadMs)} | ${s(r.runMs)} | ${int(r.dialoguesPerSec)} | ${int(r.turnsPerSec)} | ${int(r.peakRssMb)} MB | ${int(r.heapAfterGcMb)} MB | ${s(r.cli.wallMs)} | ${int(r.cli.peakRssMb)} MB |`,
    );
    if (r.lazy) {
      lines.push(
        `| ↳ same, generated lazily (no YAML) | ${int(r.lazy.dialogues)} | ${int(r.lazy.turns)} | – | ${s(r.lazy.runMs)} | ${int(r.lazy.dialoguesPerSec)} | ${int(r.lazy.turnsPerSec)} | ${int(r.lazy.peakRssMb)} MB | ${int(r.lazy.heapAfterGcMb)} MB | – | – |`,
      );
    }
  }
  const failed = rows.reduce((n, r) => n + (r.failed ?? 0) + (r.lazy?.failed ?? 0), 0);
  lines.push('', failed === 0 ? 'Every dialogue passed.' : `${failed} dialogue(s) FAILED.`);
  if (profile) {
    lines.push('', `CPU profile of the largest CLI run (${profile.file}), self time by file:`);
    for (const row of profile.rows) lines.push(`  ${String(row.ms).padStart(7)} ms ${(row.share * 100).toFixed(1).padStart(5)}%  ${row.where}`);
  }
  return `${lines.join('\n')}\n`;
}
