#!/usr/bin/env node
// Throughput and peak memory of `run`, this build against another, on the same generated suite:
// the runs interleaved A B, B A, A B … (round by round the order swaps, so a machine whose speed
// drifts moves both sides alike), each a whole CLI process under /usr/bin/time -v. Per round the
// ratio B/A of wall time (the inverse of turns/s), of CPU time (user + system) and of peak RSS;
// the verdict is on the medians over rounds. Exit 1 when B is slower (wall) or takes more memory
// than A by more than --tolerance (default 0.2: 1.2×), 0 otherwise, 2 on bad input.
//
//   npm run build && node scripts/throughputVs.mjs --base ../base [--head .] [--dialogues 20000]
//     [--rounds 3] [--seed 11] [--tolerance 0.2] [--json reports/throughput-vs.json]
//
// A build is a checkout with bin/nlu-harness.js (built: `npm run build`). The suite is written by
// the base's `generate` (a newer build reads what an older one wrote). `.ci/run` runs this against
// the merge base; docs/benchmarks.md has the method.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const TIME = '/usr/bin/time';
const ARGV = process.argv.slice(2);

function option(name, fallback) {
  const at = ARGV.indexOf(`--${name}`);
  return at >= 0 ? ARGV[at + 1] : fallback;
}

const log = (line) => process.stderr.write(`throughput-vs: ${line}\n`);

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

function bad(message) {
  process.stderr.write(`throughput-vs: ${message}\n`);
  process.exit(2);
}

/** One whole `run` process: wall time seen from here, CPU and peak RSS from /usr/bin/time -v. */
function timedRun(build, suite, out) {
  const args = [join(build, 'bin/nlu-harness.js'), 'run', '--dataset', suite, '--out', out, '--no-progress', '--no-history'];
  const started = performance.now();
  const result = spawnSync(TIME, ['-v', process.execPath, ...args], { encoding: 'utf8', maxBuffer: 1 << 28 });
  const wallMs = performance.now() - started;
  rmSync(out, { recursive: true, force: true });
  if (result.status !== 0 && result.status !== 1) throw new Error(`${build}: run exited ${result.status}:\n${result.stderr.slice(-3000)}`);
  const field = (label) => Number(new RegExp(`${label}: ([\\d.]+)`).exec(result.stderr)?.[1] ?? Number.NaN);
  return {
    wallMs,
    cpuMs: (field('User time \\(seconds\\)') + field('System time \\(seconds\\)')) * 1000,
    peakRssMb: field('Maximum resident set size \\(kbytes\\)') / 1024,
    summary: /dialogues: \d+ passed, \d+ failed/.exec(result.stdout)?.[0] ?? null,
  };
}

