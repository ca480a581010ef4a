import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { parseTransactions } from '../../src/gateway/endpoints.js';
import { renderParseMessages } from '../../src/gateway/promptTemplates.js';
import { LlmCallError } from '../../src/llm/backend.js';
import { Cassette } from '../../src/llm/cassette.js';
import { OpenAiBackend, readApiKey } from '../../src/llm/openaiBackend.js';
import { endpointFromMessages } from '../../src/gateway/endpointMarker.js';
import { startServer, type RunningServer, type ServerOptions } from '../../src/llm/openaiCompatibleServer.js';
import { RecordingBackend } from '../../src/llm/replayBackend.js';
import { HeuristicModel } from '../../src/reference/heuristicModel.js';

const API_KEY = 'sk-test-5f1c9a0e7d2b4c68a3e1';
const running: RunningServer[] = [];
const dirs: string[] = [];

afterEach(async () => {
  await Promise.all(running.splice(0).map((s) => s.close()));
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

async function serve(options: Partial<ServerOptions> = {}): Promise<RunningServer> {
  const server = await startServer({ backend: new HeuristicModel(), endpointOf: endpointFromMessages, host: '127.0.0.1', port: 0, log: () => {}, ...options });
  running.push(server);
  return server;
}

function client(url: string, extra: Partial<ConstructorParameters<typeof OpenAiBackend>[0]> = {}): OpenAiBackend {
  return new OpenAiBackend({ baseURL: url, apiKey: API_KEY, model: 'heuristic-local', backoffMs: 10, ...extra });
}

describe('OpenAiBackend against the local OpenAI-compatible server', () => {
  it('parses through real HTTP: normal call with usage and latency', async () => {
    const server = await serve();
    expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/v1$/);
    const outcome = await parseTransactions(client(server.url), '吃饭花了60，打车30', { deadlineMs: 5000 });
    expect(outcome.ok).toBe(true);
    if (!outcome.ok) return;
    expect(outcome.value.transactions.map((t) => [t.amount, t.type])).toEqual([
      [60, 'EXPENSE'],
      [30, 'EXPENSE'],
    ]);
    expect(outcome.model).toBe(new HeuristicModel().model);
    expect(outcome.usage?.promptTokens).toBeGreaterThan(100);
    expect(outcome.latencyMs).toBeGreaterThanOrEqual(0);
  });

  it('retries a 500 and then succeeds', async () => {
    const server = await serve({ errorEvery: 2 });
    const backend = client(server.url);
    const messages = renderParseMessages('午饭35块');
    await backend.complete({ endpoint: 'parse', messages }); // request 1: fine
    const result = await backend.complete({ endpoint: 'parse', messages }); // request 2 fails, 3 answers
    expect(JSON.parse(result.text)).toMatchObject({ transactions: [{ amount: 35 }] });
  });

  it('gives up after the bounded retries on a persistent 429', async () => {
    const server = await serve({ errorEvery: 1, failStatus: 429 });
    const error = await client(server.url, { maxRetries: 2 })
      .complete({ endpoint: 'parse', messages: renderParseMessages('午饭35') })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(LlmCallError);
    expect((error as LlmCallError).status).toBe(429);
    expect((error as Error).message).toMatch(/after 3 attempts/);
  });

  it('a reply slower than the deadline becomes a timeout outcome', async () => {
    const server = await serve({ extraLatencyMs: 1000 });
    const started = Date.now();
    const outcome = await parseTransactions(client(server.url), '午饭35', { deadlineMs: 100 });
    expect(outcome).toMatchObject({ ok: false, failure: 'timeout', detail: 'no answer within 100 ms' });
    expect(outcome.latencyMs).toBeGreaterThanOrEqual(95);
    expect(Date.now() - started).toBeLessThan(900);
  });

  it('never puts the API key in an error message, even when the server echoes it', async () => {
    const echo: Server = createServer((req, res) => {
      res.writeHead(401, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: { message: `bad key: ${req.headers.authorization ?? ''}`, type: 'auth' } }));
    });
    await new Promise<void>((resolve) => echo.listen(0, '127.0.0.1', resolve));
    try {
      const url = `http://127.0.0.1:${(echo.address() as AddressInfo).port}/v1`;
      const error = await client(url)
        .complete({ endpoint: 'parse', messages: renderParseMessages('午饭35') })
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(LlmCallError);
      const text = `${(error as Error).message} ${(error as Error).stack ?? ''} ${JSON.stringify(error)}`;
      expect(text).toContain('[redacted]');
      expect(text).not.toContain(API_KEY);
      expect((error as Error).cause).toBeUndefined();
    } finally {
      echo.closeAllConnections();
      await new Promise((resolve) => echo.close(resolve));
    }
  });

  it('never writes the API key into a recorded cassette', async () => {
    const server = await serve();
    const dir = mkdtempSync(join(tmpdir(), 'cassette-key-'));
    dirs.push(dir);
    const path = join(dir, 'openai.json');
    const recorder = new RecordingBackend(client(server.url), Cassette.load(path));
    const outcome = await parseTransactions(recorder, '午饭35', { deadlineMs: 5000 });
    expect(outcome.ok).toBe(true);
    const file = readFileSync(path, 'utf8');
    expect(file).toContain('午饭35');
    expect(file).not.toContain(API_KEY);
  });

  it('reads the key from a named environment variable and names only the variable when missing', () => {
    expect(readApiKey('MY_KEY', { MY_KEY: API_KEY })).toBe(API_KEY);
    expect(() => readApiKey('MY_KEY', {})).toThrow('environment variable MY_KEY is not set');
  });
});
