import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { serveLlm } from '../../src/cli/serveLlmCommand.js';

const ROOT = resolve(import.meta.dirname, '../..');
const PROMPTFOO = join(ROOT, 'node_modules/.bin/promptfoo');

interface Stats {
  successes: number;
  failures: number;
  errors: number;
}

/** `promptfoo eval` as CI runs it: no telemetry, no update check, no log files, state in a temp dir. */
function promptfooEval(args: string[], env: NodeJS.ProcessEnv = {}): Promise<{ status: number | null; stats: Stats; output: string }> {
  const dir = mkdtempSync(join(tmpdir(), 'nlu-promptfoo-'));
  const out = join(dir, 'out.json');
  const child = spawn(PROMPTFOO, ['eval', '--no-cache', '--no-write', '--no-table', '--no-progress-bar', '-o', out, ...args], {
    cwd: ROOT,
    env: {
      ...process.env,
      PROMPTFOO_DISABLE_TELEMETRY: '1',
      PROMPTFOO_DISABLE_UPDATE: '1',
      PROMPTFOO_DISABLE_DEBUG_LOG: '1',
      PROMPTFOO_DISABLE_ERROR_LOG: '1',
      PROMPTFOO_CONFIG_DIR: join(dir, 'config'),
      ...env,
    },
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return new Promise((done) => {
    child.on('close', (status) => {
      const stats = (JSON.parse(readFileSync(out, 'utf8')) as { results: { stats: Stats } }).results.stats;
      done({ status, stats, output });
    });
  });
}

describe('promptfoo eval (promptfooconfig.yaml)', () => {
  it('passes offline with the default dataset-replay provider', async () => {
    const { status, stats, output } = await promptfooEval(['--filter-first-n', '16']);
    expect(stats, output).toMatchObject({ successes: 16, failures: 0, errors: 0 });
    expect(status).toBe(0);
  }, 60_000);

  it('scores the heuristic model through the same tests without errors', async () => {
    const { stats, output } = await promptfooEval(['--filter-first-n', '16', '-r', 'file://promptfoo/heuristicProvider.mjs']);
    expect(stats.errors, output).toBe(0);
    expect(stats.successes + stats.failures).toBe(16);
  }, 60_000);

  it('switches to an OpenAI-compatible model with one provider id (served on loopback here)', async () => {
    const server = await serveLlm({ backend: 'heuristic', port: 0, latencyMs: 0, failStatus: 503 }, { write: () => true });
    try {
      const { stats, output } = await promptfooEval(['--filter-first-n', '8', '-r', 'openai:chat:heuristic-rules-v1'], {
        OPENAI_BASE_URL: server.url,
        OPENAI_API_KEY: 'not-a-real-key',
      });
      expect(stats.errors, output).toBe(0);
      expect(stats.successes + stats.failures).toBe(8);
    } finally {
      await server.close();
    }
  }, 60_000);
});
