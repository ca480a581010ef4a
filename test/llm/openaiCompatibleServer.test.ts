import { afterEach, describe, expect, it } from 'vitest';
import { renderCorrectionMessages } from '../../src/gateway/promptTemplates.js';
import type { ChatBackend, ChatRequest } from '../../src/llm/backend.js';
import { endpointFromMessages } from '../../src/gateway/endpointMarker.js';
import { startServer, type RunningServer } from '../../src/llm/openaiCompatibleServer.js';

const running: RunningServer[] = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((s) => s.close()));
});

/** Records which endpoint each request was routed to. */
function spyBackend(): ChatBackend & { seen: ChatRequest['endpoint'][] } {
  const backend = {
    name: 'spy',
    model: 'spy-model',
    clock: 'virtual' as const,
    seen: [] as ChatRequest['endpoint'][],
    async complete(req: ChatRequest) {
      backend.seen.push(req.endpoint);
      return { text: '{"corrections":[],"intent":"confirm","confidence":0.9}', latencyMs: 1, model: 'spy-model' };
    },
  };
  return backend;
}

async function post(url: string, body: unknown): Promise<{ status: number; json: any }> {
  const response = await fetch(`${url}/chat/completions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: response.status, json: await response.json() };
}

describe('OpenAI-compatible server', () => {
  it('tells the endpoint from the TASK marker and answers in the OpenAI shape with usage', async () => {
    const backend = spyBackend();
    const server = await startServer({ backend, endpointOf: endpointFromMessages, port: 0 });
    running.push(server);
    const messages = renderCorrectionMessages({
      currentBatch: [{ index: 0, amount: 60, type: 'EXPENSE', category: '餐饮', description: '吃饭', date: null }],
      correctionText: '嗯对就这样',
    });
    const { status, json } = await post(server.url, { model: 'anything', messages });
    expect(status).toBe(200);
    expect(backend.seen).toEqual(['correct']);
    expect(json).toMatchObject({
      object: 'chat.completion',
      model: 'spy-model',
      choices: [{ index: 0, message: { role: 'assistant', content: expect.stringContaining('confirm') }, finish_reason: 'stop' }],
    });
    expect(json.usage.total_tokens).toBe(json.usage.prompt_tokens + json.usage.completion_tokens);
  });

  it('lists the backend model', async () => {
    const server = await startServer({ backend: spyBackend(), endpointOf: endpointFromMessages, port: 0 });
    running.push(server);
    const json = await (await fetch(`${server.url}/models`)).json();
    expect(json).toMatchObject({ object: 'list', data: [{ id: 'spy-model', object: 'model' }] });
  });

  it('answers 400 for a system prompt without a known marker, 404 for other routes', async () => {
    const server = await startServer({ backend: spyBackend(), endpointOf: endpointFromMessages, port: 0 });
    running.push(server);
    const bad = await post(server.url, {
      messages: [
        { role: 'system', content: 'You are helpful.' },
        { role: 'user', content: 'hi' },
      ],
    });
    expect(bad.status).toBe(400);
    expect(bad.json.error.message).toMatch(/TASK: marker/);
    expect((await fetch(`${server.url}/embeddings`, { method: 'POST', body: '{}' })).status).toBe(404);
  });

  it('fails every Nth request with the chosen status as JSON', async () => {
    const server = await startServer({ backend: spyBackend(), endpointOf: endpointFromMessages, port: 0, errorEvery: 2, failStatus: 429 });
    running.push(server);
    const messages = [
      { role: 'system', content: 'TASK: transaction-parse' },
      { role: 'user', content: '午饭35' },
    ];
    expect((await post(server.url, { messages })).status).toBe(200);
    const second = await post(server.url, { messages });
    expect(second.status).toBe(429);
    expect(second.json.error.type).toBe('rate_limit_exceeded');
  });
});
