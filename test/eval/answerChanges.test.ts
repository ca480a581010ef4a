import { describe, expect, it } from 'vitest';
import { answerChanges } from '../../src/eval/answerChanges.js';
import type { Baseline } from '../../src/report/json/baseline.js';
import type { CallDigest, GateResult } from '../../src/report/model/reportTypes.js';
import { answersSentence } from '../../src/report/words/answersWords.js';

// Issue 45 item 6: "did the edit reach the model" counts the requests that changed as well as the
// answers, and on a noisy backend sets the answers' change against the baseline's own repeats.
const call = (turn: number, request: string, answer: string): CallDigest => ({
  turn,
  endpoint: 'parse',
  request: request.padEnd(12, '0'),
  answer: answer.padEnd(12, '0'),
});

function side(digests: Record<string, CallDigest[][]>): Baseline {
  return {
    schemaVersion: 1,
    kind: 'nlu-harness-baseline',
    llm: { backend: 'openai', model: 'm' },
    mode: 'e2e',
    protocol: 'batch',
    metrics: {},
    dialogues: {},
    answerDigests: digests,
  };
}

const gateWith = (changes: NonNullable<GateResult['answerChanges']>, extra: Partial<GateResult> = {}): GateResult => ({
  baseline: 'b',
  passed: true,
  regressions: [],
  improvements: [],
  answerChanges: changes,
  ...extra,
});

describe("answerChanges: requests and answers, and the baseline repeats' own rate", () => {
  // Ten dialogues of two calls; the baseline ran each twice, its second run answering 7 of 20 calls otherwise.
  const ids = Array.from({ length: 10 }, (_, i) => `d${i}`);
  const baseline = side(
    Object.fromEntries(
      ids.map((id, i) => [
        id,
        [
          [call(0, 'a', 'x'), call(1, 'b', 'y')],
          [call(0, 'a', i < 7 ? 'z' : 'x'), call(1, 'b', 'y')],
        ],
      ]),
    ),
  );

  it("a run asked as before that answered 6 of 20 calls otherwise: no request changed, the rate beside the baseline repeats' 7 of 20", () => {
    const current = side(Object.fromEntries(ids.map((id, i) => [id, [[call(0, 'a', i < 6 ? 'w' : 'x'), call(1, 'b', 'y')]]])));
    const changes = answerChanges(baseline, current)!;
    expect(changes).toEqual({ compared: 20, same: 14, changed: 6, requestsChanged: 0, baselineRepeats: { compared: 20, changed: 7 } });
    expect(answersSentence(gateWith(changes), 'en')).toBe(
      "Answers changed on 6 of 20 calls, every one asked as before (30 %); the baseline's own repeats answered otherwise on 7 of 20 calls (35 %, what noise alone changes).",
    );
  });

  it('an edit that changed every request: requests and answers counted apart', () => {
    const current = side(Object.fromEntries(ids.map((id) => [id, [[call(0, 'e', 'w'), call(1, 'f', 'y')]]])));
    const changes = answerChanges(baseline, current)!;
    expect(changes.requestsChanged).toBe(20);
    expect(changes.changed).toBe(10);
    expect(answersSentence(gateWith(changes), 'en')).toMatch(
      /^Requests changed on 20 of 20 calls; answers on 10 \(50 %\); the baseline's own repeats answered otherwise on 7 of 20 calls/,
    );
  });

  it('a noisy model judged against chance, with no repeats in the baseline, says it cannot tell noise from a change', () => {
    const single = side(Object.fromEntries(ids.map((id) => [id, [[call(0, 'a', 'x'), call(1, 'b', 'y')]]])));
    const current = side(Object.fromEntries(ids.map((id, i) => [id, [[call(0, 'a', i < 5 ? 'w' : 'x'), call(1, 'b', 'y')]]])));
    const changes = answerChanges(single, current)!;
    expect(changes.baselineRepeats).toBeUndefined();
    const noisy = gateWith(changes, { singleRuns: { tests: [] } as unknown as GateResult['singleRuns'] });
    expect(answersSentence(noisy, 'en')).toBe(
      'Answers changed on 5 of 20 calls, every one asked as before; the baseline has no repeats to tell noise from a change (make it with --repeat 2 or more).',
    );
    expect(answersSentence(noisy, 'zh')).toContain('基线没有重复运行');
  });

  it('a prompt edit the app’s requests do not show: the sentence says only the prompt around them changed', () => {
    const current = side(Object.fromEntries(ids.map((id, i) => [id, [[call(0, 'a', i < 5 ? 'w' : 'x'), call(1, 'b', 'y')]]])));
    const changes = answerChanges(baseline, current)!;
    expect(changes.requestsChanged).toBe(0);
    const edited = gateWith(changes, { arms: { prompts: ['correction-dialogue.txt'] } as unknown as GateResult['arms'] });
    expect(answersSentence(edited, 'en')).toMatch(/^Answers changed on 5 of 20 calls, every one asked as before \(only the prompt around it changed\)/);
    expect(answersSentence(edited, 'zh')).toContain('只有提示词变了');
    expect(answersSentence(gateWith(changes), 'en')).not.toContain('only the prompt');
  });
});
