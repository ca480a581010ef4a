import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ChatBackend, ChatRequest } from '../../src/llm/backend.js';
import { Cassette, requestKey } from '../../src/llm/cassette.js';
import { CassetteMissError, RecordingBackend, ReplayBackend } from '../../src/llm/replayBackend.js';

const request = (user: string): ChatRequest => ({
  endpoint: 'parse',
  messages: [
    { role: 'system', content: 'TASK: transaction-parse\nrules' },
    { role: 'user', content: user },
  ],
});

/** Counts calls and answers with the user message echoed into JSON. */
function countingBackend(): ChatBackend & { calls: number } {
  const backend = {
    name: 'counting',
    model: 'fake-model',
    clock: 'real' as const,
    calls: 0,
    async complete(req: ChatRequest) {
      backend.calls++;
      const user = req.messages[req.messages.length - 1]!.content;
      return { text: JSON.stringify({ echo: user }), latencyMs: 412.6, model: 'fake-model-2025', usage: { promptTokens: 30, completionTokens: 8 } };
    },
  };
  return backend;
}

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'cassette-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('record and replay', () => {
  it('round-trips: what was recorded replays with the recorded latency on a virtual clock', async () => {
    const path = join(dir, 'run.json');
    const inner = countingBackend();
    const recorder = new RecordingBackend(inner, Cassette.load(path));
    const live = await recorder.complete(request('午饭35'));
    await recorder.complete(request('打车30'));

    const replay = new ReplayBackend(Cassette.load(path));
    expect(replay.clock).toBe('virtual');
    expect(replay.model).toBe('fake-model');
    const replayed = await replay.complete(request('午饭35'));
    // The model the server named, and a mark that no model answered during this run.
    expect(replayed).toEqual({ text: live.text, latencyMs: 413, model: 'fake-model-2025', usage: { promptTokens: 30, completionTokens: 8 }, replayed: true });
  });

  it('is not a cache: a new recording sends every request again, so a model changed under its name is measured', async () => {
    const path = join(dir, 'cache.json');
    const inner = countingBackend();
    const recorder = new RecordingBackend(inner, Cassette.load(path));
    await recorder.complete(request('午饭35'));
    // Within one run, a request the same run number sends again (two dialogues saying the same) is one sample.
    await Promise.all([recorder.complete(request('午饭35')), recorder.complete(request('晚饭40')), recorder.complete(request('晚饭40'))]);
    expect(inner.calls).toBe(2);
    const again = new RecordingBackend(inner, Cassette.load(path));
    await again.complete(request('晚饭40'));
    expect(inner.calls).toBe(3);
  });

  it('keeps one sample per run of --repeat, and a replay hands run i the i-th sample', async () => {
    const path = join(dir, 'samples.json');
    let n = 0;
    const noisy: ChatBackend = { name: 'noisy', model: 'm', clock: 'real', complete: async () => ({ text: `answer ${++n}`, latencyMs: 10 * n, model: 'm' }) };
    const recorder = new RecordingBackend(noisy, Cassette.load(path), 3);
    const live = [];
    for (const sample of [0, 1, 2]) live.push((await recorder.complete({ ...request('午饭35'), sample })).text);
    expect(live).toEqual(['answer 1', 'answer 2', 'answer 3']);
    const saved = JSON.parse(readFileSync(path, 'utf8')) as { entries: { runs: number; samples: { text: string }[] }[] };
    expect(saved.entries[0]!.runs).toBe(3);
    expect(saved.entries[0]!.samples.map((s) => s.text)).toEqual(live);
    const replay = new ReplayBackend(Cassette.loadForReplay(path));
    const replayed = [];
    for (const sample of [2, 0, 1]) replayed.push((await replay.complete({ ...request('午饭35'), sample })).text);
    expect(replayed).toEqual(['answer 3', 'answer 1', 'answer 2']);
    expect(Cassette.loadForReplay(path).fewestRuns()).toBe(3);
  });

  it('a run that never sent a request in the recording is a miss that says so', async () => {
    const path = join(dir, 'gap.json');
    const recorder = new RecordingBackend(countingBackend(), Cassette.load(path), 3);
    await recorder.complete({ ...request('午饭35'), sample: 0 });
    await recorder.complete({ ...request('午饭35'), sample: 2 });
    const saved = JSON.parse(readFileSync(path, 'utf8')) as { entries: { samples: unknown[] }[] };
    expect(saved.entries[0]!.samples[1]).toBeNull();
    const replay = new ReplayBackend(Cassette.loadForReplay(path));
    await expect(replay.complete({ ...request('午饭35'), sample: 1 })).rejects.toThrow(/run 2 of the recording \(3 runs\) never sent this request/);
    await expect(replay.complete({ ...request('午饭35'), sample: 2 })).resolves.toMatchObject({ replayed: true });
  });

  it('a version 1 cassette (one answer a request) still replays, as one run', async () => {
    const path = join(dir, 'v1.json');
    const key = requestKey('parse', 'm', request('午饭35').messages);
    const entry = {
      key,
      endpoint: 'parse',
      model: 'm',
      request: { systemFirstLine: 'TASK: transaction-parse', userMessage: '午饭35', messageCount: 2 },
      text: '{"transactions":[]}',
      latencyMs: 120,
    };
    writeFileSync(path, JSON.stringify({ version: 1, entries: [entry] }));
    const cassette = Cassette.loadForReplay(path);
    expect(cassette.fewestRuns()).toBe(1);
    await expect(new ReplayBackend(cassette).complete(request('午饭35'))).resolves.toMatchObject({
      text: '{"transactions":[]}',
      latencyMs: 120,
      replayed: true,
    });
  });

  it('writes a stable file: entries sorted by key, fixed key order, no temp files left (the lock file stays)', async () => {
    const path = join(dir, 'stable.json');
    const recorder = new RecordingBackend(countingBackend(), Cassette.load(path));
    for (const text of ['c', 'a', 'b']) await recorder.complete(request(text));
    const first = readFileSync(path, 'utf8');
    const data = JSON.parse(first) as { version: number; entries: { key: string }[] };
    expect(data.version).toBe(2);
    const keys = data.entries.map((e) => e.key);
    expect(keys).toEqual([...keys].sort());
    expect(Object.keys(data.entries[0]!)).toEqual(['key', 'endpoint', 'model', 'request', 'runs', 'samples']);
    expect(data.entries.find((e) => e.key === requestKey('parse', 'fake-model', request('a').messages))).toMatchObject({
      request: { systemFirstLine: 'TASK: transaction-parse', userMessage: 'a', messageCount: 2 },
    });
    await Cassette.load(path).save();
    expect(readFileSync(path, 'utf8')).toBe(first);
    expect(readdirSync(dir).sort()).toEqual(['.stable.json.lock', 'stable.json']);
  });

  it('replay names the request when an entry is missing', async () => {
    const path = join(dir, 'partial.json');
    await new RecordingBackend(countingBackend(), Cassette.load(path)).complete(request('午饭35'));
    const replay = new ReplayBackend(Cassette.load(path));
    const error = await replay.complete(request('夜宵50')).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CassetteMissError);
    expect((error as Error).message).toMatch(/no 'parse' answer from fake-model for user message: 夜宵50/);
  });

  it('keys on endpoint, model and messages', () => {
    const messages = request('x').messages;
    expect(requestKey('parse', 'm', messages)).not.toBe(requestKey('correct', 'm', messages));
    expect(requestKey('parse', 'm', messages)).not.toBe(requestKey('parse', 'n', messages));
    expect(requestKey('parse', 'm', messages)).toMatch(/^[0-9a-f]{64}$/);
  });
});

describe('a cassette miss says what changed', () => {
  it('after a prompt edit: the same user input was recorded with another system prompt', async () => {
    const cassette = new Cassette(join(dir, 'c.json'));
    await new RecordingBackend(countingBackend(), cassette).complete(request('午饭35'));
    const edited: ChatRequest = {
      ...request('午饭35'),
      messages: [
        { role: 'system', content: 'TASK: transaction-parse\nnew rules' },
        { role: 'user', content: '午饭35' },
      ],
    };
    await expect(new ReplayBackend(cassette).complete(edited)).rejects.toThrow(/another system prompt: prompts\/ changed/);
  });

  it('after a dataset edit: this user input was never recorded', async () => {
    const cassette = new Cassette(join(dir, 'c.json'));
    await new RecordingBackend(countingBackend(), cassette).complete(request('午饭35'));
    await expect(new ReplayBackend(cassette).complete(request('晚饭40'))).rejects.toThrow(/never recorded/);
  });
});
