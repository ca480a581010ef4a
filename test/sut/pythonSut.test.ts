import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { protocolValidators, schemaErrorText } from '../../src/sim/sutProtocol.js';
import { cliAsync, ROOT, tempDir } from '../support/cli.js';
import { readReport, sutFaults } from './sutSupport.js';

const PYTHON_SUT = 'python3 examples/python-sut/sut.py';
const CONFIG = { parseTimeoutMs: 3000, correctionTimeoutMs: 3000, inactivityTimeoutMs: 60000, confidenceFloor: 0.7 };

/** Talks to the Python adapter directly: one request a line in, its replies out. */
function exchange(requests: object[]): Record<string, unknown>[] {
  const input = requests.map((r) => `${JSON.stringify(r)}\n`).join('');
  const result = spawnSync('python3', [join(ROOT, 'examples/python-sut/sut.py')], { input, encoding: 'utf8' });
  expect(result.stderr).toBe('');
  return result.stdout
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as Record<string, unknown>);
}

describe('examples/python-sut: a stdlib Python adapter speaking the protocol', () => {
  it('answers with messages the schema accepts: handshake, reset, a parse, a confirm, the save', () => {
    const transaction = { amount: 35, category: '餐饮', type: 'EXPENSE', description: '午饭', date: null, account: null, confidence: 0.9, source: 'llm' };
    const replies = exchange([
      { type: 'hello', seq: 1, protocolVersion: 1, protocol: 'batch' },
      { type: 'reset', seq: 2, config: CONFIG, online: true },
      { type: 'event', seq: 3, now: 0, event: { type: 'start' } },
      { type: 'event', seq: 4, now: 0, event: { type: 'userText', text: '午饭35块' } },
      { type: 'event', seq: 5, now: 120, event: { type: 'parseSucceeded', id: 1, transactions: [transaction] } },
      { type: 'event', seq: 6, now: 120, event: { type: 'userText', text: '确认' } },
      { type: 'event', seq: 7, now: 120, event: { type: 'saveSucceeded', id: 2 } },
      { type: 'event', seq: 8, now: 120, event: { type: 'saveSucceeded', id: 2 } },
      { type: 'warp', seq: 9 },
    ]);
    const { sutMessage } = protocolValidators();
    for (const reply of replies) {
      if (!sutMessage(reply)) expect.fail(`${JSON.stringify(reply)}: ${schemaErrorText(sutMessage.errors)}`);
    }
    expect(replies.map((r) => r.seq)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(replies[3]).toMatchObject({
      state: { phase: 'AWAITING_PARSE' },
      effects: [
        { type: 'callParse', id: 1 },
        { type: 'startTimer', name: 'llmDeadline', id: 1 },
      ],
    });
    expect(replies[4]).toMatchObject({
      state: { phase: 'CONFIRMING' },
      effects: expect.arrayContaining([{ type: 'speak', text: '记录支出35元，餐饮，确认吗？' }]),
    });
    expect(replies[6]).toMatchObject({ state: { phase: 'LISTENING', batch: null }, effects: [{ type: 'speak', text: '已保存1笔交易。' }] });
    expect(replies[7]).toMatchObject({ effects: [], refused: 'stale' });
    expect(replies[8]).toMatchObject({ type: 'error', message: "unknown message type 'warp'" });
  });

  it('runs the bundled suite through run --sut without a single protocol fault; its parse-confirm-save dialogues pass', async () => {
    const out = tempDir();
    const result = await cliAsync(['run', '--no-progress', '--sut', PYTHON_SUT, '--out', out]);
    const report = readReport(out);
    // A toy without corrections fails most dialogues on their checks, never on the wire.
    expect(result.status).toBe(1);
    expect(sutFaults(report).size).toBe(report.summary.dialogues.failed);
    expect([...sutFaults(report).values()].every((list) => list.length === 0)).toBe(true);
    const passed = new Set(report.dialogues.filter((d) => d.passed).map((d) => d.id));
    for (const id of ['s000-multi-recognition', 's000-batch-save-ok', 's001-cancel-current', 's003-confirm-local', 'f-parse-latency-3000']) {
      expect(passed).toContain(id);
    }
  });
});
