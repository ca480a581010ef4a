import { describe, expect, it } from 'vitest';
import { LlmCallError, LlmTimeoutError, type ChatRequest } from '../../src/llm/backend.js';
import { DEFAULT_SCRIPTED_LATENCY_MS, ScriptedBackend, ScriptViolationError } from '../../src/llm/scriptedBackend.js';

const request = (endpoint: ChatRequest['endpoint'], user: string): ChatRequest => ({
  endpoint,
  messages: [
    { role: 'system', content: 'TASK: whatever' },
    { role: 'user', content: user },
  ],
});

describe('ScriptedBackend (strict)', () => {
  it('answers an anticipated call with the canned text and the default latency', async () => {
    const backend = new ScriptedBackend();
    backend.setTurn({ parse: { text: '{"transactions":[]}' } });
    await expect(backend.complete(request('parse', '午饭35'))).resolves.toEqual({
      text: '{"transactions":[]}',
      latencyMs: DEFAULT_SCRIPTED_LATENCY_MS,
      model: 'scripted',
    });
    expect(DEFAULT_SCRIPTED_LATENCY_MS).toBe(350);
    expect(backend.clock).toBe('virtual');
  });

  it('prefers raw over text', async () => {
    const backend = new ScriptedBackend();
    backend.setTurn({ correct: { text: '{}', raw: 'not json', latencyMs: 10 } });
    await expect(backend.complete(request('correct', 'x'))).resolves.toMatchObject({ text: 'not json', latencyMs: 10 });
  });

  it('throws ScriptViolationError naming the endpoint and the user message on an unanticipated call', async () => {
    const backend = new ScriptedBackend();
    backend.setTurn({ parse: { text: '{"transactions":[]}' } });
    const error = await backend.complete(request('correct', '第一笔改成50')).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ScriptViolationError);
    expect((error as Error).message).toMatch(/unanticipated 'correct' call/);
    expect((error as Error).message).toContain('第一笔改成50');
    expect((error as ScriptViolationError).endpoint).toBe('correct');
  });

  it('throws on a second call to the same endpoint in one turn', async () => {
    const backend = new ScriptedBackend();
    backend.setTurn({ parse: { text: '{"transactions":[]}' } });
    await backend.complete(request('parse', '午饭35'));
    await expect(backend.complete(request('parse', '晚饭40'))).rejects.toThrow(/a second 'parse' call.*晚饭40/);
  });

  it('throws on any call in a turn without a script', async () => {
    const backend = new ScriptedBackend();
    backend.setTurn(undefined);
    await expect(backend.complete(request('parse', '确认'))).rejects.toThrow(/anticipates: no LLM call/);
  });

  it('lists the answers the turn never asked for, and resets on the next turn', async () => {
    const backend = new ScriptedBackend();
    backend.setTurn({ parse: { text: '{}' }, correct: { fault: 'error' } });
    await backend.complete(request('parse', '午饭35'));
    expect(backend.unusedAnswers()).toEqual([{ endpoint: 'correct', answer: { fault: 'error' } }]);
    backend.setTurn({ parse: { text: '{}' } });
    expect(backend.unusedAnswers().map((u) => u.endpoint)).toEqual(['parse']);
  });

  it('fault error throws LlmCallError, fault timeout throws LlmTimeoutError that never answers', async () => {
    const backend = new ScriptedBackend();
    backend.setTurn({ parse: { fault: 'error', latencyMs: 90 }, correct: { fault: 'timeout' } });
    const error = await backend.complete(request('parse', 'a')).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(LlmCallError);
    expect((error as LlmCallError).latencyMs).toBe(90);
    const timeout = await backend.complete(request('correct', 'b')).catch((e: unknown) => e);
    expect(timeout).toBeInstanceOf(LlmTimeoutError);
    expect((timeout as LlmTimeoutError).latencyMs).toBe(Number.POSITIVE_INFINITY);
  });

  it('a turn-level answer (any) answers whichever endpoint the run calls, once', async () => {
    for (const endpoint of ['parse', 'correct', 'conversation'] as const) {
      const backend = new ScriptedBackend();
      backend.setTurn({ any: { raw: 'not json', latencyMs: 20 } });
      await expect(backend.complete(request(endpoint, '嗯'))).resolves.toMatchObject({ text: 'not json', latencyMs: 20 });
      expect(backend.unusedAnswers()).toEqual([]);
      await expect(backend.complete(request('parse', '再来'))).rejects.toBeInstanceOf(ScriptViolationError);
    }
  });

  it("an endpoint's own answer comes before the turn-level one, which is then left unused", async () => {
    const backend = new ScriptedBackend();
    backend.setTurn({ parse: { text: '{}' }, any: { fault: 'error' } });
    await expect(backend.complete(request('parse', '午饭35'))).resolves.toMatchObject({ text: '{}' });
    expect(backend.unusedAnswers()).toEqual([{ endpoint: 'any', answer: { fault: 'error' } }]);
  });

  it('rejects an answer with neither text, raw nor fault', () => {
    expect(() => new ScriptedBackend().setTurn({ parse: { latencyMs: 5 } })).toThrow(/neither text, raw nor fault/);
  });
});
