import { describe, expect, it } from 'vitest';
import type { Dialogue, Turn } from '../../src/datasets/datasetTypes.js';
import { ScriptedBackend } from '../../src/llm/scriptedBackend.js';
import { HeuristicModel } from '../../src/reference/heuristicModel.js';
import { BATCH_CORE, CONVERSATION_CORE } from '../../src/sim/dialogueSession.js';
import { runDialogue } from '../../src/sim/runDialogue.js';
import { runSuite } from '../../src/eval/scoreSuite.js';
import { seededUuids } from '../../src/sim/seededUuids.js';
import { DEFAULT_ACCOUNT, SqliteStore } from '../../src/sim/sqliteStore.js';

function dialogue(id: string, turns: Omit<Turn, 'line'>[]): Dialogue {
  return {
    id,
    title: id,
    tags: [],
    network: 'online',
    turns: turns.map((turn, i) => ({ line: i + 1, ...turn })),
    file: 'test.yaml',
    line: 1,
  };
}

const HONGBAO_FIX = dialogue('hongbao-fix', [
  { user: '红包收了60', expect: { state: 'CONFIRMING', route: 'llm', tts: ['记录收入60元，红包，确认吗？'] } },
  { user: '改成支出', expect: { state: 'CONFIRMING', batch: [{ amount: 60, type: 'EXPENSE', category: '红包' }] } },
  { user: '确认', expect: { state: 'LISTENING', route: 'local', batch: null, saved: [{ amount: 60, type: 'EXPENSE', category: '红包' }] } },
]);

describe('DialogueSession with the heuristic backend under both cores', () => {
  for (const [name, core, endpoint] of [
    ['batch', BATCH_CORE, 'correct'],
    ['conversation', CONVERSATION_CORE, 'conversation'],
  ] as const) {
    it(`${name} core: parse, correct through the ${endpoint} endpoint, confirm and save`, async () => {
      const store = new SqliteStore(':memory:', seededUuids(1), () => 0);
      try {
        const trace = await runDialogue(HONGBAO_FIX, { backend: new HeuristicModel(), store, mode: 'e2e', owner: 'o', core });
        const [opened, corrected, confirmed] = trace.turns;
        expect(opened!.llmCalls.map((c) => c.endpoint)).toEqual(['parse']);
        expect(corrected!.llmCalls.map((c) => c.endpoint)).toEqual([endpoint]);
        expect(corrected!.route).toBe('llm');
        expect(corrected!.batchAfter!.items[0]!.result.type).toBe('EXPENSE');
        expect(confirmed!.route).toBe('local');
        expect(confirmed!.llmCalls).toEqual([]);
        expect(confirmed!.phaseAfter).toBe('LISTENING');
        expect(confirmed!.saved).toEqual([
          expect.objectContaining({ amount: 60, type: 'EXPENSE', category: '红包', account: DEFAULT_ACCOUNT, id: expect.stringMatching(/^[0-9a-f-]{36}$/) }),
        ]);
        trace.turns.forEach((t) => expect(t.setupErrors).toEqual([]));
      } finally {
        store.close();
      }
    });
  }

  it('conversation core: the endpoint gets the history, the current transaction and the text', async () => {
    const store = new SqliteStore(':memory:', seededUuids(1), () => 0);
    try {
      const trace = await runDialogue(HONGBAO_FIX, { backend: new HeuristicModel(), store, mode: 'e2e', owner: 'o', core: CONVERSATION_CORE });
      expect(trace.turns[1]!.llmCalls[0]!.request).toEqual({
        history: [],
        currentTransaction: { amount: 60, type: 'INCOME', category: '红包', description: '红包', date: null },
        text: '改成支出',
      });
    } finally {
      store.close();
    }
  });
});

describe('runSuite --protocol conversation', () => {
  const TWO = dialogue('two-at-once', [
    { user: '吃饭60，打车30', expect: { state: 'CONFIRMING' } },
    { user: '确认', expect: { state: 'LISTENING' } },
  ]);

  it('skips multi-transaction dialogues and judges only protocol-neutral expectations', async () => {
    const result = await runSuite([HONGBAO_FIX, TWO], { backend: new HeuristicModel(), mode: 'e2e', seed: 1, repeat: 1, protocol: 'conversation' });
    expect(result.skipped).toEqual([{ id: 'two-at-once', title: 'two-at-once', file: 'test.yaml', reason: 'turn 1: the parse found 2 transactions' }]);
    expect([...result.dialogues].map((d) => [d.id, d.passed])).toEqual([['hongbao-fix', true]]);
    // tts and the llm route of turn 1 are batch-protocol expectations.
    expect(result.notApplicableChecks).toBe(2);
    const names = [...result.dialogues][0]!.turns.flatMap((t) => t.checks.map((c) => c.name));
    expect(names).not.toContain('tts');
    expect(names).toContain('saved');
  });

  it('the batch arm still judges everything and skips nothing', async () => {
    const result = await runSuite([HONGBAO_FIX, TWO], { backend: new HeuristicModel(), mode: 'e2e', seed: 1, repeat: 1 });
    expect(result.skipped).toEqual([]);
    expect(result.notApplicableChecks).toBe(0);
    expect(result.dialogues).toHaveLength(2);
  });

  it('with the scripted backend, runs dialogues that script a conversation: answer and skips the others', async () => {
    const parse = { json: { transactions: [{ amount: 60, type: 'INCOME', category: '红包', description: '红包' }] } };
    const fixed = { amount: 60, type: 'EXPENSE', category: '红包', description: '红包' };
    const correct = { json: { corrections: [{ index: 0, updatedFields: { type: 'EXPENSE' } }], intent: 'correction', confidence: 0.9 } };
    const both = dialogue('scripted-both', [
      { user: '红包60', llm: { parse } },
      { user: '改成支出', llm: { correct, conversation: { json: { action: 'correct', transaction: fixed } } }, expect: { batch: [fixed] } },
    ]);
    const batchOnly = dialogue('scripted-batch-only', [
      { user: '红包60', llm: { parse } },
      { user: '改成支出', llm: { correct }, expect: { batch: [fixed] } },
    ]);
    for (const protocol of ['batch', 'conversation'] as const) {
      const result = await runSuite([both, batchOnly], { backend: new ScriptedBackend(), mode: 'e2e', seed: 1, repeat: 1, protocol });
      const ran = [...result.dialogues].map((d) => [d.id, d.passed]);
      if (protocol === 'batch')
        expect(ran).toEqual([
          ['scripted-both', true],
          ['scripted-batch-only', true],
        ]);
      else {
        expect(ran).toEqual([['scripted-both', true]]);
        expect(result.skipped.map((s) => s.id)).toEqual(['scripted-batch-only']);
      }
    }
  });
});
