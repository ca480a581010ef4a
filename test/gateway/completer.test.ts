import { describe, expect, it } from 'vitest';
import type { Completer, CompletionRequest } from '../../src/gateway/completion.js';
import { parseTransactions } from '../../src/gateway/endpoints.js';

/** A completer written here, with no llm/ backend behind it: the gateway needs only this contract. */
function completer(
  answer: (request: CompletionRequest) => Promise<{ text: string; latencyMs: number; model: string }>,
): Completer & { calls: CompletionRequest[] } {
  const calls: CompletionRequest[] = [];
  return {
    model: 'hand-written',
    clock: 'virtual',
    calls,
    complete: (request) => {
      calls.push(request);
      return answer(request);
    },
  };
}

describe('the gateway is handed a completer (it imports nothing of llm/)', () => {
  it('sends the parse endpoint its rendered prompt and validates the answer', async () => {
    const model = completer(async () => ({
      text: '{"transactions":[{"amount":35,"type":"EXPENSE","category":"餐饮"}]}',
      latencyMs: 40,
      model: 'hand-written',
    }));
    const outcome = await parseTransactions(model, '午饭35');
    expect(model.calls.map((c) => c.endpoint)).toEqual(['parse']);
    expect(model.calls[0]!.messages.at(-1)).toEqual({ role: 'user', content: '午饭35' });
    expect(outcome).toMatchObject({ ok: true, latencyMs: 40, model: 'hand-written', value: { transactions: [{ amount: 35, source: 'llm' }] } });
  });

  it('reads a rejection by its fields: a timeout keeps its latency, an error is counted, a setup error is rethrown', async () => {
    const timeout = completer(() => Promise.reject(Object.assign(new Error('slow'), { failure: 'timeout', latencyMs: 5000 })));
    expect(await parseTransactions(timeout, '午饭35')).toMatchObject({ ok: false, failure: 'timeout', latencyMs: 5000 });
    const failing = completer(() => Promise.reject(Object.assign(new Error('HTTP 503'), { failure: 'error', latencyMs: 80 })));
    expect(await parseTransactions(failing, '午饭35')).toMatchObject({ ok: false, failure: 'error', latencyMs: 80, detail: 'HTTP 503' });
    const anything = completer(() => Promise.reject(new Error('socket hang up')));
    expect(await parseTransactions(anything, '午饭35')).toMatchObject({ ok: false, failure: 'error', latencyMs: 0 });
    const setup = completer(() => Promise.reject(Object.assign(new Error('script did not anticipate this'), { setupError: true })));
    await expect(parseTransactions(setup, '午饭35')).rejects.toThrow('script did not anticipate this');
  });
});
