import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { LlmCallError } from '../../src/llm/backend.js';
import { MAX_ANSWER_BYTES } from '../../src/llm/boundedFetch.js';
import { OpenAiBackend } from '../../src/llm/openaiBackend.js';
import { completion } from './loopbackModel.js';

// Issue 23: the openai SDK read a whole HTTP answer before our 64 KiB check (a 200 MB answer took
// the harness to 770 MB; an endless chunked one to 640 MB). Now reading stops at 4 MiB or the
// request timeout, and the call fails as an error, naming why.
const servers: Array<{ close(): void; closeAllConnections(): void }> = [];
afterEach(() => {
  for (const server of servers.splice(0)) {
    server.closeAllConnections();
    server.close();
  }
});

/** A server whose every answer is written by `answer`; `sent()` counts the bytes it got out. */
async function hostileServer(answer: (res: ServerResponse) => void): Promise<{ url: string; sent(): number }> {
  let sent = 0;
  const server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      res.socket?.on('close', () => (sent += res.socket?.bytesWritten ?? 0));
      answer(res);
    });
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`, sent: () => sent };
}

function call(url: string, requestTimeoutMs = 10_000) {
  const backend = new OpenAiBackend({ baseURL: url, apiKey: 'k', model: 'm', maxRetries: 0, requestTimeoutMs });
  return backend.complete({ endpoint: 'parse', messages: [{ role: 'user', content: 'hi' }] } as never);
}

const MB = 1024 * 1024;
const chunk = Buffer.alloc(64 * 1024, 'a');

/** Writes `chunk` until `bytes` are out (or forever), respecting backpressure. */
function pour(res: ServerResponse, bytes = Infinity): void {
  let written = 0;
  const more = () => {
    while (written < bytes && !res.destroyed) {
      written += chunk.length;
      if (!res.write(chunk)) return void res.once('drain', more);
    }
    if (!res.destroyed) res.end();
  };
  more();
}

describe('HTTP answers are read only so far', () => {
  it('an endless chunked answer stops at the cap: a failed call, little read', async () => {
    const server = await hostileServer((res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.write('{"choices":[{"message":{"content":"');
      pour(res);
    });
    const error = await call(server.url).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(LlmCallError);
    expect((error as Error).message).toMatch(`more than ${MAX_ANSWER_BYTES} bytes`);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(server.sent()).toBeLessThan(16 * MB);
  });

  it('a declared 200 MB answer is refused from its header', async () => {
    const server = await hostileServer((res) => {
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': String(200 * MB) });
      pour(res, 200 * MB);
    });
    const error = await call(server.url).catch((e: unknown) => e);
    expect((error as Error).message).toMatch(`is ${200 * MB} bytes, more than the ${MAX_ANSWER_BYTES} read`);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(server.sent()).toBeLessThan(16 * MB);
  });

  it('a body that drips past the request timeout fails at the timeout', async () => {
    const server = await hostileServer((res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      const drip = setInterval(() => (res.destroyed ? clearInterval(drip) : res.write(' ')), 50);
    });
    const started = Date.now();
    const error = await call(server.url, 1000).catch((e: unknown) => e);
    expect((error as Error).message).toMatch(/not read to its end within 1000 ms/);
    expect(Date.now() - started).toBeLessThan(5000);
  });

  it('a normal answer passes through unchanged', async () => {
    const server = await hostileServer((res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify(completion('{"transactions":[]}')));
    });
    expect((await call(server.url)).text).toBe('{"transactions":[]}');
  });
});
