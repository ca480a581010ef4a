// The sequential gate on the real local model, key-less (issue 30): both halves of a prompt gate in
// one CI job, on the default local model behind `serve-model`.
//   (a) same   the same model and prompts against the committed baseline      → exit 0, cleared
//       noisy  and, first, a noisy same-model pair through a stand-in (the rule-based model behind
//              `serve-llm --perturb`, two noise seeds, its baseline made on the spot at heuristic
//              speed): every difference is noise, and the gate must not fail on it → exit 0, not a regression
//   (b) worse  prompts/ copied with the correction examples' confidence lowered to 0.6, under the
//              app's 0.7 floor                                                  → exit 1, naming Corrections
//              handled: the correction turns the floor then discards (HARMED below)
// (The ordinal rule inverted, the worse prompt issue 22 used, is not worse for the 1.5B model: it keeps
// reading 第N笔 as index N-1 whatever the rule says, so the gate rightly finds no change;
// docs/local-model.md, "The gate in CI".)
// Each is exactly the documented command (README, "A real model on this machine, no key"):
//   nlu-harness run --llm openai --base-url URL --model local --model-latency virtual <SLICE>
//     [--prompts DIR] --baseline BASELINE --sequential --budget 9m --undecided pass
// in a seeded random order, stopping as soon as the anytime-valid test decides. (a) runs at a 25 pp
// margin: its 22 dialogues cannot clear the 10 pp default (a metric needs 34 judged dialogues there,
// 13 at 25 pp); both have 60 calls, more than the slice's 46, so a slow machine decides alike. The
// baseline is committed (made on main with --update-baseline below), so the job runs only the two
// candidates; both reuse its sampling seed (common random numbers) at temperature 0, so an unchanged
// dialogue answers as in the baseline and only what a prompt change moves differs.
// Exits 0 when each run ends as expected — its exit code, its decision ((a) cleared, (b) a regression
// naming a metric) and the dialogues it compared — and 1 otherwise.
// Usage: node scripts/realModelGate.mjs [--only noisy|same|worse] [--budget 9m] [--gguf FILE | --base-url URL]
//        node scripts/realModelGate.mjs --update-baseline          (makes BASELINE; ~8 min here)
//        node scripts/realModelGate.mjs --prompts DIR --expect 1   (your own prompt change, gated)
import { spawn } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';

const ROOT = resolve(import.meta.dirname, '..');
const CLI = join(ROOT, 'bin/nlu-harness.js');
/**
 * The slice the committed baseline holds: a third of the correction family (22 dialogues, each
 * opening with a parse), in gold mode so every turn is judged from the state the dataset expects.
 * Small, because a dialogue costs the 1.5B model ~20 s on 2 idle cores (docs/local-model.md).
 */
const SLICE = ['--dataset', 'datasets/model/correct-ordinal.yaml', '--shard', '1/3', '--mode', 'gold'];
const BASELINE = join(ROOT, 'reports/model-gate/baseline.json');
/**
 * The metric check (b)'s defect harms. Answers under the 0.7 floor are discarded, so the correction
 * turns are not handled as the dataset expects (Corrections handled, and Correction index mapping with
 * the same counts on this slice). Not Confidence fallback: it scores how the app handles an unusable
 * answer, and the committed baseline judges it on no turn (judged 0), so it has nothing to fall from.
 */
const HARMED = 'correctionHandled';
/** The stand-in's noise (serve-llm --perturb): per call, as servedNoisyModel.test.ts draws it. */
const STAND_IN_NOISE = 'offByOne=0.05,drop=0.02,amount=0.02,intent=0.02,lowConfidence=0.03';

const { values } = parseArgs({
  options: {
    only: { type: 'string' },
    budget: { type: 'string' },
    out: { type: 'string', default: 'reports/real-model-gate' },
    gguf: { type: 'string' },
    'base-url': { type: 'string' },
    'update-baseline': { type: 'boolean', default: false },
    prompts: { type: 'string' },
    expect: { type: 'string' },
  },
});
const out = resolve(values.out);

