// promptfoo JavaScript assertions backed by the harness's own scorers. Each one replays the
// test's dialogue up to its turn with the model's output in place of the scripted answer,
// through the gateway (JSON extraction, schema, index checks) and the orchestrator, then
// scores that turn exactly as `nlu-harness run` would.
import { DEFAULT_CONFIG } from '../dist/domain/orchestratorTypes.js';
import { extractJson } from '../dist/gateway/extractJson.js';
import { BatchSplittingScorer } from '../dist/scoring/metrics/batchSplitting.js';
import { CorrectionIndexMappingScorer } from '../dist/scoring/metrics/correctionIndexMapping.js';
import { checkTurn, matchesItem, snapshotBatch } from '../dist/scoring/turnChecks.js';
import { dialoguesOf, replayTurn } from './harness.mjs';

const FIELDS = ['amount', 'type', 'category', 'description'];
const judged = new Map();

/** One replay per (test, output), shared by the test's assertions. */
function judge(output, context) {
  const meta = context.test.metadata;
  const text = typeof output === 'string' ? output : JSON.stringify(output);
  const key = `${meta.dialogue}#${meta.turn}\u0000${text}`;
  if (!judged.has(key)) {
    if (judged.size > 500) judged.clear();
    judged.set(key, score(meta, text));
  }
  return judged.get(key);
}

async function score(meta, text) {
  const dialogue = dialoguesOf(meta.datasets).get(meta.dialogue);
  if (!dialogue) throw new Error(`dialogue ${meta.dialogue} is not in ${meta.datasets.join(', ')}`);
  const trace = await replayTurn(dialogue, meta.turn, { endpoint: meta.endpoint, text });
  const checks = checkTurn(trace);
  const run = { dialogue, traces: [trace], checks: [checks], passed: checks.every((c) => c.passed) };
  const splitting = new BatchSplittingScorer();
  const mapping = new CorrectionIndexMappingScorer();
  splitting.add(run);
  mapping.add(run);
  return { trace, checks, splitting: splitting.result(), mapping: mapping.result() };
}

const result = (pass, score, reason) => ({ pass, score, reason });

/** Parse turns: the batch holds as many items as the dataset expects (batch-splitting scorer). */
export async function itemCount(output, context) {
  const { trace, splitting } = await judge(output, context);
  const got = trace.batchAfter?.items.length ?? 0;
  const want = trace.turn.expect?.batch?.length ?? Math.min(context.test.metadata.gold.transactions.length, 10);
  const pass = splitting.counts.judged > 0 ? splitting.counts.countExact === splitting.counts.judged : got === want;
  return result(pass, pass ? 1 : 0, `${got} item(s), expected ${want}`);
}

/**
 * Share of expected fields the batch has right after the turn: amount, type and category
 * from the batch-splitting scorer on parse turns; every field the dataset names on correction turns.
 */
export async function fieldAccuracy(output, context) {
  const { trace, splitting } = await judge(output, context);
  const threshold = context.config?.threshold ?? 1;
  let score;
  let detail;
  if (context.test.metadata.endpoint === 'parse') {
    const accuracy = splitting.details.fieldAccuracy;
    score = (accuracy.amount + accuracy.type + accuracy.category) / 3;
    detail = JSON.stringify(accuracy);
  } else {
    const expected = trace.turn.expect?.batch ?? [];
    const actual = snapshotBatch(trace.batchAfter) ?? [];
    let total = 0;
    let right = 0;
    expected.forEach((want, i) => {
      for (const field of FIELDS) {
        if (want[field] === undefined) continue;
        total++;
        if (actual[i] && matchesItem({ [field]: want[field] }, actual[i])) right++;
      }
    });
    score = total === 0 ? 1 : right / total;
    detail = `${right}/${total} fields`;
  }
  return result(score >= threshold, score, `field accuracy ${score.toFixed(3)} (${detail}), threshold ${threshold}`);
}

/** Correction turns: the change lands on the right ORIGINAL item after pending-only renumbering. */
export async function indexMapping(output, context) {
  const { mapping, trace } = await judge(output, context);
  if (mapping.counts.judged === 0) return result(true, 1, 'no field correction expected on this turn');
  const pass = mapping.counts.rightIndex === mapping.counts.judged;
  const landed = trace.mapping.map((m) => `${m.sentIndex}→${m.originalIndex}`).join(', ') || 'nothing applied';
  return result(pass, pass ? 1 : 0, `sent→original: ${landed}`);
}

/** The intent the orchestrator acts on: below the confidence floor everything is unclear (seed 003). */
function effectiveIntent(answer) {
  if (!answer || typeof answer.intent !== 'string') return null;
  const confidence = typeof answer.confidence === 'number' ? answer.confidence : 0;
  return confidence < DEFAULT_CONFIG.confidenceFloor ? 'unclear' : answer.intent;
}

/** Correction turns: same intent as the dataset's answer, after the confidence floor. */
export function intent(output, context) {
  const want = effectiveIntent(context.test.metadata.gold);
  const parsed = extractJson(typeof output === 'string' ? output : JSON.stringify(output));
  const got = parsed.ok ? effectiveIntent(parsed.value) : null;
  return result(got === want, got === want ? 1 : 0, `intent ${got ?? '(unreadable)'}, expected ${want}`);
}

/** Every expectation the dataset states for the turn (state, route, batch, tts, saved, llmRequest). */
export async function turnChecks(output, context) {
  const { checks } = await judge(output, context);
  const failed = checks.filter((c) => !c.passed);
  const score = checks.length === 0 ? 1 : (checks.length - failed.length) / checks.length;
  const reason =
    failed.length === 0
      ? `${checks.length} checks passed`
      : failed.map((c) => `${c.name}: expected ${JSON.stringify(c.expected)}, got ${JSON.stringify(c.actual)}`).join('; ');
  return result(failed.length === 0, score, reason);
}

const SCORERS = { itemCount, fieldAccuracy, indexMapping, intent, turnChecks };

/**
 * All of a test's scorers in one assertion (one module load per test keeps promptfoo's debug
 * log small). `config.gate` names the scorers that decide pass/fail; `config.report` the ones
 * only reported as named scores. Each appears in promptfoo's namedScores.
 */
export async function harness(output, context) {
  const gate = context.config?.gate ?? [];
  const report = context.config?.report ?? [];
  const namedScores = {};
  const componentResults = [];
  const failed = [];
  for (const name of [...gate, ...report]) {
    const scored = await SCORERS[name](output, context);
    namedScores[name] = scored.score;
    const gating = gate.includes(name);
    componentResults.push({ ...scored, pass: scored.pass || !gating, reason: `${name}: ${scored.reason}` });
    if (gating && !scored.pass) failed.push(`${name}: ${scored.reason}`);
  }
  const gateScores = gate.map((name) => namedScores[name]);
  const score = gateScores.length === 0 ? 1 : gateScores.reduce((a, b) => a + b, 0) / gateScores.length;
  const reason = failed.length > 0 ? failed.join('; ') : `passed: ${gate.join(', ')}`;
  return { pass: failed.length === 0, score, reason, namedScores, componentResults };
}
