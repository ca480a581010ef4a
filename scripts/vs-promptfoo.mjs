#!/usr/bin/env node
// The same N single-turn parse cases through promptfoo (a trivial custom provider that
// returns the reference answer, one JavaScript assertion) and through the harness (the full
// orchestrator per case with the scripted backend: gateway, state machine, scorers, reports),
// both as whole CLI runs including Node start-up, and engine against engine in-process
// (promptfoo's evaluate() against runSuite, test cases already in memory on both sides).
// Prints the wall-time ratios.
//
//   npm run build && node scripts/vs-promptfoo.mjs [--cases 1000] [--seed 11]
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { DialogueModel } from '../dist/generate/model.js';
import { Random } from '../dist/util/random.js';
import { toDialogue } from '../dist/generate/toDialogue.js';
import { THINGS } from '../dist/generate/vocabulary.js';
import { dialogueYaml } from '../dist/generate/yamlWriter.js';
import { ScriptedBackend } from '../dist/llm/scriptedBackend.js';
import { runSuite } from '../dist/eval/scoreSuite.js';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const ARGV = process.argv.slice(2);
const GOAL_RATIO = 20;
export const PROMPTFOO_ENV = {
  PROMPTFOO_DISABLE_TELEMETRY: '1',
  PROMPTFOO_DISABLE_UPDATE: '1',
  PROMPTFOO_DISABLE_DEBUG_LOG: '1',
  PROMPTFOO_DISABLE_ERROR_LOG: '1',
};

function option(name, fallback) {
  const at = ARGV.indexOf(`--${name}`);
  return at >= 0 ? Number(ARGV[at + 1]) : fallback;
}

/** Deterministic cases: 1 to 4 things said in one utterance, and the parse the model should give. */
export function makeCases(count, seed) {
  const random = new Random(seed);
  return Array.from({ length: count }, (_, i) => {
    const things = Array.from({ length: random.int(1, 4) }, () => [random.pick(THINGS), random.int(1, 500)]);
    const turn = new DialogueModel().parseOnline(things);
    return { id: `vs-${seed}-${String(i + 1).padStart(4, '0')}`, turn };
  });
}

export function writeHarnessDataset(dir, cases) {
  const file = join(dir, 'cases.yaml');
  const body = cases.map(({ id, turn }) => dialogueYaml({ id, title: id, tags: ['vs-promptfoo'], turns: [turn] })).join('');
  writeFileSync(file, body);
  return file;
}

const PROVIDER = `export default class ReferenceProvider {
  id() { return 'reference'; }
  async callApi(_prompt, context) { return { output: context.vars.answer }; }
}
`;

const ASSERTION = `const got = JSON.parse(output).transactions;
const want = JSON.parse(context.vars.answer).transactions;
return got.length === want.length && got.every((t, i) => t.amount === want[i].amount && t.type === want[i].type && t.category === want[i].category);`;

function promptfooTests(cases) {
  return cases.map(({ id, turn }) => ({
    description: id,
    vars: { text: turn.user, answer: JSON.stringify(turn.llm.parse) },
    assert: [{ type: 'javascript', value: ASSERTION }],
  }));
}

export function writePromptfooConfig(dir, cases) {
  writeFileSync(join(dir, 'tests.json'), JSON.stringify(promptfooTests(cases)));
  writeFileSync(join(dir, 'provider.mjs'), PROVIDER);
  writeFileSync(
    join(dir, 'promptfooconfig.yaml'),
    ['prompts: ["{{text}}"]', 'providers: [file://provider.mjs]', 'tests: file://tests.json', 'sharing: false', ''].join('\n'),
  );
  return join(dir, 'promptfooconfig.yaml');
}

function timed(label, command, args, env = {}) {
  process.stderr.write(`vs-promptfoo: ${label}…\n`);
  const started = performance.now();
  const result = spawnSync(command, args, { cwd: ROOT, encoding: 'utf8', env: { ...process.env, ...env }, maxBuffer: 1 << 26 });
  const wallMs = performance.now() - started;
  if (result.status !== 0) throw new Error(`${label} exited ${result.status}\n${result.stdout}\n${result.stderr}`);
  return { wallMs, stdout: result.stdout };
}