/**
 * The same prompts with every correction example's confidence lowered to 0.6: a plausible edit
 * ("let the examples sound less sure") that this model copies into its answers, so the app's
 * 0.7 floor discards every correction (seed 002 decision 8).
 */
function lowerExampleConfidence(dir) {
  const file = join(dir, 'correction-dialogue.txt');
  const text = readFileSync(file, 'utf8');
  const at = text.indexOf('Examples.');
  if (at < 0) throw new Error("prompts/correction-dialogue.txt no longer has its 'Examples.' section: update the gate's worse prompt");
  const examples = text.slice(at).replace(/"confidence":0\.9\d?/g, '"confidence":0.6');
  if (examples === text.slice(at)) throw new Error('prompts/correction-dialogue.txt: no example with a confidence of 0.9x left to lower');
  writeFileSync(file, text.slice(0, at) + examples);
}

/** Child processes still running, ended with this script whatever ends it. */
const children = new Set();
function track(child) {
  children.add(child);
  child.once('exit', () => children.delete(child));
  return child;
}

function startModel() {
  return serve(['serve-model', ...(values.gguf ? ['--gguf', values.gguf] : [])]);
}

/** The rule-based model behind `serve-llm --perturb`, its noise drawn from `seed`: a noisy model at heuristic speed. */
function startStandIn(seed) {
  return serve(['serve-llm', '--perturb', STAND_IN_NOISE, '--perturb-seed', String(seed)]);
}

/** Starts `nlu-harness <command> --port 0 …` and resolves with its URL and process. */
function serve([command, ...args]) {
  const child = track(spawn(process.execPath, [CLI, command, '--port', '0', ...args], { stdio: ['ignore', 'pipe', 'inherit'] }));
  return new Promise((resolveUrl, reject) => {
    let printed = '';
    child.stdout.on('data', (chunk) => {
      printed += chunk;
      if (printed.includes('\n')) resolveUrl({ url: printed.split('\n')[0], child });
    });
    child.once('exit', (code) => reject(new Error(`${command} exited with ${code} before it served`)));
  });
}

function runHarness(name, url, extra) {
  const args = [
    CLI,
    'run',
    '--llm',
    'openai',
    '--base-url',
    url,
    '--model',
    'local',
    '--model-latency',
    'virtual',
    ...SLICE,
    '--concurrency',
    '1',
    '--no-history',
    '--out',
    join(out, name),
    ...extra,
  ];
  process.stdout.write(`$ nlu-harness ${args.slice(1).join(' ')}\n`);
  const started = performance.now();
  return new Promise((resolveRun) => {
    const child = track(spawn(process.execPath, args, { cwd: ROOT, stdio: ['ignore', 'pipe', 'inherit'], env: { ...process.env, OPENAI_API_KEY: '' } }));
    let stdout = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.on('close', (status) => resolveRun({ status, stdout, seconds: Math.round((performance.now() - started) / 1000) }));
  });
}

/**
 * The sequential gate's own account: its decision, and the metrics whose fall it declared (those its
 * test named, and on a model whose answers repeat, those that fell on the dialogues it compared).
 */
function verdictOf(name) {
  const report = JSON.parse(readFileSync(join(out, name, 'report.json'), 'utf8'));
  const sequential = report.gate?.sequential;
  const fell = (report.gate?.regressions ?? []).filter((r) => r.kind === 'metric').map((r) => r.name);
  return { report, sequential, fell };
}

/**
 * What a run must show beyond its exit code: the decision expected of it (your own prompts expected
 * to pass: any but a regression), reached on dialogues the baseline holds. Returns the ways it fell
 * short (none: as expected).
 */
