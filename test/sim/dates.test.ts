import { join } from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import type { Dialogue, Turn } from '../../src/datasets/datasetTypes.js';
import type { ChatBackend, ChatRequest, ChatResult } from '../../src/llm/backend.js';
import { ScriptedBackend } from '../../src/llm/scriptedBackend.js';
import { checkTurn } from '../../src/scoring/turnChecks.js';
import { runDialogue } from '../../src/sim/runDialogue.js';
import { seededUuids } from '../../src/sim/seededUuids.js';
import { SqliteStore } from '../../src/sim/sqliteStore.js';
import { tempDir } from '../support/cli.js';

const dialogue = (turns: readonly Turn[], today?: string): Dialogue => ({
  id: 'd',
  title: 'd',
  tags: [],
  network: 'online',
  turns,
  file: 'x.yaml',
  line: 1,
  ...(today ? { today } : {}),
});

const parseTurn = (user: string, transactions: readonly object[], expect: Turn['expect'] = {}): Turn => ({
  line: 1,
  user,
  llm: { parse: { json: { transactions } } },
  expect,
});
const confirm: Turn = { line: 2, user: '确认' };

/** A model that answers every parse with one taxi ride and keeps what it was sent. */
class Recorder implements ChatBackend {
  readonly name = 'recorder';
  readonly model = 'recorder';
  readonly clock = 'virtual' as const;
  readonly requests: ChatRequest[] = [];
  complete(req: ChatRequest): Promise<ChatResult> {
    this.requests.push(req);
    return Promise.resolve({
      text: '{"transactions":[{"amount":30,"type":"EXPENSE","category":"交通","description":"打车","date":null}]}',
      latencyMs: 100,
      model: this.model,
    });
  }
}

function sqliteFile(): { store: SqliteStore; rows: () => { date: string; description: string | null }[] } {
  const file = join(tempDir(), 'rows.sqlite');
  const store = new SqliteStore(file, seededUuids(1), () => 0);
  return { store, rows: () => new Database(file, { readonly: true }).prepare('SELECT date, description FROM transactions ORDER BY rowid').all() as never };
}

describe('the run\'s today reaches the prompt (issue 39: "part of the prompt, so part of the cassette key")', () => {
  it("renders run --today into every system prompt, and a dialogue's own today wins over it", async () => {
    const { store } = sqliteFile();
    const model = new Recorder();
    await runDialogue(dialogue([{ line: 1, user: '昨天打车30' }]), { backend: model, store, mode: 'e2e', owner: 'a', today: '2024-03-01' });
    await runDialogue(dialogue([{ line: 1, user: '昨天打车30' }], '2026-01-01'), { backend: model, store, mode: 'e2e', owner: 'b', today: '2024-03-01' });
    const [run, own] = model.requests;
    expect(run!.messages[0]!.content).toContain('Today is 2024-03-01');
    expect(run!.messages[0]!.content).toContain('"date":"2024-02-29"');
    expect(run!.messages[0]!.content).not.toContain('unknown');
    expect(run!.today).toBe('2024-03-01');
    expect(own!.messages[0]!.content).toContain('Today is 2026-01-01');
    expect(own!.today).toBe('2026-01-01');
  });
});

describe('saved as the app would (issue 39 item 6), in real SQLite', () => {
  it("a row holds the day the user meant; a transaction with no day named holds the dialogue's today", async () => {
    const { store, rows } = sqliteFile();
    const turns = [
      parseTurn('昨天打车30，午饭25', [
        { amount: 30, type: 'EXPENSE', category: '交通', description: '打车', date: '2024-02-29' },
        { amount: 25, type: 'EXPENSE', category: '餐饮', description: '午饭', date: null },
      ]),
      { ...confirm, expect: { saved: [{ date: '2024-02-29' }, { date: '2024-03-01' }] } },
    ];
    const trace = await runDialogue(dialogue(turns, '2024-03-01'), { backend: new ScriptedBackend(), store, mode: 'e2e', owner: 'o' });
    expect(rows()).toEqual([
      { date: '2024-02-29', description: '打车' },
      { date: '2024-03-01', description: '午饭' },
    ]);
    expect(checkTurn(trace.turns[1]!).find((c) => c.name === 'saved')).toMatchObject({ passed: true });
  });

  it("without a today of its own, the rows take the run's, else 2026-03-01", async () => {
    const { store, rows } = sqliteFile();
    const turns = [parseTurn('午饭25', [{ amount: 25, type: 'EXPENSE', date: null }]), confirm];
    await runDialogue(dialogue(turns), { backend: new ScriptedBackend(), store, mode: 'e2e', owner: 'o', today: '2025-12-31' });
    await runDialogue(dialogue(turns), { backend: new ScriptedBackend(), store, mode: 'e2e', owner: 'p' });
    expect(rows().map((row) => row.date)).toEqual(['2025-12-31', '2026-03-01']);
  });
});

