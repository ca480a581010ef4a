import { describe, expect, it } from 'vitest';
import { cliAsync, tempDir } from '../support/cli.js';
import { OUR_SUT, outcomes, readReport } from './sutSupport.js';

/** The bundled suite in-process and through `run --sut` on our own core: the same report but for timing. */
async function bothWays(args: string[]) {
  const inProcess = tempDir();
  const wire = tempDir();
  const [a, b] = await Promise.all([
    cliAsync(['run', '--no-progress', ...args, '--out', inProcess]),
    cliAsync(['run', '--no-progress', ...args, '--sut', OUR_SUT, '--out', wire]),
  ]);
  return { a, b, inProcess: readReport(inProcess), wire: readReport(wire) };
}

describe('run --sut "nlu-harness sut": the conformance proof', () => {
  it('scripted e2e, batch protocol: same outcomes, checks and metrics as in-process', async () => {
    const { a, b, inProcess, wire } = await bothWays([]);
    expect(b.stderr).toBe('');
    expect([a.status, b.status]).toEqual([0, 0]);
    expect(wire.summary.dialogues.total).toBeGreaterThanOrEqual(80);
    expect(outcomes(wire)).toEqual(outcomes(inProcess));
  });

  it('gold mode under both protocols (restore messages, the conversation arm)', async () => {
    const { a, b, inProcess, wire } = await bothWays(['--mode', 'gold', '--protocol', 'both']);
    expect(b.status).toBe(a.status);
    expect(wire.arms?.conversation.summary.dialogues.total).toBeGreaterThan(0);
    expect(outcomes(wire)).toEqual(outcomes(inProcess));
  });

  it('the heuristic backend, failures included', async () => {
    const { a, b, inProcess, wire } = await bothWays(['--llm', 'heuristic']);
    expect(b.status).toBe(a.status);
    expect(inProcess.summary.dialogues.failed).toBeGreaterThan(0);
    expect(outcomes(wire)).toEqual(outcomes(inProcess));
  });
});
