import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { cliAsync, tempDir } from '../support/cli.js';
import { ServedLlms } from '../support/servedLlm.js';

// A model slower than the app's 3 s deadline (serve-llm --latency-ms 3500), judged on its answers
// with --model-latency virtual, and on its latency (every call a deadline fallback) without.
const servers = new ServedLlms();
const SLOW_MS = 3500;

const DIALOGUES = ['--filter', 'model-correct-ordinal-001', '--filter', 'model-correct-ordinal-002'];

async function run(baseUrl: string, out: string, extra: string[]) {
  const args = [
    'run',
    '--llm',
    'openai',
    '--base-url',
    baseUrl,
    '--model',
    'slow',
    '--dataset',
    'datasets/model/correct-ordinal.yaml',
    ...DIALOGUES,
    '--concurrency',
    '2',
    '--no-progress',
    '--out',
    out,
    ...extra,
  ];
  const result = await cliAsync(args, { env: { OPENAI_API_KEY: '' } });
  return { ...result, report: JSON.parse(readFileSync(join(out, 'report.json'), 'utf8')) };
}

const calls = (report: { dialogues: { turns: { llmCalls: { outcome: string; latencyMs: number | null }[] }[] }[] }) =>
  report.dialogues.flatMap((d) => d.turns.flatMap((t) => t.llmCalls));

describe('--model-latency: content judged apart from latency (issue 20)', () => {
  const dir = tempDir('model-latency-');
  afterAll(() => servers.stopAll());

  it('virtual: a model slower than 3 s is judged on its answers, and the headline says its real latency was not judged', async () => {
    const url = await servers.start(['--latency-ms', String(SLOW_MS)]);
    const virtual = await run(url, join(dir, 'virtual'), ['--model-latency', 'virtual']);
    expect(virtual.stderr).toBe('');
    expect(calls(virtual.report).length).toBeGreaterThan(0);
    expect(calls(virtual.report).every((call) => call.outcome === 'ok' && call.latencyMs === 300)).toBe(true);
    expect(virtual.report.metrics.latency.details.llmOverDeadline).toBe(0);
    expect(virtual.report.run.llm.virtualLatencyMs).toBe(300);
    // The real latency is still measured and shown, not judged.
    expect(virtual.report.run.timing.modelWallMs.parse.p50).toBeGreaterThanOrEqual(SLOW_MS);
    expect(virtual.stdout).toMatch(
      /answers placed 300 ms after each call on the virtual clock: the model's real latency was not judged \(real: correct p50 \d+ ms/,
    );
    expect(virtual.status).toBe(0);

    // The same model on its own clock: every call passes the seed's 3 s deadline and falls back.
    const real = await run(url, join(dir, 'real'), []);
    expect(calls(real.report).every((call) => call.outcome === 'late' || call.outcome === 'timeout')).toBe(true);
    const { llmCalls, timeouts, lateAnswers } = real.report.metrics.latency.counts;
    expect(timeouts + lateAnswers).toBe(llmCalls);
    expect(real.report.run.llm.virtualLatencyMs).toBeUndefined();
    expect(real.status).toBe(1);
  }, 120_000);
});