describe('a malformed date in a model answer is an invalid answer (issue 39: "never a saved row")', () => {
  it('a scripted parse with date 昨天 fails the call and its dialogue, and 昨天 reaches no row', async () => {
    const { store, rows } = sqliteFile();
    const turns = [
      parseTurn('昨天打车30', [{ amount: 30, type: 'EXPENSE', category: '交通', description: '打车', date: '昨天' }], {
        route: 'llm',
        batch: [{ amount: 30, date: '2026-02-28' }],
      }),
      confirm,
    ];
    const trace = await runDialogue(dialogue(turns), { backend: new ScriptedBackend(), store, mode: 'e2e', owner: 'o' });
    const call = trace.turns[0]!.llmCalls[0]!;
    expect(call.outcome).toBe('invalid');
    expect(call.detail).toBe('/transactions/0/date must be a calendar day YYYY-MM-DD (got "昨天"): write the day 昨天 means for today 2026-03-01: 2026-02-28');
    const failed = checkTurn(trace.turns[0]!)
      .filter((c) => !c.passed)
      .map((c) => c.name);
    expect(failed).toEqual(['route', 'batch']);
    expect(rows().map((row) => row.date)).not.toContain('昨天');
  });

  it.each(['3/2', '2026-02-30'])('a correction moving an item to %s is refused the same way', async (date) => {
    const { store } = sqliteFile();
    const turns: Turn[] = [
      parseTurn('打车30', [{ amount: 30, type: 'EXPENSE', description: '打车' }]),
      {
        line: 2,
        user: '改成三月二号',
        llm: { correct: { json: { corrections: [{ index: 0, updatedFields: { date } }], intent: 'correction', confidence: 0.9 } } },
      },
    ];
    const trace = await runDialogue(dialogue(turns), { backend: new ScriptedBackend(), store, mode: 'e2e', owner: 'o' });
    expect(trace.turns[1]!.llmCalls[0]!.outcome).toBe('invalid');
    expect(trace.turns[1]!.batchAfter!.items[0]!.result.date).toBeNull();
  });

  it('the store refuses a date that is not a calendar day, rolling the batch back', () => {
    const { store, rows } = sqliteFile();
    const item = { amount: 30, type: 'EXPENSE', category: '交通', description: '打车', date: '昨天', account: null, confidence: 1, source: 'llm' } as const;
    expect(() => store.saveBatch([{ ...item, date: null }, item], 'o')).toThrow(/invalid date "昨天"/);
    expect(rows()).toEqual([]);
  });
});

describe('the offline path keeps no date (decision Q15: seed 002 keeps the offline parser minimal)', () => {
  it('昨天打车30 offline: no day on the item or in the spoken line, saved on today; 改成昨天 offline is unclear', async () => {
    const { store, rows } = sqliteFile();
    const offline = (turn: Omit<Turn, 'line'>): Turn => ({ line: 1, network: 'offline', ...turn });
    const turns = [offline({ user: '昨天打车30' }), offline({ user: '打车那笔是昨天的' }), offline({ user: '确认' })];
    const trace = await runDialogue(dialogue(turns, '2026-03-01'), { backend: new ScriptedBackend(), store, mode: 'e2e', owner: 'o' });
    const [parsed, corrected, confirmed] = trace.turns;
    expect(parsed!.route).toBe('offline');
    expect(parsed!.batchAfter!.items.map((item) => [item.result.amount, item.result.date])).toEqual([[30, null]]);
    expect(parsed!.spoken.map((line) => line.text)).toEqual(['记录支出30元，交通，确认吗？']);
    expect(corrected!.correctionOutcome).toBe('unclear');
    expect(corrected!.batchAfter!.items[0]!.result.date).toBeNull();
    expect(confirmed!.saved.map((row) => row.date)).toEqual(['2026-03-01']);
    expect(rows().map((row) => row.date)).toEqual(['2026-03-01']);
  });
});