function shortfalls(result, expected, sequential, fell) {
  const wrong = [];
  if (result.status !== expected.exit) wrong.push(`exit ${result.status}, not ${expected.exit}`);
  if (!sequential) return [...wrong, 'no sequential record in report.json'];
  if (expected.decision && sequential.decision !== expected.decision) wrong.push(`decided ${sequential.decision}, not ${expected.decision}`);
  if (!(sequential.dialoguesTested > 0)) wrong.push('no dialogue compared with the baseline');
  if (expected.decision === 'noRegression' && sequential.dialoguesTested < sequential.dialoguesToClear) {
    wrong.push(`cleared on ${sequential.dialoguesTested} dialogues, fewer than the ${sequential.dialoguesToClear} clearing needs`);
  }
  if (expected.decision === 'regression' && fell.length === 0) wrong.push('a regression with no metric named');
  if (expected.harms && !fell.includes(expected.harms))
    wrong.push(`${expected.harms}, the metric the defect harms, not named (named: ${fell.join(', ') || 'none'})`);
  if (expected.notRegression && sequential.decision === 'regression') wrong.push(`a false alarm on noise alone (fell: ${fell.join(', ')})`);
  return wrong;
}

/**
 * Whether the candidate's model answers matched the baseline's, call by call (report.json's
 * gate.answerChanges, from each call's answer digest): (a) must answer nearly every call as the
 * baseline did (temperature 0, shared seed, the same prompts: at least MIN_SAME of them), (b) must
 * have answered some differently (the edit reached the model). Null when the run has no digests.
 */
const MIN_SAME = 0.9;
function answersMatched(report) {
  const answers = report.gate?.answerChanges;
  if (!answers || typeof answers.same !== 'number' || typeof answers.compared !== 'number') return null;
  return { matched: answers.same, compared: answers.compared };
}

function answerShortfalls(name, matched) {
  if (name === 'yours') return [];
  if (!matched || matched.compared === 0)
    return ["no call compared with the baseline's answers (a baseline without answer digests: remake it with --update-baseline)"];
  if (name === 'same' && matched.matched < MIN_SAME * matched.compared)
    return [`only ${matched.matched} of ${matched.compared} calls answered as in the baseline`];
  if (name === 'worse' && matched.matched === matched.compared) return ['every call answered as in the baseline: the edit did not reach the model'];
  if (name === 'noisy' && matched.matched === matched.compared)
    return ['every call answered as in the baseline: the stand-in added no noise, so the check tested nothing'];
  return [];
}

/** Prints how a check's run ended against what was expected of it; true when as expected. */
function judged(name, what, result, expected) {
  const { report, sequential, fell } = verdictOf(name);
  const matched = answersMatched(report);
  const wrong = [...shortfalls(result, expected, sequential, fell), ...answerShortfalls(name, matched)];
  const how = sequential
    ? `${sequential.decision} after ${sequential.dialoguesTested} of ${sequential.dialoguesInSuite} dialogues compared, ${sequential.calls} model calls`
    : 'no sequential record';
  const answers = matched
    ? `; answers matched the baseline's on ${matched.matched} of ${matched.compared} calls`
    : '; answers not compared call by call (report.json has no per-call digest)';
  process.stdout.write(
    `${what}: exit ${result.status}; ${wrong.length === 0 ? 'as expected' : `NOT AS EXPECTED (${wrong.join('; ')})`}; ${how}${answers}; ${result.seconds} s${fell.length ? `; fell: ${fell.join(', ')}` : ''}\n`,
  );
  process.stdout.write(
    `${result.stdout
      .split('\n')
      .filter((l) => /Stopped after|Cleared after|Not decided|Nothing compared|Against the baseline/.test(l))
      .join('\n')}\n`,
  );
  return wrong.length === 0;
}

/**
 * (a)'s noisy half: the stand-in on noise seed 1 makes a baseline of the slice, the stand-in on noise
 * seed 2 is gated against it as (a) is gated (the same flags). Noise alone must not fail the gate.
 * Both servers are stopped before the real model starts. True when as expected.
 */
