import { describe, expect, it } from 'vitest';
import { LlmCallError, LlmTimeoutError, type ChatBackend, type ChatRequest } from '../../src/llm/backend.js';
import { createLimiter } from '../../src/llm/concurrencyLimit.js';
import { FaultInjectingBackend, malformedText } from '../../src/llm/faultBackend.js';

const req: ChatRequest = { endpoint: 'parse', messages: [{ role: 'user', content: 'x' }] };
const answer = '{"transactions":[{"amount":35,"type":"EXPENSE"}]}';

const steady: ChatBackend = {
  name: 'steady',
  model: 'm',
  clock: 'virtual',
  complete: async () => ({ text: answer, latencyMs: 100, model: 'm' }),
};

async function outcomes(backend: ChatBackend, calls: number): Promise<string[]> {
  const seen: string[] = [];
  for (let i = 0; i < calls; i++) {
    try {
      const result = await backend.complete(req);
      seen.push(result.text === answer ? 'ok' : 'malformed');
    } catch (error) {
      seen.push(error instanceof LlmTimeoutError ? 'timeout' : error instanceof LlmCallError ? 'error' : 'other');
    }
  }
  return seen;
}

describe('FaultInjectingBackend', () => {
  it('fails every Nth call and corrupts every Mth answer', async () => {
    const backend = new FaultInjectingBackend(steady, { errorEvery: 3, malformedEvery: 4 });
    expect(await outcomes(backend, 6)).toEqual(['ok', 'ok', 'error', 'malformed', 'ok', 'error']);
  });

  it('adds latency to a virtual clock without waiting', async () => {
    const backend = new FaultInjectingBackend(steady, { extraLatencyMs: 5000 });
    const started = Date.now();
    await expect(backend.complete(req)).resolves.toMatchObject({ latencyMs: 5100 });
    expect(Date.now() - started).toBeLessThan(1000);
  });

  it('is deterministic per seed, and rates roughly hold', async () => {
    const make = (seed: number) => new FaultInjectingBackend(steady, { seed, errorRate: 0.2, timeoutRate: 0.1, malformedRate: 0.1 });
    const a = await outcomes(make(7), 200);
    expect(await outcomes(make(7), 200)).toEqual(a);
    expect(await outcomes(make(8), 200)).not.toEqual(a);
    const errors = a.filter((o) => o === 'error').length;
    expect(errors).toBeGreaterThan(20);
    expect(errors).toBeLessThan(60);
    expect(a).toContain('timeout');
    expect(a).toContain('malformed');
  });

  it('malformed text never holds a complete JSON object', () => {
    expect(() => JSON.parse(malformedText(answer))).toThrow();
  });
});

describe('createLimiter', () => {
  it('never runs more than max tasks at once and runs them all', async () => {
    const limit = createLimiter(2);
    let active = 0;
    let peak = 0;
    const task = async (i: number) => {
      active++;
      peak = Math.max(peak, active);
      await new Promise((r) => setTimeout(r, 5));
      active--;
      return i;
    };
    const results = await Promise.all(Array.from({ length: 8 }, (_, i) => limit(() => task(i))));
    expect(results).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
    expect(peak).toBe(2);
  });
});
