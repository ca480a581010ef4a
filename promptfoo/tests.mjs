// promptfoo test generator: one test per parse or correction turn of the bundled datasets
// whose scripted answer is a sound reference: the call succeeded, the dialogue's expectations
// hold with it, it is not a deliberately unsure answer, and it is not a parse the scenario
// goes on to correct (those are wrong on purpose). The correction request is the
// exact one the orchestrator sends at that point of the dialogue, pending-only renumbering included.
//
// In promptfooconfig.yaml:  tests: file://promptfoo/tests.mjs
// or, for other datasets:   tests: {path: file://promptfoo/tests.mjs, config: {datasets: [datasets/faults.yaml]}}
import { fileURLToPath } from 'node:url';
import { CorrectionIndexMappingScorer } from '../dist/scoring/metrics/correctionIndexMapping.js';
import { checkTurn } from '../dist/scoring/turnChecks.js';
import { DEFAULT_DATASETS, dialoguesOf, runScripted } from './harness.mjs';

/**
 * One assertion running the named scorers of promptfoo/assertions.mjs. turnChecks is
 * reported, not gated: it also compares wording the model is free to choose (descriptions).
 */
const harness = (gate) => ({
  type: 'javascript',
  // Absolute, so the tests work from a config file anywhere.
  value: `file://${fileURLToPath(new URL('./assertions.mjs', import.meta.url))}:harness`,
  config: { gate, report: ['turnChecks'] },
});

export default async function generateTests(config = {}) {
  const datasets = config.datasets ?? DEFAULT_DATASETS;
  const tests = [];
  for (const dialogue of dialoguesOf(datasets).values()) {
    const trace = await runScripted(dialogue);
    trace.turns.forEach((turnTrace, turnIndex) => {
      const call = turnTrace.llmCalls.find((c) => c.endpoint === 'parse' || c.endpoint === 'correct');
      const gold = call && dialogue.turns[turnIndex].llm?.[call.endpoint]?.json;
      if (!call || call.outcome !== 'ok' || gold === undefined) return;
      const checks = checkTurn(turnTrace);
      if (!checks.every((c) => c.passed) || turnTrace.correctionOutcome === 'lowConfidence') return;
      if (call.endpoint === 'parse' && correctedLater(trace.turns, turnIndex)) return;
      tests.push(testOf(dialogue, turnIndex, turnTrace, call, gold, checks, datasets));
    });
  }
  return tests;
}

function testOf(dialogue, turnIndex, turnTrace, call, gold, checks, datasets) {
  const text = dialogue.turns[turnIndex].user ?? '';
  const metadata = { endpoint: call.endpoint, dialogue: dialogue.id, turn: turnIndex, gold, datasets, file: dialogue.file };
  const caseId = `${dialogue.id}#${turnIndex + 1}`;
  const description = `${call.endpoint} | ${caseId} | ${text}`;
  if (call.endpoint === 'parse') {
    return { description, vars: { endpoint: 'parse', text, case: caseId }, metadata, assert: [harness(['itemCount', 'fieldAccuracy'])] };
  }
  const gate = ['intent'];
  if (correctsFields(dialogue, turnTrace, checks)) gate.push('indexMapping');
  if (turnTrace.turn.expect?.batch) gate.push('fieldAccuracy');
  const vars = { endpoint: 'correct', text, request: JSON.stringify(call.request), case: caseId };
  return { description, vars, metadata, assert: [harness(gate)] };
}

/** Whether the index-mapping scorer judges this turn (a field correction with expectations). */
function correctsFields(dialogue, turnTrace, checks) {
  const scorer = new CorrectionIndexMappingScorer();
  scorer.add({ dialogue, traces: [turnTrace], checks: [checks], passed: true });
  return scorer.result().counts.judged > 0;
}

/**
 * A batch the user goes on to correct was, in that scenario, parsed wrongly on purpose
 * (the scripted answer sets the correction up), so it is no reference for the parse prompt.
 */
function correctedLater(turns, parseIndex) {
  for (const later of turns.slice(parseIndex + 1)) {
    if (later.phaseBefore !== 'CONFIRMING') return false;
    if (later.correctionOutcome === 'applied') return true;
  }
  return false;
}
