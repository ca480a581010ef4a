import type { ChildProcess } from 'node:child_process';
import { closeSync, openSync, readFileSync, readSync, writeFileSync } from 'node:fs';
import { get } from 'node:http';
import { join } from 'node:path';
import OpenAI, { APIUserAbortError, BadRequestError } from 'openai';
import { correctTransactions } from '../../src/gateway/endpoints.js';
import { OpenAiBackend } from '../../src/llm/openaiBackend.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderCorrectionMessages, renderParseMessages } from '../../src/gateway/promptTemplates.js';
import { RuntimeMissingError, loadRuntime } from '../../src/llm/localGgufModel.js';
import { MODEL_PIN, installedModelPath, modelLabel } from '../../src/llm/localModel.js';
import type { BatchItemDto } from '../../src/domain/correctionProtocol.js';
import type { ReadReport } from '../../src/report/model/reportTypes.js';
import { ROOT, cli, cliAsync, tempDir } from '../support/cli.js';
import { missingLocalModelPart, skipWithoutLocalModel, startServeModel } from '../support/localModelParts.js';

const missing = missingLocalModelPart();
const skipped = skipWithoutLocalModel('serve-model tests with a real model', missing);

const LABEL = modelLabel(installedModelPath(), MODEL_PIN.sha256);
const BATCH: BatchItemDto[] = [
  { index: 0, amount: 60, type: 'EXPENSE', category: '餐饮', description: '吃饭', date: null },
  { index: 1, amount: 30, type: 'EXPENSE', category: '交通', description: '打车', date: null },
];

describe('serve-model without its parts', () => {
  it('names how to install a runtime that is not there', async () => {
    const error = await loadRuntime('node-llama-cpp-that-is-not-installed').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RuntimeMissingError);
    expect((error as Error).message).toMatch(/not installed.*npm install/);
  });

  it('a file that is not a GGUF model is exit 2 saying what to do, before anything is served', () => {
    const fake = join(tempDir(), 'model.gguf');
    writeFileSync(fake, 'not a model at all');
    const result = cli(['serve-model', '--port', '0', '--gguf', fake]);
    expect(result.status).toBe(2);
    expect(result.stderr).toContain('is not a GGUF model file');
    expect(result.stdout).toBe('');
  });

  it('without an installed model says how to install one (exit 2, nothing served)', () => {
    const result = cli(['serve-model', '--port', '0'], { env: { NLU_HARNESS_MODEL_DIR: tempDir() } });
    expect(result.status).toBe(2);
    expect(result.stderr).toContain('npm run model:install');
    expect(result.stdout).toBe('');
  });
});

