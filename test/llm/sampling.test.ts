import { afterEach, describe, expect, it } from 'vitest';
import { renderParseMessages } from '../../src/gateway/promptTemplates.js';
import { endpointFromMessages } from '../../src/gateway/endpointMarker.js';
import type { ChatBackend, ChatRequest, Sampling } from '../../src/llm/backend.js';
import { OpenAiBackend, seedForRun } from '../../src/llm/openaiBackend.js';
import { startServer, type RunningServer } from '../../src/llm/openaiCompatibleServer.js';
import { HeuristicModel } from '../../src/reference/heuristicModel.js';

const running: RunningServer[] = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((s) => s.close()));
});

/** The reference model behind the server, noting the sampling each request reached it with. */
function noting(seen: (Sampling | undefined)[]): ChatBackend {
  const inner = new HeuristicModel();
  return { name: inner.name, model: inner.model, clock: inner.clock, complete: (req: ChatRequest) => (seen.push(req.sampling), inner.complete(req)) };
}

describe('sampling settings from the run to the model', () => {
  it('--temperature and --sampling-seed reach the model server, each run of --repeat with its own seed', async () => {
    const seen: (Sampling | undefined)[] = [];
    const server = await startServer({ backend: noting(seen), endpointOf: endpointFromMessages, port: 0, log: () => {} });
    running.push(server);
    const client = new OpenAiBackend({ baseURL: server.url, apiKey: 'none', model: 'm', temperature: 0.7, seed: 5 });
    const messages = renderParseMessages('午饭35');
    await client.complete({ endpoint: 'parse', messages });
    await client.complete({ endpoint: 'parse', messages, sample: 2 });
    expect(seen).toEqual([
      { temperature: 0.7, seed: seedForRun(5, 0) },
      { temperature: 0.7, seed: seedForRun(5, 2) },
    ]);
    // Neighbouring seeds never share a run's seed.
    expect(seedForRun(5, 2)).not.toBe(seedForRun(6, 0));
  });

  it('the server refuses sampling values of the wrong kind (400) and passes max_tokens on', async () => {
    const seen: (Sampling | undefined)[] = [];
    const server = await startServer({ backend: noting(seen), endpointOf: endpointFromMessages, port: 0, log: () => {} });
    running.push(server);
    const post = (body: object) =>
      fetch(`${server.url}/chat/completions`, { method: 'POST', body: JSON.stringify({ model: 'm', messages: renderParseMessages('午饭35'), ...body }) });
    expect((await post({ temperature: 3 })).status).toBe(400);
    expect((await post({ seed: 1.5 })).status).toBe(400);
    expect((await post({ max_tokens: 0 })).status).toBe(400);
    expect((await post({ max_completion_tokens: 64, temperature: 0 })).status).toBe(200);
    expect(seen).toEqual([{ temperature: 0, maxTokens: 64 }]);
  });
});