/** In a child process: promptfoo's evaluate() on the cases, timed without the import. */
async function promptfooEngine(count, seed) {
  const { evaluate } = await import('promptfoo');
  const tests = promptfooTests(makeCases(count, seed));
  const provider = async (_prompt, context) => ({ output: context.vars.answer });
  const started = performance.now();
  const record = await evaluate(
    { prompts: [{ raw: '{{text}}', label: 'text' }], providers: [provider], tests, writeLatestResults: false, sharing: false },
    { maxConcurrency: 4, cache: false, showProgressBar: false },
  );
  const ms = performance.now() - started;
  const { stats } = await record.toEvaluateSummary();
  process.stdout.write(JSON.stringify({ ms, passed: stats.successes }));
}

async function harnessEngine(cases) {
  const dialogues = cases.map(({ id, turn }) => toDialogue({ id, title: id, tags: [], turns: [turn] }));
  const started = performance.now();
  const result = await runSuite(dialogues, { backend: new ScriptedBackend(), mode: 'e2e', seed: 1, repeat: 1 });
  return { ms: performance.now() - started, passed: [...result.dialogues].filter((d) => d.passed).length };
}

// Run as a script (bench:scale imports the case builders above).
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await main();

async function main() {
  const count = option('cases', 1000);
  const seed = option('seed', 11);
  if (ARGV[0] === '--child') {
    await promptfooEngine(count, seed);
    process.exit(0);
  }
  const dir = mkdtempSync(join(os.tmpdir(), 'nlu-vs-promptfoo-'));
  try {
    const cases = makeCases(count, seed);
    const dataset = writeHarnessDataset(dir, cases);
    const config = writePromptfooConfig(dir, cases);

    const harness = timed('harness', process.execPath, [
      join(ROOT, 'bin/nlu-harness.js'),
      'run',
      '--dataset',
      dataset,
      '--out',
      join(dir, 'report'),
      '--no-progress',
    ]);
    const promptfooEnv = { ...PROMPTFOO_ENV, PROMPTFOO_CONFIG_DIR: join(dir, 'promptfoo-state') };
    const promptfoo = timed(
      'promptfoo',
      join(ROOT, 'node_modules/.bin/promptfoo'),
      ['eval', '-c', config, '--no-cache', '--no-write', '--no-table', '--no-progress-bar'],
      promptfooEnv,
    );
    const passed = /✓ ([\d,]+) passed/.exec(promptfoo.stdout)?.[1]?.replaceAll(',', '');
    if (Number(passed) !== count) throw new Error(`promptfoo passed ${passed} of ${count}:\n${promptfoo.stdout}`);

    process.stderr.write('vs-promptfoo: engines in-process…\n');
    const child = timed(
      'promptfoo evaluate()',
      process.execPath,
      [fileURLToPath(import.meta.url), '--child', '--cases', String(count), '--seed', String(seed)],
      promptfooEnv,
    );
    const promptfooIn = JSON.parse(child.stdout.slice(child.stdout.lastIndexOf('{"ms"')));
    const harnessIn = await harnessEngine(cases);
    if (promptfooIn.passed !== count || harnessIn.passed !== count)
      throw new Error(`in-process: promptfoo passed ${promptfooIn.passed}, harness ${harnessIn.passed}`);

    const ratio = promptfoo.wallMs / harness.wallMs;
    const engineRatio = promptfooIn.ms / harnessIn.ms;
    const m = { cpus: os.availableParallelism(), node: process.version, date: new Date().toISOString() };
    process.stdout.write(
      [
        `${count} single-turn parse cases (seed ${seed}), all passing on both sides; ${m.cpus} CPUs, Node ${m.node}, ${m.date}`,
        '',
        '| measured | promptfoo (custom provider + javascript assertion) | nlu-harness (full orchestrator, scripted backend) | harness faster by |',
        '| --- | ---: | ---: | ---: |',
        `| whole CLI, incl. Node start-up and loading | ${sec(promptfoo.wallMs, count)} | ${sec(harness.wallMs, count)} | ${ratio.toFixed(1)}× |`,
        `| engine in-process (evaluate() vs runSuite) | ${sec(promptfooIn.ms, count)} | ${sec(harnessIn.ms, count)} | ${engineRatio.toFixed(1)}× |`,
        '',
        `goal >= ${GOAL_RATIO}×: whole CLI ${ratio >= GOAL_RATIO ? 'met' : 'missed'}, engine ${engineRatio >= GOAL_RATIO ? 'met' : 'missed'}`,
        '',
      ].join('\n'),
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

function sec(ms, count) {
  return `${(ms / 1000).toFixed(2)} s (${(ms / count).toFixed(2)} ms/case)`;
}
