import { request } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { endpointFromMessages } from '../../src/gateway/endpointMarker.js';
import { renderCorrectionMessages, renderParseMessages } from '../../src/gateway/promptTemplates.js';
import { correctionAnswerFormat } from '../../src/gateway/answerFormat.js';
import { PromptTooLongError, type ChatBackend, type ChatRequest, type ChatResult } from '../../src/llm/backend.js';
import { startServer, type RunningServer } from '../../src/llm/openaiCompatibleServer.js';
import { UnsupportedSchemaError } from '../../src/llm/grammarSchema.js';

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
      {
        host: target.hostname,
        port: target.port,
        path: target.pathname,
        method: 'POST',
        headers: { 'content-type': 'text/plain', 'content-length': Buffer.byteLength(text), ...headers },
      },
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
  it("refuses a request from another site's web page (its Origin) with 403, before the model runs", async () => {
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
    const messages = [
      { role: 'system', content: `TASK: transaction-parse\n${'x'.repeat(600_000 / 2)}` },
      { role: 'user', content: '午饭35' },
    ];
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
    const messages = renderCorrectionMessages({
      currentBatch: [{ index: 0, amount: 60, type: 'EXPENSE', category: '餐饮', description: '吃饭', date: null }],
      correctionText: '对',
    });
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

describe('serve-model / serve-llm: what would be answered as if absent is refused (issue 41)', () => {
  it.each([
    ['n', { n: 5 }],
    ['tool_choice', { tools: [{ type: 'function', function: { name: 'save', parameters: { type: 'object' } } }], tool_choice: 'required' }],
    ['logprobs', { logprobs: true }],
    ['top_logprobs', { top_logprobs: 3 }],
  ])('%s: a 400 naming the parameter, before the backend is asked', async (param, extra) => {
    const backend = backendAnswering(confirm);
    const server = await serve(backend);
    const { status, json } = await rawPost(server.url, { ...PARSE, ...extra });
    expect(status).toBe(400);
    expect(json.error.param).toBe(param);
    expect(json.error.message).toContain(`${param}`);
    expect(json.error.message).toMatch(/not supported by this server/);
    expect(backend.seen).toHaveLength(0);
  });

  it('takes the values that ask for what it does: n: 1, logprobs: false, tools with tool_choice auto', async () => {
    const backend = backendAnswering(confirm);
    const server = await serve(backend);
    const tools = [{ type: 'function', function: { name: 'save', parameters: { type: 'object' } } }];
    for (const extra of [{ n: 1 }, { logprobs: false }, { tools, tool_choice: 'auto' }, { tools }]) {
      expect((await rawPost(server.url, { ...PARSE, ...extra })).status).toBe(200);
    }
    expect(backend.seen).toHaveLength(4);
  });
});

describe('serve-model / serve-llm: a schema whose grammar would cost too much is refused before it is built (issue 41)', () => {
  /** "three nested objects of five optional properties each": 32 branches an object, multiplied at each level. */
  const nested = (depth: number): object => ({
    type: 'object',
    properties: Object.fromEntries(['a', 'b', 'c', 'd', 'e'].map((key) => [key, depth > 1 ? nested(depth - 1) : { type: 'string' }])),
  });
  const withSchema = (schema: object) => ({ ...PARSE, response_format: { type: 'json_schema', json_schema: { name: 'x', schema } } });

  it("the issue's schema: 400 naming the limit, answered at once, the backend never asked", async () => {
    const backend = backendAnswering(confirm);
    const server = await serve(backend);
    const started = performance.now();
    const { status, json } = await rawPost(server.url, withSchema(nested(3)));
    expect(performance.now() - started).toBeLessThan(1000);
    expect(status).toBe(400);
    expect(json.error.param).toBe('response_format');
    expect(json.error.message).toMatch(/its grammar would take more than 2048 schema nodes, this server's limit/);
    expect(backend.seen).toHaveLength(0);
  });

  it('a schema llama.cpp cannot make a grammar of (minItems: 1000000): 400 naming minItems, not a 500', async () => {
    const backend = backendAnswering(confirm);
    const server = await serve(backend);
    const { status, json } = await rawPost(server.url, withSchema({ type: 'array', items: { type: 'string' }, minItems: 1_000_000 }));
    expect(status).toBe(400);
    expect(json.error.message).toMatch(/schema\.minItems is 1000000; this server's grammar takes at most 500/);
    expect(backend.seen).toHaveLength(0);
  });

  it("a schema the backend still finds it cannot build is the client's error (400), not the server's", async () => {
    const server = await serve(
      backendAnswering(() => {
        throw new UnsupportedSchemaError('llama.cpp could not turn this schema into a grammar (Failed to parse grammar)');
      }),
    );
    const { status, json } = await rawPost(server.url, withSchema({ type: 'string' }));
    expect(status).toBe(400);
    expect(json.error.message).toBe('response_format.json_schema: llama.cpp could not turn this schema into a grammar (Failed to parse grammar)');
  });
});
