import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpointFromMessages } from '../../src/gateway/endpointMarker.js';
import { startServer, type RunningServer } from '../../src/llm/openaiCompatibleServer.js';
import { HeuristicModel } from '../../src/reference/heuristicModel.js';
import { withoutTiming } from '../support/withoutTiming.js';
import { ROOT, cliAsync, tempDir } from '../support/cli.js';

describe('the pool: --concurrency dialogues in flight, results collected in dataset order', () => {
  let server: RunningServer;
  beforeAll(async () => {
    // Every answer held back a little, so dialogues in flight finish out of order.
    server = await startServer({
      backend: new HeuristicModel(),
      endpointOf: endpointFromMessages,
      host: '127.0.0.1',
      port: 0,
      extraLatencyMs: 20,
      log: () => {},
    });
  });
  afterAll(() => server.close());

  it('a run at --concurrency 8 writes the same report as one at --concurrency 1, apart from measured times', async () => {
    const run = async (concurrency: number) => {
      const out = tempDir();
      const result = await cliAsync(
        [
          'run',
          '--llm',
          'openai',
          '--base-url',
          server.url,
          '--model',
          'heuristic',
          '--dataset',
          join(ROOT, 'datasets/seed-000-batch.yaml'),
          '--concurrency',
          String(concurrency),
          '--out',
          out,
          '--no-progress',
        ],
        { env: { OPENAI_API_KEY: 'sk-loopback-0000' } },
      );
      expect(result.stderr).toBe('');
      return JSON.parse(readFileSync(join(out, 'report.json'), 'utf8')) as { dialogues: { id: string }[] };
    };
    const sequential = await run(1);
    const pooled = await run(8);
    expect(pooled.dialogues.map((d) => d.id)).toEqual(sequential.dialogues.map((d) => d.id));
    expect(withoutTiming(pooled)).toEqual(withoutTiming(sequential));
  });
});