async function noisyPair() {
  const baseline = join(out, 'noisy-baseline.json');
  const first = await startStandIn(1);
  const made = await runHarness('noisy-base', first.url, ['--baseline', baseline, '--update-baseline']);
  first.child.kill('SIGTERM');
  if (made.status !== 0 && made.status !== 1) {
    process.stdout.write(`(a) noisy: the stand-in's baseline run ended with exit ${made.status}: NOT AS EXPECTED\n`);
    return false;
  }
  const second = await startStandIn(2);
  const gated = await runHarness('noisy', second.url, [
    '--baseline',
    baseline,
    '--sequential',
    '--undecided',
    'pass',
    '--margin',
    '0.25',
    '--budget',
    values.budget ?? '60calls',
  ]);
  second.child.kill('SIGTERM');
  return judged('noisy', '(a) a noisy same-model pair through the stand-in (serve-llm --perturb, noise seeds 1 and 2)', gated, {
    exit: 0,
    notRegression: true,
  });
}

const prompts = mkdtempSync(join(tmpdir(), 'nlu-gate-prompts-'));
const stop = () => {
  for (const child of children) child.kill('SIGTERM');
};
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.once(signal, () => {
    stop();
    rmSync(prompts, { recursive: true, force: true });
    process.exit(130);
  });
}
let failed = false;
try {
  if (!values['update-baseline'] && !values.prompts && (!values.only || values.only === 'noisy')) failed ||= !(await noisyPair());
  const url = values.only === 'noisy' ? null : (values['base-url'] ?? (await startModel()).url);
  if (url === null) {
    // Only the stand-in pair was asked for.
  } else if (values['update-baseline']) {
    // Temperature 0: the model answers the same prompt alike, so one run a dialogue is the whole baseline.
    const made = await runHarness('baseline', url, ['--temperature', '0', '--sampling-seed', '1', '--baseline', BASELINE, '--update-baseline']);
    process.stdout.write(`baseline: exit ${made.status}, ${made.seconds} s → ${BASELINE}\n`);
    failed = made.status !== 0 && made.status !== 1;
  } else {
    cpSync(join(ROOT, 'prompts'), prompts, { recursive: true });
    lowerExampleConfidence(prompts);
    const gate = ['--baseline', BASELINE, '--sequential', '--undecided', 'pass'];
    // (a) has to show the unchanged prompts no worse, at a margin its 22 dialogues can clear; (b) needs ~10 corrections to be sure.
    const checks = values.prompts
      ? [
          [
            'yours',
            `the prompts in ${values.prompts}`,
            ['--prompts', resolve(values.prompts)],
            { exit: Number(values.expect ?? 1), decision: Number(values.expect ?? 1) === 1 ? 'regression' : undefined },
            '9m',
          ],
        ]
      : [
          // Both counted in calls, not minutes, so a slower CI machine reaches the same decision (the slice is 46 calls).
          ['same', '(a) the same model and prompts', ['--margin', '0.25'], { exit: 0, decision: 'noRegression' }, '60calls'],
          [
            'worse',
            "(b) the correction examples' confidence lowered under the floor",
            ['--prompts', prompts],
            { exit: 1, decision: 'regression', harms: HARMED },
            '60calls',
          ],
        ].filter(([name]) => !values.only || values.only === name);
    for (const [name, what, extra, expected, budget] of checks) {
      const result = await runHarness(name, url, [...gate, '--budget', values.budget ?? budget, ...extra]);
      failed ||= !judged(name, what, result, expected);
    }
  }
} catch (error) {
  process.stderr.write(`real-model gate: ${error.message}\n`);
  failed = true;
} finally {
  stop();
  rmSync(prompts, { recursive: true, force: true });
}
process.exitCode = failed ? 1 : 0;