function main() {
  const base = option('base');
  const head = resolve(option('head', ROOT));
  if (!base) bad('--base DIR is required: a built checkout to compare against (e.g. a git worktree of the merge base)');
  const builds = { A: resolve(base), B: head };
  for (const dir of Object.values(builds))
    if (!existsSync(join(dir, 'bin/nlu-harness.js'))) bad(`${dir} is not a checkout of nlu-harness (no bin/nlu-harness.js)`);
  if (!existsSync(TIME)) bad(`${TIME} is needed for peak memory (apt-get install time)`);
  const count = Number(option('dialogues', '20000'));
  const rounds = Number(option('rounds', '3'));
  const tolerance = Number(option('tolerance', '0.2'));
  const seed = option('seed', '11');
  if (!(count >= 1) || !(rounds >= 1) || !(tolerance >= 0)) bad('--dialogues and --rounds must be at least 1, --tolerance at least 0');

  const work = mkdtempSync(join(os.tmpdir(), 'nlu-throughput-vs-'));
  try {
    const suite = join(work, 'suite.yaml');
    const generated = spawnSync(
      process.execPath,
      [join(builds.A, 'bin/nlu-harness.js'), 'generate', '--count', String(count), '--seed', seed, '--out', suite],
      { encoding: 'utf8' },
    );
    if (generated.status !== 0) throw new Error(`generate exited ${generated.status}:\n${generated.stderr}`);
    const turns = Number(/(\d+) turns/.exec(generated.stderr)?.[1] ?? Number.NaN);
    log(`${count} dialogues (${turns} turns), ${rounds} rounds; A = ${builds.A}, B = ${builds.B}`);
    const loadStart = os.loadavg();
    const runs = [];
    for (let round = 0; round < rounds; round++) {
      const order = round % 2 === 0 ? ['A', 'B'] : ['B', 'A'];
      const measured = {};
      for (const side of order) measured[side] = timedRun(builds[side], suite, join(work, `out-${side}`));
      runs.push(measured);
      const { A, B } = measured;
      log(
        `  round ${round + 1}/${rounds} (${order.join(' ')}): wall ${(A.wallMs / 1000).toFixed(1)} → ${(B.wallMs / 1000).toFixed(1)} s, CPU ${(A.cpuMs / 1000).toFixed(1)} → ${(B.cpuMs / 1000).toFixed(1)} s, peak ${Math.round(A.peakRssMb)} → ${Math.round(B.peakRssMb)} MB`,
      );
    }
    const ratio = (key) => median(runs.map((r) => r.B[key] / r.A[key]));
    const side = (name) => ({
      build: builds[name],
      turnsPerSec: turns / (median(runs.map((r) => r[name].wallMs)) / 1000),
      turnsPerCpuSec: turns / (median(runs.map((r) => r[name].cpuMs)) / 1000),
      peakRssMb: median(runs.map((r) => r[name].peakRssMb)),
      summary: runs[0][name].summary,
    });
    const result = {
      date: new Date().toISOString(),
      dialogues: count,
      turns,
      rounds,
      tolerance,
      load: { start: loadStart, end: os.loadavg() },
      A: side('A'),
      B: side('B'),
      // B/A: above 1 is B slower or larger.
      wallRatio: ratio('wallMs'),
      cpuRatio: ratio('cpuMs'),
      peakRssRatio: ratio('peakRssMb'),
      runs,
    };
    const slower = result.wallRatio > 1 + tolerance;
    const larger = result.peakRssRatio > 1 + tolerance;
    result.verdict = slower || larger ? 'regression' : 'within';
    const out = option('json');
    if (out) {
      mkdirSync(dirname(resolve(out)), { recursive: true });
      writeFileSync(`${out}.${process.pid}.tmp`, `${JSON.stringify(result, null, 2)}\n`);
      renameSync(`${out}.${process.pid}.tmp`, out);
    }
    const fmt = (n, digits = 0) => n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });
    process.stdout.write(
      [
        `${fmt(count)} generated dialogues (${fmt(turns)} turns), ${rounds} interleaved rounds, load ${loadStart.map((l) => l.toFixed(1)).join('/')} → ${result.load.end.map((l) => l.toFixed(1)).join('/')}`,
        `  A ${builds.A}: ${fmt(result.A.turnsPerSec)} turns/s (${fmt(result.A.turnsPerCpuSec)} per CPU-second), peak ${fmt(result.A.peakRssMb)} MB${result.A.summary ? `; ${result.A.summary}` : ''}`,
        `  B ${builds.B}: ${fmt(result.B.turnsPerSec)} turns/s (${fmt(result.B.turnsPerCpuSec)} per CPU-second), peak ${fmt(result.B.peakRssMb)} MB${result.B.summary ? `; ${result.B.summary}` : ''}`,
        `  B/A (median of per-round ratios): wall ${fmt(result.wallRatio, 2)}×, CPU ${fmt(result.cpuRatio, 2)}×, peak memory ${fmt(result.peakRssRatio, 2)}×`,
        slower || larger
          ? `REGRESSION: B is ${[slower ? `${fmt(result.wallRatio, 2)}× slower` : '', larger ? `${fmt(result.peakRssRatio, 2)}× the memory` : ''].filter(Boolean).join(' and ')}, past ${fmt(1 + tolerance, 2)}×`
          : `within ${fmt(1 + tolerance, 2)}× on time and memory`,
        '',
      ].join('\n'),
    );
    process.exitCode = slower || larger ? 1 : 0;
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

main();