describe.skipIf(skipped)(`serve-model with the installed model (${MODEL_PIN.file})`, () => {
  let child: ChildProcess;
  let url = '';
  let serverLog: () => string = () => '';
  let client: OpenAI;

  beforeAll(async () => {
    if (missing) throw new Error(`REQUIRE_LOCAL_MODEL=1 but ${missing}`);
    ({ child, url, log: serverLog } = await startServeModel());
    client = new OpenAI({ baseURL: url, apiKey: 'none', maxRetries: 0, timeout: 300_000 });
  }, 180_000);

  afterAll(async () => {
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
  });

  /** The server's log lines for one endpoint, as {prompt, cached} token counts, in order. */
  const served = (endpoint: string) =>
    [...serverLog().matchAll(new RegExp(`${endpoint}: (\\d+) prompt tokens \\((\\d+) cached\\)`, 'g'))].map((m) => ({
      prompt: Number(m[1]),
      cached: Number(m[2]),
    }));

  it("answers the harness's own parse and correction prompts with no key, naming the GGUF and its sha256", async () => {
    const parse = await client.chat.completions.create({ model: 'any', messages: renderParseMessages('吃饭花了60，打车30'), temperature: 0 });
    expect(parse.model).toBe(LABEL);
    expect(parse.choices[0]!.message.content).toMatch(/\S/);
    expect(parse.usage!.completion_tokens).toBeGreaterThan(0);
    const correct = await client.chat.completions.create({
      model: 'any',
      messages: renderCorrectionMessages({ currentBatch: BATCH, correctionText: '第一笔改成50' }),
      temperature: 0,
    });
    expect(correct.model).toBe(LABEL);
    expect(correct.choices[0]!.message.content).toMatch(/\S/);
  }, 300_000);

  it('keeps each system prompt in its own cache: a parse after a correction reuses the parse prompt', async () => {
    await client.chat.completions.create({ model: 'any', messages: renderParseMessages('早饭八块'), temperature: 0, max_tokens: 8 });
    await client.chat.completions.create({
      model: 'any',
      messages: renderCorrectionMessages({ currentBatch: BATCH, correctionText: '打车那个是25' }),
      temperature: 0,
      max_tokens: 8,
    });
    await client.chat.completions.create({ model: 'any', messages: renderParseMessages('午饭三十五'), temperature: 0, max_tokens: 8 });
    const last = served('parse').at(-1)!;
    // The system prompt is most of the prompt: with one shared cache the correction would have evicted it.
    expect(last.cached).toBeGreaterThan(last.prompt * 0.8);
  }, 300_000);

  it('honours temperature and seed: the same seed at temperature 1 gives the same answer', async () => {
    const ask = (seed: number) =>
      client.chat.completions.create({ model: 'any', messages: renderParseMessages('买水果二十三块五'), temperature: 1, seed, max_tokens: 40 });
    const [first, again] = [await ask(7), await ask(7)];
    expect(again.choices[0]!.message.content).toBe(first.choices[0]!.message.content);
  }, 300_000);

  it('stops generating when the client gives up, and serves the next request', async () => {
    const abort = new AbortController();
    const long = client.chat.completions.create(
      {
        model: 'any',
        messages: renderParseMessages('早饭4块 地铁3块 咖啡15 午饭22 奶茶12 公交2块 晚饭30 水果18 电影45 打车27'),
        temperature: 0,
        max_tokens: 400,
      },
      { signal: abort.signal },
    );
    setTimeout(() => abort.abort(), 1500);
    await expect(long).rejects.toBeInstanceOf(APIUserAbortError);
    await expect.poll(() => /parse: stopped after (\d+) answer tokens/.exec(serverLog()), { timeout: 60_000 }).not.toBeNull();
    const stoppedAfter = Number(/parse: stopped after (\d+) answer tokens/.exec(serverLog())![1]);
    expect(stoppedAfter).toBeLessThan(400);
    const next = await client.chat.completions.create({ model: 'any', messages: renderParseMessages('奶茶15'), temperature: 0, max_tokens: 60 });
    expect(next.model).toBe(LABEL);
  }, 300_000);

  it('a GGUF cut short is exit 2 naming the file and what to do, not a harness bug', async () => {
    const truncated = join(tempDir(), 'cut.gguf');
    const head = Buffer.alloc(1 << 20);
    const fd = openSync(installedModelPath(), 'r');
    readSync(fd, head, 0, head.length, 0);
    closeSync(fd);
    writeFileSync(truncated, head);
    const result = await cliAsync(['serve-model', '--port', '0', '--gguf', truncated]);
    expect(result.status).toBe(2);
    expect(result.stderr).toContain('could not be loaded');
    expect(result.stdout).toBe('');
  }, 120_000);

  it("holds an answer to the request's schema when asked (response_format json_schema): a valid correction of this batch", async () => {
    const backend = new OpenAiBackend({ baseURL: url, apiKey: 'none', model: 'local', responseFormat: 'json_schema', requestTimeoutMs: 300_000 });
    const outcome = await correctTransactions(backend, { currentBatch: BATCH, correctionText: '打车那笔改成25' }, { deadlineMs: 300_000 });
    expect(outcome.ok).toBe(true);
    expect(outcome.ok && outcome.value.corrections.every((c) => c.index >= -1 && c.index < BATCH.length)).toBe(true);
  }, 300_000);

  it('refuses a prompt that does not fit the context (400 context_length_exceeded), never answering a cut one', async () => {
    const many = Array.from({ length: 2000 }, (_, i) => ({ role: 'user' as const, content: `第${i}句：午饭三十五块，晚饭四十块` }));
    const error = await client.chat.completions
      .create({ model: 'any', messages: [renderParseMessages('x')[0]!, ...many], max_tokens: 8 })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BadRequestError);
    expect((error as BadRequestError).code).toBe('context_length_exceeded');
  }, 300_000);

  it('builds the costliest json_schema it takes while GET /v1/models is answered within a fraction of a second; a costlier one is a 400 at once (issue 41)', async () => {
    // A two-line system prompt of its own: the point is the grammar, not the model's reading.
    const messages = [
      { role: 'system' as const, content: 'TASK: transaction-parse\nAnswer with JSON.' },
      { role: 'user' as const, content: '午饭' },
    ];
    const format = (schema: object) => ({ type: 'json_schema' as const, json_schema: { name: 'x', schema } });
    // An enum is the costliest node for llama.cpp to read (one alternative each): 2 000 values, near the limit.
    const largest = { type: 'object', required: ['pick'], properties: { pick: { enum: Array.from({ length: 2000 }, (_, i) => `choice ${i}`) } } };
    let served = false;
    const answer = client.chat.completions
      .create({ model: 'any', messages, max_tokens: 1, temperature: 0, response_format: format(largest) })
      .finally(() => (served = true));
    const waits: number[] = [];
    while (!served) {
      const started = performance.now();
      await new Promise((resolve, reject) => get(`${url}/models`, { agent: false }, (res) => res.resume().on('end', resolve)).on('error', reject));
      waits.push(performance.now() - started);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect((await answer).choices).toHaveLength(1);
    expect(waits.length).toBeGreaterThan(0);
    expect(Math.max(...waits)).toBeLessThan(1000);

    const nested = (depth: number): object => ({
      type: 'object',
      properties: Object.fromEntries(['a', 'b', 'c', 'd', 'e'].map((k) => [k, depth > 1 ? nested(depth - 1) : { type: 'string' }])),
    });
    const started = performance.now();
    const costly = await client.chat.completions.create({ model: 'any', messages, max_tokens: 1, response_format: format(nested(3)) }).catch((e: unknown) => e);
    expect(performance.now() - started).toBeLessThan(1000);
    expect(costly).toBeInstanceOf(BadRequestError);
    expect((costly as BadRequestError).message).toMatch(/more than 2048 schema nodes, this server's limit/);
    const repeated = await client.chat.completions
      .create({ model: 'any', messages, max_tokens: 1, response_format: format({ type: 'array', items: { type: 'string' }, minItems: 1_000_000 }) })
      .catch((e: unknown) => e);
    expect(repeated).toBeInstanceOf(BadRequestError);
    expect((repeated as BadRequestError).message).toMatch(/minItems is 1000000/);
  }, 300_000);

  it('says finish_reason "length" when the answer was cut at max_tokens', async () => {
    const cut = await client.chat.completions.create({ model: 'any', messages: renderParseMessages('早饭4块 地铁3块 咖啡15'), temperature: 0, max_tokens: 4 });
    expect(cut.choices[0]!.finish_reason).toBe('length');
    expect(cut.usage!.completion_tokens).toBe(4);
  }, 300_000);

  it('runs dialogues through the harness key-less: every answer goes through JSON extraction and is scored', async () => {
    const out = tempDir();
    const env = { ...process.env, OPENAI_API_KEY: '' };
    const result = await cliAsync(
      [
        'run',
        '--llm',
        'openai',
        '--base-url',
        url,
        '--model',
        'local',
        '--dataset',
        join(ROOT, 'test/fixtures/real-llm.yaml'),
        '--model-latency',
        'virtual',
        '--out',
        out,
        '--no-progress',
      ],
      { env },
    );
    expect([0, 1]).toContain(result.status);
    const report = JSON.parse(readFileSync(join(out, 'report.json'), 'utf8')) as ReadReport;
    expect(report.run.llm.servedModels).toEqual([LABEL]);
    const calls = report.dialogues.flatMap((d) => d.turns.flatMap((t) => t.llmCalls));
    expect(calls.length).toBeGreaterThanOrEqual(3);
    // Answered on the virtual clock: each call is an answer the extraction read (ok) or refused (malformed, invalid).
    expect(calls.every((c) => ['ok', 'malformed', 'invalid'].includes(c.outcome))).toBe(true);
    expect(calls.some((c) => c.outcome === 'ok')).toBe(true);
  }, 600_000);
  // Runs last: it stops this describe's server.
  it('stops within seconds of SIGTERM even while a long prompt is being read (no server outlives its caller)', async () => {
    const long = '午饭三十五 打车二十 买水果二十三块五 '.repeat(120);
    // Its answer never comes (the server is stopped under it): the error is caught and let go.
    void client.chat.completions.create({ model: 'any', messages: renderParseMessages(long), temperature: 0, max_tokens: 8 }).catch((e: unknown) => e);
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    const exited = new Promise<number>((resolve) => child.once('exit', () => resolve(performance.now())));
    const stopped = performance.now();
    child.kill('SIGTERM');
    const late = new Promise<null>((resolve) => setTimeout(() => resolve(null), 30_000));
    const at = await Promise.race([exited, late]);
    if (at === null) child.kill('SIGKILL');
    expect(at === null ? `still running 30 s after SIGTERM; its log:\n${serverLog()}` : serverLog()).toContain(
      'exiting without waiting for the call in progress',
    );
    expect(at! - stopped).toBeLessThan(8_000);
  }, 120_000);
});
