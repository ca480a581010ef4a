import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ROOT, cliAsync, tempDir } from '../support/cli.js';

// A model server that takes at most CAPACITY requests at once and answers the rest 429 with
// retry-after-ms, as a provider's rate limiter does: in front of serve-llm, over real HTTP.
const CAPACITY = 2;
const children: ChildProcess[] = [];
const servers: Server[] = [];
afterAll(() => {
  children.forEach((child) => child.kill());
  servers.forEach((server) => server.close());
});

function serveLlm(): Promise<string> {
  const child = spawn(process.execPath, [join(ROOT, 'bin/nlu-harness.js'), 'serve-llm', '--port', '0', '--latency-ms', '40'], { cwd: ROOT });
  children.push(child);
  return new Promise((resolve, reject) => {
    child.stdout!.once('data', (chunk: Buffer) => resolve(chunk.toString().trim()));
    child.once('exit', (code) => reject(new Error(`serve-llm exited with ${code}`)));
  });
}

async function rateLimitedProxy(upstream: string): Promise<string> {
  let inFlight = 0;
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', async () => {
      if (inFlight >= CAPACITY) {
        res.writeHead(429, { 'content-type': 'application/json', 'retry-after-ms': '30' });
        res.end(JSON.stringify({ error: { message: 'rate limit reached', type: 'rate_limit_exceeded' } }));
        return;
      }
      inFlight++;
      try {
        const answer = await fetch(upstream.replace(/\/v1$/, '') + req.url, {
          method: req.method,
          headers: { 'content-type': 'application/json' },
          body: Buffer.concat(chunks),
        });
        res.writeHead(answer.status, { 'content-type': 'application/json' });
        res.end(Buffer.from(await answer.arrayBuffer()));
      } finally {
        inFlight--;
      }
    });
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
}

async function run(baseUrl: string, extra: string[]) {
  const out = tempDir('rate-limited-');
  const result = await cliAsync(
    [
      'run',
      '--llm',
      'openai',
      '--base-url',
      baseUrl,
      '--model',
      'served-heuristic',
      '--dataset',
      'datasets/model/split.yaml',
      '--concurrency',
      '8',
      '--no-progress',
      '--no-history',
      '--out',
      out,
      ...extra,
    ],
    { env: { OPENAI_API_KEY: '' } },
  );
  expect(result.stderr).toBe('');
  expect([0, 1]).toContain(result.status);
  const report = JSON.parse(readFileSync(join(out, 'report.json'), 'utf8'));
  return {
    stdout: result.stdout,
    traffic: report.run.timing.llmTraffic as { answeredCalls: number; rateLimitedCalls: number; concurrency: { start: number; narrowest: number } },
  };
}

describe('a rate-limited model server (429 with retry-after-ms, real HTTP through the SDK)', () => {
  it("is counted and named in the run's output; --adaptive-concurrency narrows the pool and meets far fewer 429s", async () => {
    const proxy = await rateLimitedProxy(await serveLlm());
    const fixed = await run(proxy, []);
    expect(fixed.traffic.rateLimitedCalls).toBeGreaterThan(0);
    expect(fixed.traffic.concurrency).toEqual({ start: 8, narrowest: 8 });
    expect(fixed.stdout).toMatch(/answered 429 \(rate limited\) \d+ times?.*add --adaptive-concurrency/);

    const adaptive = await run(proxy, ['--adaptive-concurrency']);
    expect(adaptive.traffic.concurrency.start).toBe(8);
    expect(adaptive.traffic.concurrency.narrowest).toBeLessThanOrEqual(CAPACITY);
    // Measured: fixed 61 answers and 244 429s (calls that met three 429s fell back), adaptive 129 and 53.
    expect(adaptive.traffic.rateLimitedCalls * 3).toBeLessThan(fixed.traffic.rateLimitedCalls);
    expect(adaptive.traffic.answeredCalls).toBeGreaterThan(fixed.traffic.answeredCalls);
    expect(adaptive.stdout).toMatch(/concurrency narrowed 8 → \d/);

    // simulate shares the pool and the flag: its report keeps the same traffic figures.
    const out = tempDir('rate-limited-users-');
    const simulated = await cliAsync(
      [
        'simulate',
        '--llm',
        'openai',
        '--base-url',
        proxy,
        '--model',
        'served-heuristic',
        '--users',
        '40',
        '--concurrency',
        '8',
        '--adaptive-concurrency',
        '--no-history',
        '--out',
        out,
      ],
      { env: { OPENAI_API_KEY: '' } },
    );
    expect([0, 1]).toContain(simulated.status);
    const traffic = JSON.parse(readFileSync(join(out, 'report.json'), 'utf8')).run.timing.llmTraffic;
    expect(traffic.rateLimitedCalls).toBeGreaterThan(0);
    expect(traffic.concurrency.start).toBe(8);
    expect(traffic.concurrency.narrowest).toBeLessThan(8);
  }, 180_000);
});
