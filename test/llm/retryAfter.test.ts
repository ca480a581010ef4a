import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { OpenAiBackend } from '../../src/llm/openaiBackend.js';
import { MAX_RETRY_AFTER_MS, retryAfterMs } from '../../src/llm/retryAfter.js';

const headers = (entries: Record<string, string>) => new Headers(entries);

describe('retryAfterMs: how long a rate-limited answer asks the client to wait', () => {
  it('reads retry-after-ms, retry-after in seconds, and retry-after as an HTTP date', () => {
    expect(retryAfterMs(headers({ 'retry-after-ms': '250' }))).toBe(250);
    expect(retryAfterMs(headers({ 'retry-after': '2' }))).toBe(2000);
    expect(retryAfterMs(headers({ 'retry-after': '0.5' }))).toBe(500);
    const now = Date.parse('2026-01-01T00:00:00Z');
    expect(retryAfterMs(headers({ 'retry-after': 'Thu, 01 Jan 2026 00:00:03 GMT' }), now)).toBe(3000);
  });

  it('says nothing for a missing, unreadable or excessive value (the caller backs off on its own)', () => {
    expect(retryAfterMs(undefined)).toBeNull();
    expect(retryAfterMs(headers({}))).toBeNull();
    expect(retryAfterMs(headers({ 'retry-after': 'soon' }))).toBeNull();
    expect(retryAfterMs(headers({ 'retry-after': String(MAX_RETRY_AFTER_MS / 1000 + 1) }))).toBeNull();
  });
});

const servers: Server[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => new Promise((done) => s.close(done))));
});

/** Answers 429 with the given headers to the first request, then a normal completion; records arrival times. */
async function rateLimitedOnce(limitHeaders: Record<string, string>): Promise<{ url: string; arrivals: number[] }> {
  const arrivals: number[] = [];
  const server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      arrivals.push(performance.now());
      if (arrivals.length === 1) {
        res.writeHead(429, { 'content-type': 'application/json', ...limitHeaders });
        res.end(JSON.stringify({ error: { message: 'slow down', type: 'rate_limit_exceeded' } }));
        return;
      }
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({
          id: 'x',
          object: 'chat.completion',
          created: 0,
          model: 'm',
          choices: [{ index: 0, message: { role: 'assistant', content: 'ok' }, finish_reason: 'stop' }],
        }),
      );
    });
  });
  servers.push(server);
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`, arrivals };
}

describe('OpenAiBackend honours a 429 retry-after over real HTTP on 127.0.0.1', () => {
  it('waits what retry-after asks (not its own 10 ms back-off) before the retry', async () => {
    const { url, arrivals } = await rateLimitedOnce({ 'retry-after': '1' });
    const backend = new OpenAiBackend({ baseURL: url, apiKey: 'sk-test-0000', model: 'm', backoffMs: 10 });
    const result = await backend.complete({ endpoint: 'parse', messages: [{ role: 'user', content: 'hi' }] });
    expect(result.text).toBe('ok');
    expect(arrivals).toHaveLength(2);
    expect(arrivals[1]! - arrivals[0]!).toBeGreaterThanOrEqual(950);
  });

  it('without a retry-after header falls back to its own back-off', async () => {
    const { url, arrivals } = await rateLimitedOnce({});
    const backend = new OpenAiBackend({ baseURL: url, apiKey: 'sk-test-0000', model: 'm', backoffMs: 10 });
    await backend.complete({ endpoint: 'parse', messages: [{ role: 'user', content: 'hi' }] });
    expect(arrivals[1]! - arrivals[0]!).toBeLessThan(900);
  });
});
