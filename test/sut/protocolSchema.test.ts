import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { protocolValidators, schemaErrorText } from '../../src/sim/sutProtocol.js';
import { serveCore } from '../../src/sim/sutServer.js';
import { cliAsync, tempDir } from '../support/cli.js';

const { harnessMessage, sutMessage } = protocolValidators();

/** Every line of a run through the logging proxy, by direction. */
async function recordRun(args: string[]): Promise<{ harness: unknown[]; sut: unknown[] }> {
  const log = join(tempDir(), 'wire.jsonl');
  const result = await cliAsync(['run', '--no-progress', ...args, '--sut', `node test/fixtures/sut/proxySut.mjs --log ${log}`, '--out', tempDir()]);
  expect(result.status).toBe(0);
  const entries = readFileSync(log, 'utf8')
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as { from: string; line: string });
  return {
    harness: entries.filter((e) => e.from === 'harness').map((e) => JSON.parse(e.line)),
    sut: entries.filter((e) => e.from === 'sut').map((e) => JSON.parse(e.line)),
  };
}

function expectAllValid(messages: unknown[], validate: typeof harnessMessage | typeof sutMessage): void {
  for (const message of messages) {
    if (!validate(message)) expect.fail(`${JSON.stringify(message).slice(0, 300)}: ${schemaErrorText(validate.errors)}`);
  }
}

describe('the SUT protocol schema (protocol/sut-protocol.schema.json), both sides', () => {
  it('every message of the bundled suite under both protocol arms is valid, in both directions', async () => {
    const { harness, sut } = await recordRun(['--protocol', 'both']);
    expect(harness.length).toBeGreaterThan(1000);
    expect(sut).toHaveLength(harness.length);
    expectAllValid(harness, harnessMessage);
    expectAllValid(sut, sutMessage);
    const kinds = new Set(harness.map((m) => (m as { type: string }).type));
    expect([...kinds].sort()).toEqual(['event', 'hello', 'reset']);
    const effects = new Set(sut.flatMap((m) => ((m as { effects?: { type: string }[] }).effects ?? []).map((e) => e.type)));
    for (const type of [
      'speak',
      'callParse',
      'callCorrect',
      'callConverse',
      'startTimer',
      'cancelTimer',
      'abortCall',
      'saveBatch',
      'notify',
      'classified',
      'routed',
    ]) {
      expect(effects).toContain(type);
    }
  });

  it('gold mode adds restore messages, valid too', async () => {
    const { harness, sut } = await recordRun(['--mode', 'gold', '-f', 'seed-001']);
    expect(harness.some((m) => (m as { type: string }).type === 'restore')).toBe(true);
    expectAllValid(harness, harnessMessage);
    expectAllValid(sut, sutMessage);
  });

  it('rejects what breaks it: no seq, an unknown effect, a seed phase where a core phase is due', () => {
    expect(harnessMessage({ type: 'event', now: 0, event: { type: 'start' } })).toBe(false);
    expect(sutMessage({ type: 'step', seq: 1, effects: [{ type: 'beep' }], state: { phase: 'IDLE', batch: null } })).toBe(false);
    expect(sutMessage({ type: 'state', seq: 1, state: { phase: 'WAITING', batch: null } })).toBe(false);
    expect(sutMessage({ type: 'ready', seq: 1, protocolVersion: 2, name: 'x', protocols: ['batch'] })).toBe(false);
  });
});

describe('serveCore (nlu-harness sut)', () => {
  async function converse(lines: object[]): Promise<Record<string, unknown>[]> {
    const input = new PassThrough();
    const output = new PassThrough();
    let text = '';
    output.on('data', (chunk: Buffer) => (text += chunk.toString()));
    const served = serveCore(input, output, { name: 'test core', protocols: ['batch'] });
    for (const line of lines) input.write(`${JSON.stringify(line)}\n`);
    input.end();
    await served;
    return text
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as Record<string, unknown>);
  }

  it('answers hello, reset and events with valid messages, and refuses what comes out of turn with an error message', async () => {
    const config = { parseTimeoutMs: 3000, correctionTimeoutMs: 3000, inactivityTimeoutMs: 60000, confidenceFloor: 0.7 };
    const replies = await converse([
      { type: 'event', seq: 1, now: 0, event: { type: 'start' } },
      { type: 'hello', seq: 2, protocolVersion: 1, protocol: 'batch' },
      { type: 'reset', seq: 3, config, online: false },
      { type: 'event', seq: 4, now: 0, event: { type: 'start' } },
      { type: 'event', seq: 5, now: 0, event: { type: 'userText', text: '午饭三十五' } },
      { type: 'event', seq: 6, now: 0, event: { type: 'saveSucceeded', id: 42 } },
    ]);
    expectAllValid(replies, sutMessage);
    expect(replies.map((r) => r.type)).toEqual(['error', 'ready', 'state', 'step', 'step', 'step']);
    expect(replies[0]).toMatchObject({ seq: 1, message: 'event before reset' });
    expect(replies[1]).toMatchObject({ name: 'test core', protocols: ['batch'] });
    expect(replies[4]).toMatchObject({ state: { phase: 'CONFIRMING' } });
    expect(replies[5]).toMatchObject({ effects: [], refused: 'notAccepted' });
  });
});
