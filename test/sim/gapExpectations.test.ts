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

const item = (amount: number, description: string) => ({ amount, type: 'EXPENSE', category: '餐饮', description });
const THREE = { parse: { json: { transactions: [item(30, '午饭'), item(20, '早饭'), item(40, '晚饭')] } } };

async function run(turns: Omit<Turn, 'line'>[]): Promise<DialogueTrace> {
  const store = new SqliteStore(':memory:', seededUuids(1), () => 0);
  try {
    return await runDialogue(dialogue(turns), { backend: new ScriptedBackend(), store, mode: 'e2e', owner: 'o' });
  } finally {
    store.close();
  }
}

const failed = (trace: DialogueTrace, turn: number) => checkTurn(trace.turns[turn]!).filter((check) => !check.passed);

describe('expect.mapping: the index pairs of an applied correction (seed 001 纠正时排除 cancelled items)', () => {
  it('「LLM 返回 index 1 的修正 SHALL 映射回原始 index 2」: the pair is compared exactly', async () => {
    const correct = { json: { corrections: [{ index: 1, updatedFields: { amount: 10 } }], intent: 'correction', confidence: 0.9 } };
    const trace = await run([
      { user: '午饭三十，早饭二十，晚饭四十', llm: THREE },
      { user: '删掉第二笔' },
      { user: '第二笔改成10', llm: { correct }, expect: { mapping: [{ sentIndex: 1, originalIndex: 1 }] } },
    ]);
    expect(failed(trace, 2)).toEqual([
      { name: 'mapping', expected: [{ sentIndex: 1, originalIndex: 1 }], actual: [{ sentIndex: 1, originalIndex: 2 }], passed: false },
    ]);
  });
});

describe('expect.refused: events the orchestrator refused, as event:kind', () => {
  it('Delegate 安全: after a dispose a user line and a tap are refused as notAccepted', async () => {
    const trace = await run([{ dispose: true }, { user: '午饭三十', expect: { refused: [] } }, { tap: 'confirm' }]);
    expect(trace.turns.map((turn) => turn.refused)).toEqual([[], ['userText:notAccepted'], ['tap:notAccepted']]);
    expect(failed(trace, 1).map((check) => check.name)).toEqual(['refused']);
  });
});

describe('expect.batch[].source and llmRequest.parseText', () => {
  it('离线降级为单笔: an offline item is source local; the source shows in the check only when expected', async () => {
    const trace = await run([
      { user: '午饭三十', network: 'offline', expect: { batch: [{ amount: 30, source: 'llm' }] } },
      { user: '退出' },
      { user: '午饭三十', llm: THREE, expect: { batch: [{}, {}, {}] } },
    ]);
    const [source] = failed(trace, 0);
    expect(source?.actual).toEqual([expect.objectContaining({ amount: 30, source: 'local' })]);
    const plain = checkTurn(trace.turns[2]!).find((check) => check.name === 'batch');
    expect((plain?.actual as object[]).every((snapshot) => !('source' in snapshot))).toBe(true);
  });

  it('the parse request text is compared with the text sent to the parse endpoint (trimmed)', async () => {
    const trace = await run([{ user: '  午饭三十 ', llm: THREE, expect: { llmRequest: { parseText: ' 午饭三十' } } }]);
    expect(failed(trace, 0)).toEqual([{ name: 'llmRequest.parseText', expected: ' 午饭三十', actual: '午饭三十', passed: false }]);
  });
});
