import { afterEach, describe, expect, it } from 'vitest';
import { renderParseMessages } from '../../src/gateway/promptTemplates.js';
import { endpointFromMessages } from '../../src/gateway/endpointMarker.js';
import type { ChatBackend, ChatRequest, ResponseFormat, Sampling } from '../../src/llm/backend.js';
import type { Completer } from '../../src/gateway/completion.js';
import { correctTransactions, parseTransactions } from '../../src/gateway/endpoints.js';
import { ANSWER_TOKEN_LIMITS, correctionAnswerFormat, PARSE_ANSWER_FORMAT } from '../../src/gateway/answerFormat.js';
import { OpenAiBackend, requestSeed, seedForRun } from '../../src/llm/openaiBackend.js';
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

  it('two dialogues that send the same request are sampled apart; one dialogue keeps its seed from run to run of the suite', async () => {
    const seen: (Sampling | undefined)[] = [];
    const server = await startServer({ backend: noting(seen), endpointOf: endpointFromMessages, port: 0, log: () => {} });
    running.push(server);
    const client = new OpenAiBackend({ baseURL: server.url, apiKey: 'none', model: 'm', temperature: 1, seed: 5 });
    const messages = renderParseMessages('午饭35');
    await client.complete({ endpoint: 'parse', messages, dialogue: 'lunch-a' });
    await client.complete({ endpoint: 'parse', messages, dialogue: 'lunch-b' });
    await client.complete({ endpoint: 'parse', messages, dialogue: 'lunch-a' });
    await client.complete({ endpoint: 'parse', messages, dialogue: 'lunch-a', sample: 1 });
    const seeds = seen.map((s) => s?.seed);
    expect(seeds[0]).toBe(requestSeed(5, { dialogue: 'lunch-a' }));
    expect(seeds[1]).not.toBe(seeds[0]);
    expect(seeds[2]).toBe(seeds[0]);
    expect(seeds[3]).not.toBe(seeds[0]);
    // A seed llama.cpp and OpenAI both take: a non-negative 31-bit integer.
    for (const seed of seeds) expect(Number.isInteger(seed) && seed! >= 0 && seed! < 2 ** 31).toBe(true);
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

describe('answer limits and formats from the gateway to the model', () => {
  /** The reference model behind the server, noting what each request asked of the answer. */
  function notingFormat(seen: { sampling?: Sampling; format?: ResponseFormat }[]): ChatBackend {
    const inner = new HeuristicModel();
    return {
      name: inner.name,
      model: inner.model,
      clock: inner.clock,
      complete: (req: ChatRequest) => (seen.push({ sampling: req.sampling, format: req.responseFormat }), inner.complete(req)),
    };
  }
  const batch = [
    { index: 0, amount: 60, type: 'EXPENSE' as const, category: '餐饮', description: '吃饭', date: null },
    { index: 1, amount: 30, type: 'EXPENSE' as const, category: '交通', description: '打车', date: null },
  ];

  it("every call carries its endpoint's max_tokens; --response-format none (the default) sends no response_format", async () => {
    const seen: { sampling?: Sampling; format?: ResponseFormat }[] = [];
    const server = await startServer({ backend: notingFormat(seen), endpointOf: endpointFromMessages, port: 0, log: () => {} });
    running.push(server);
    const client: Completer = new OpenAiBackend({ baseURL: server.url, apiKey: 'none', model: 'm' });
    await parseTransactions(client, '午饭35');
    await correctTransactions(client, { currentBatch: batch, correctionText: '第一笔改成50' });
    expect(seen.map((s) => s.sampling?.maxTokens)).toEqual([ANSWER_TOKEN_LIMITS.parse, ANSWER_TOKEN_LIMITS.correct]);
    expect(seen.map((s) => s.format)).toEqual([undefined, undefined]);
  });

  it("json_schema sends each request's own schema: a correction's indices are the batch's it was sent", async () => {
    const seen: { sampling?: Sampling; format?: ResponseFormat }[] = [];
    const server = await startServer({ backend: notingFormat(seen), endpointOf: endpointFromMessages, port: 0, log: () => {} });
    running.push(server);
    const client: Completer = new OpenAiBackend({ baseURL: server.url, apiKey: 'none', model: 'm', responseFormat: 'json_schema' });
    await parseTransactions(client, '午饭35');
    await correctTransactions(client, { currentBatch: batch, correctionText: '第一笔改成50' });
    expect(seen.map((s) => s.format)).toEqual([
      { type: 'json_schema', name: 'parse_answer', schema: PARSE_ANSWER_FORMAT },
      { type: 'json_schema', name: 'correct_answer', schema: correctionAnswerFormat(2) },
    ]);
    const schema = correctionAnswerFormat(2) as { properties: { corrections: { items: { properties: { index: { enum: number[] } } } } } };
    expect(schema.properties.corrections.items.properties.index.enum).toEqual([-1, 0, 1]);
  });

  it('json_object asks for any JSON object', async () => {
    const seen: { sampling?: Sampling; format?: ResponseFormat }[] = [];
    const server = await startServer({ backend: notingFormat(seen), endpointOf: endpointFromMessages, port: 0, log: () => {} });
    running.push(server);
    await parseTransactions(new OpenAiBackend({ baseURL: server.url, apiKey: 'none', model: 'm', responseFormat: 'json_object' }), '午饭35');
    expect(seen.map((s) => s.format)).toEqual([{ type: 'json_object' }]);
  });
});
