import { describe, expect, it } from 'vitest';
import type { Dialogue, Turn } from '../../src/datasets/datasetTypes.js';
import { ScriptedBackend } from '../../src/llm/scriptedBackend.js';
import { checkTurn } from '../../src/scoring/turnChecks.js';
import { runDialogue } from '../../src/sim/runDialogue.js';
import { seededUuids } from '../../src/sim/seededUuids.js';
import { SqliteStore } from '../../src/sim/sqliteStore.js';
import type { DialogueTrace } from '../../src/sim/trace.js';

function dialogue(turns: Omit<Turn, 'line'>[]): Dialogue {
  return { id: 'd', title: 'd', tags: [], network: 'online', turns: turns.map((turn, i) => ({ line: i + 1, ...turn })), file: 't.yaml', line: 1 };
}

const LUNCH = { parse: { json: { transactions: [{ amount: 30, type: 'EXPENSE', category: '餐饮', description: '午饭' }] } } };

async function run(turns: Omit<Turn, 'line'>[], mode: 'e2e' | 'gold' = 'e2e'): Promise<DialogueTrace> {
  const store = new SqliteStore(':memory:', seededUuids(1), () => 0);
  try {
    return await runDialogue(dialogue(turns), { backend: new ScriptedBackend(), store, mode, owner: 'o' });
  } finally {
    store.close();
  }
}

describe('expect.notify: the Delegate callbacks of a turn (seed 001 Delegate 模式解耦)', () => {
  it('纠正更新通知: a correction the LLM applies calls onDraftBatchUpdated, and the check compares the exact ordered list', async () => {
    const correct = { json: { corrections: [{ index: 0, updatedFields: { amount: 50 } }], intent: 'correction', confidence: 0.9 } };
    const trace = await run([
      { user: '午饭三十', llm: LUNCH, expect: { notify: ['onFinalText'] } },
      { user: '改成五十', llm: { correct }, expect: { notify: ['onDraftBatchUpdated'], outcome: 'applied', failure: null } },
      { user: '退出', expect: { notify: ['onSessionEnded:exit', 'onDraftBatchUpdated'] } },
    ]);
    expect(trace.turns.map((t) => t.notified)).toEqual([['onFinalText'], ['onDraftBatchUpdated'], ['onDraftBatchUpdated', 'onSessionEnded:exit']]);
    expect(checkTurn(trace.turns[1]!).every((c) => c.passed)).toBe(true);
    // Same callbacks in another order: the check fails and shows what was fired.
    const [wrongOrder] = checkTurn(trace.turns[2]!);
    expect(wrongOrder).toEqual({
      name: 'notify',
      expected: ['onSessionEnded:exit', 'onDraftBatchUpdated'],
      actual: ['onDraftBatchUpdated', 'onSessionEnded:exit'],
      passed: false,
    });
  });
});

describe('dispose turns (seed 001 Delegate 安全)', () => {
  it('dispose clears the draft and ends the session; later input changes nothing and calls nothing back', async () => {
    const trace = await run([{ user: '午饭三十', llm: LUNCH }, { dispose: true }, { user: '打车二十' }, { advanceMs: 60_000 }]);
    const [, disposed, afterInput, afterWait] = trace.turns;
    expect(disposed!.notified).toEqual(['onDraftBatchUpdated', 'onSessionEnded:dispose']);
    expect([disposed!.phaseAfter, disposed!.batchAfter]).toEqual(['IDLE', null]);
    for (const turn of [afterInput!, afterWait!]) {
      expect([turn.notified, turn.spoken, turn.llmCalls, turn.phaseAfter]).toEqual([[], [], [], 'IDLE']);
    }
  });

  it('disposeAfterMs lands while the parse call is awaited: its late answer opens no batch', async () => {
    const trace = await run([{ user: '午饭三十', disposeAfterMs: 1000, llm: { parse: { ...LUNCH.parse, latencyMs: 2000 } } }, { advanceMs: 5000 }]);
    const [spoken, waited] = trace.turns;
    expect(spoken!.notified).toEqual(['onSessionEnded:dispose']);
    expect(spoken!.events.map((e) => [e.atMs, e.event.type])).toEqual([
      [0, 'userText'],
      [1000, 'dispose'],
    ]);
    expect([spoken!.batchAfter, waited!.batchAfter, waited!.notified, waited!.spoken]).toEqual([null, null, [], []]);
  });

  it('disposeAfterMs after everything settled still disposes, on time', async () => {
    const trace = await run([{ user: '午饭三十', disposeAfterMs: 500, llm: LUNCH }]);
    expect(trace.turns[0]!.notified).toEqual(['onFinalText', 'onDraftBatchUpdated', 'onSessionEnded:dispose']);
    expect(trace.turns[0]!.events.at(-1)).toEqual({ atMs: 500, event: { type: 'dispose' } });
  });

  it('gold mode restores nothing into a disposed session: the IDLE the dataset expects is what DISPOSED shows as', async () => {
    const trace = await run(
      [
        { dispose: true, expect: { state: 'IDLE' } },
        { user: '午饭三十', expect: { state: 'IDLE' } },
      ],
      'gold',
    );
    expect([trace.turns[1]!.llmCalls, trace.turns[1]!.setupErrors, trace.turns[1]!.phaseAfter]).toEqual([[], [], 'IDLE']);
  });
});

describe('expect.llmCalls: each call of the turn as endpoint:outcome', () => {
  it('LLM 纠正超时降级: an answer after the 3 s deadline is cancelled (late) and the local rules correct the batch', async () => {
    const correct = { json: { corrections: [{ index: 0, updatedFields: { amount: 60 } }], intent: 'correction', confidence: 0.9 }, latencyMs: 3500 };
    const trace = await run([
      { user: '午饭三十', llm: LUNCH },
      { user: '改成五十', llm: { correct }, expect: { llmCalls: ['correct:late'], route: 'fallback', batch: [{ amount: 50 }] } },
    ]);
    expect(checkTurn(trace.turns[1]!)).toEqual([
      { name: 'route', expected: 'fallback', actual: 'fallback', passed: true },
      { name: 'batch', expected: [{ amount: 50 }], actual: [expect.objectContaining({ amount: 50 })], passed: true },
      { name: 'llmCalls', expected: ['correct:late'], actual: ['correct:late'], passed: true },
    ]);
  });
});
