import { request } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { endpointFromMessages } from '../../src/gateway/endpointMarker.js';
import { renderCorrectionMessages, renderParseMessages } from '../../src/gateway/promptTemplates.js';
import { correctionAnswerFormat } from '../../src/gateway/answerFormat.js';
import { PromptTooLongError, type ChatBackend, type ChatRequest, type ChatResult } from '../../src/llm/backend.js';
import { startServer, type RunningServer } from '../../src/llm/openaiCompatibleServer.js';

const running: RunningServer[] = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((s) => s.close()));
});

/** Answers with what it is told to, and keeps every request it was handed. */
function backendAnswering(answer: (req: ChatRequest) => ChatResult): ChatBackend & { seen: ChatRequest[] } {
  const seen: ChatRequest[] = [];
  return {
    name: 'spy',
    model: 'spy-model',
    clock: 'virtual',
    seen,
    async complete(req) {
      seen.push(req);
      return answer(req);
    },
  };
}
const confirm = (): ChatResult => ({ text: '{"corrections":[],"intent":"confirm","confidence":0.9}', latencyMs: 1, model: 'spy-model' });

async function serve(backend: ChatBackend): Promise<RunningServer> {
  const server = await startServer({ backend, endpointOf: endpointFromMessages, port: 0 });
  running.push(server);
  return server;
}

/** A raw POST, so headers a fetch would not let us set (Host) can be sent. */
function rawPost(url: string, body: unknown, headers: Record<string, string> = {}): Promise<{ status: number; json: any }> {
  const target = new URL(`${url}/chat/completions`);
  const text = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = request(
      { host: target.hostname, port: target.port, path: target.pathname, method: 'POST', headers: { 'content-type': 'text/plain', 'content-length': Buffer.byteLength(text), ...headers } },
      (res) => {
        let data = '';
        res.on('data', (chunk: Buffer) => (data += chunk.toString()));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, json: JSON.parse(data) }));
      },
    );
    req.on('error', reject);
    req.end(text);
  });
}

const PARSE = { model: 'm', messages: renderParseMessages('午饭35块') };

describe('serve-model / serve-llm: only programs on this machine drive it', () => {
  it('refuses a request from another site\'s web page (its Origin) with 403, before the model runs', async () => {
    const backend = backendAnswering(confirm);
    const server = await serve(backend);
    const { status, json } = await rawPost(server.url, PARSE, { origin: 'https://evil.example' });
    expect(status).toBe(403);
    expect(json.error.message).toContain('evil.example');
    expect(backend.seen).toHaveLength(0);
  });

  it('refuses a Host that is not its own address (DNS rebinding) with 403', async () => {
    const backend = backendAnswering(confirm);
    const server = await serve(backend);
    const { status } = await rawPost(server.url, PARSE, { host: 'attacker.example:80' });
    expect(status).toBe(403);
    expect(backend.seen).toHaveLength(0);
  });

  it('serves its own address by IP and as localhost, with or without a same-address Origin', async () => {
    const backend = backendAnswering(confirm);
    const server = await serve(backend);
    const port = new URL(server.url).port;
    expect((await rawPost(server.url, PARSE)).status).toBe(200);
    expect((await rawPost(server.url, PARSE, { host: `localhost:${port}`, origin: `http://localhost:${port}` })).status).toBe(200);
    expect(backend.seen).toHaveLength(2);
  });
});

describe('serve-model / serve-llm: nothing silently cut or ignored', () => {
  it('answers stream: true with 400 instead of a non-streamed body', async () => {
    const server = await serve(backendAnswering(confirm));
    const { status, json } = await rawPost(server.url, { ...PARSE, stream: true });
    expect(status).toBe(400);
    expect(json.error.message).toMatch(/stream/);
  });

  it('caps a system message like any other (413), so one huge prompt cannot hold the queue', async () => {
    const backend = backendAnswering(confirm);
    const server = await serve(backend);
    const messages = [{ role: 'system', content: `TASK: transaction-parse\n${'x'.repeat(600_000 / 2)}` }, { role: 'user', content: '午饭35' }];
    const { status } = await rawPost(server.url, { model: 'm', messages });
    expect(status).toBe(413);
    expect(backend.seen).toHaveLength(0);
  });

  it('refuses a prompt the backend says does not fit the context with 400 context_length_exceeded', async () => {
    const server = await serve(
      backendAnswering(() => {
        throw new PromptTooLongError(5000, 512, 4096);
      }),
    );
    const { status, json } = await rawPost(server.url, PARSE);
    expect(status).toBe(400);
    expect(json.error.code).toBe('context_length_exceeded');
    expect(json.error.message).toContain('4096');
  });

  it('passes finish_reason "length" on when the backend cut the answer at max_tokens', async () => {
    const server = await serve(backendAnswering(() => ({ text: '{"transactions":[{"amount":', latencyMs: 1, model: 'spy-model', finishReason: 'length' })));
    const { status, json } = await rawPost(server.url, { ...PARSE, max_tokens: 8 });
    expect(status).toBe(200);
    expect(json.choices[0].finish_reason).toBe('length');
  });
});

describe('serve-model / serve-llm: response_format', () => {
  it('hands json_object and json_schema to the backend, and text as no format', async () => {
    const backend = backendAnswering(confirm);
    const server = await serve(backend);
    const messages = renderCorrectionMessages({ currentBatch: [{ index: 0, amount: 60, type: 'EXPENSE', category: '餐饮', description: '吃饭', date: null }], correctionText: '对' });
    const schema = correctionAnswerFormat(1);
    for (const format of [{ type: 'text' }, { type: 'json_object' }, { type: 'json_schema', json_schema: { name: 'c', schema } }]) {
      expect((await rawPost(server.url, { model: 'm', messages, response_format: format })).status).toBe(200);
    }
    expect(backend.seen.map((r) => r.responseFormat)).toEqual([undefined, { type: 'json_object' }, { type: 'json_schema', name: 'c', schema }]);
  });

  it('answers an unknown type, a missing schema or a keyword its grammar cannot enforce with 400, as OpenAI does', async () => {
    const backend = backendAnswering(confirm);
    const server = await serve(backend);
    const bodies = [
      { type: 'yaml' },
      { type: 'json_schema', json_schema: { name: 'x' } },
      { type: 'json_schema', json_schema: { name: 'x', schema: { type: 'string', pattern: '^a+$' } } },
    ];
    for (const response_format of bodies) {
      const { status, json } = await rawPost(server.url, { ...PARSE, response_format });
      expect(status).toBe(400);
      expect(json.error.type).toBe('invalid_request_error');
    }
    expect(backend.seen).toHaveLength(0);
  });
});
