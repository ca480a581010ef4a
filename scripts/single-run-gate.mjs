#!/usr/bin/env node
// The single-run gate of a model with noise (eval/singleRunGate.ts), measured through the CLI as a
// user runs it: for each pair, a baseline of the heuristic model behind --perturb NOISE on noise
// seed s, the same model on seed s + 1 (a false alarm if `compare` exits 1) and the same model with
// ordinalAsIndex=1 added on seed s + 2 (caught if it exits 1). No seed is used twice.
//
//   npm run build && node scripts/single-run-gate.mjs [--pairs 20] [--dataset 'datasets/model/*.yaml']
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const NOISE = 'offByOne=0.05,drop=0.02,amount=0.02,intent=0.02,lowConfidence=0.03';
const option = (name, fallback) => {
  const at = process.argv.indexOf(`--${name}`);
  return at > 0 ? process.argv[at + 1] : fallback;
};
const pairs = Number(option('pairs', '20'));
const dataset = option('dataset', 'datasets/model/*.yaml');
const dir = mkdtempSync(join(tmpdir(), 'single-run-gate-'));

function cli(args) {
  const result = spawnSync(process.execPath, [join(ROOT, 'bin/nlu-harness.js'), ...args], { cwd: ROOT, encoding: 'utf8' });
  if (result.status === 2 || result.status === 3) throw new Error(`${args.join(' ')}: exit ${result.status}\n${result.stderr}`);
  return result.status;
}
function run(name, perturb, seed) {
  cli(['run', '--llm', 'heuristic', '--dataset', dataset, '--perturb', perturb, '--perturb-seed', String(seed), '--out', join(dir, name), '--no-history', '--no-progress']);
  return join(dir, name, 'report.json');
}

const started = Date.now();
let falseAlarms = 0;
let caught = 0;
for (let i = 0; i < pairs; i++) {
  const seed = 1000 + 3 * i;
  const baseline = run(`base-${i}`, NOISE, seed);
  if (cli(['compare', baseline, run(`same-${i}`, NOISE, seed + 1)]) === 1) falseAlarms++;
  if (cli(['compare', baseline, run(`worse-${i}`, `${NOISE},ordinalAsIndex=1`, seed + 2)]) === 1) caught++;
}
rmSync(dir, { recursive: true, force: true });
console.log(`${pairs} pairs, ${dataset}, --perturb ${NOISE}, one run a side, α = 0.05 (${Math.round((Date.now() - started) / 1000)} s)`);
console.log(`| pairs | false alarms (same model, new seed) | caught (ordinalAsIndex=1 added) |`);
console.log(`| ---: | ---: | ---: |`);
console.log(`| ${pairs} | ${falseAlarms} / ${pairs} | ${caught} / ${pairs} |`);
