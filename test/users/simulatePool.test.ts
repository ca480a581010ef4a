import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpointFromMessages } from '../../src/gateway/endpointMarker.js';
import type { ChatBackend, ChatRequest, ChatResult } from '../../src/llm/backend.js';
import { startServer, type RunningServer } from '../../src/llm/openaiCompatibleServer.js';
import { HeuristicModel } from '../../src/reference/heuristicModel.js';
import { cliAsync, tempDir } from '../support/cli.js';

/** Answers like the heuristic after a real wait, counting the requests it holds at once (so the test sees users overlap). */
class CountingBackend implements ChatBackend {
  readonly name = 'heuristic';
  readonly model = 'heuristic-rules-v1';
  readonly clock = 'virtual' as const;
  inFlight = 0;
  maxInFlight = 0;
  private readonly inner = new HeuristicModel();
  async complete(req: ChatRequest): Promise<ChatResult> {
    this.inFlight++;
    this.maxInFlight = Math.max(this.maxInFlight, this.inFlight);
    try {
      await new Promise((resolve) => setTimeout(resolve, 15));
      return await this.inner.complete(req);
    } finally {
      this.inFlight--;
    }
  }
}

/** report.json without the run's timing fields. */
function withoutTiming(dir: string): unknown {
  const { run, ...rest } = JSON.parse(readFileSync(join(dir, 'report.json'), 'utf8')) as { run: Record<string, unknown> };
  const { startedAt: _s, finishedAt: _f, timing: _t, ...stable } = run;
  return { ...rest, run: stable };
}

describe('simulate --llm openai --concurrency: users in flight through the pool, the same report as one at a time', () => {
  let server: RunningServer;
  let backend: CountingBackend;
  beforeAll(async () => {
    backend = new CountingBackend();
    server = await startServer({ backend, endpointOf: endpointFromMessages, host: '127.0.0.1', port: 0, log: () => {} });
  });
  afterAll(() => server.close());

  it('--concurrency 8 writes the same report.json, report.md and junit.xml as --concurrency 1 with the same seed', async () => {
    const run = async (concurrency: number) => {
      const out = tempDir();
      const result = await cliAsync(
        [
          'simulate',
          '--llm',
          'openai',
          '--base-url',
          server.url,
          '--model',
          'heuristic-rules-v1',
          '--users',
          '24',
          '--seed',
          '4',
          '--repeat',
          '2',
          '--perturb',
          'drop=0.05',
          '--concurrency',
          String(concurrency),
          '--out',
          out,
          '--no-history',
        ],
        { env: { OPENAI_API_KEY: 'sk-loopback-0000' } },
      );
      expect(result.stderr).toBe('');
      expect(result.status).toBe(0);
      return out;
    };
    const sequential = await run(1);
    expect(backend.maxInFlight).toBe(1);
    const pooled = await run(8);
    expect(backend.maxInFlight).toBeGreaterThan(1);
    expect(backend.maxInFlight).toBeLessThanOrEqual(8);
    expect(withoutTiming(pooled)).toEqual(withoutTiming(sequential));
    const read = (dir: string, file: string) => readFileSync(join(dir, file), 'utf8').replace(/timestamp="[^"]*"/, '');
    expect(read(pooled, 'report.md')).toBe(read(sequential, 'report.md'));
    expect(read(pooled, 'junit.xml')).toBe(read(sequential, 'junit.xml'));
    const report = withoutTiming(pooled) as { runs: { userId: number; repeat: number }[]; run: { llm: { backend: string } } };
    expect(report.run.llm.backend).toBe('perturb(openai)');
    expect(report.runs.map((r) => `${r.userId}#${r.repeat}`).slice(0, 4)).toEqual(['1#1', '1#2', '2#1', '2#2']);
  });

  it('--concurrency 0 is exit 2 with the reason', async () => {
    const result = await cliAsync(['simulate', '--concurrency', '0', '--out', join(tempDir(), 'out'), '--no-history']);
    expect(result.status).toBe(2);
    expect(result.stderr).toContain('--concurrency takes a whole number from 1 to 256, got 0');
  });
});
