import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SimulationReport } from '../../src/report/model/simulationReport.js';
import { cliAsync, tempDir } from '../support/cli.js';

/** A user model on 127.0.0.1 that says each task plainly (only the tasks a perfect NLU leaves: say, append, confirm). */
function plainLine(user: string): string {
  const task = /task: (.*)$/m.exec(user)![1]!;
  const say = /^say these \d+ in one line: (.*)$/.exec(task);
  if (say)
    return say[1]!
      .split('; ')
      .map((item) => item.replace(/ /g, ''))
      .join('，');
  const append = /^add one more item \(还有一笔\): (.*)$/.exec(task);
  if (append) return `还有一笔${append[1]!.replace(/ /g, '')}`;
  const one = /^confirm card item (第.笔) only$/.exec(task);
  if (one) return `确认${one[1]!}`;
  return '确认';
}

let server: Server;
let url = '';
let requests = 0;

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      requests++;
      const { messages } = JSON.parse(body) as { messages: { role: string; content: string }[] };
      const content = plainLine(messages.find((m) => m.role === 'user')!.content);
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({
          id: 'x',
          object: 'chat.completion',
          created: 0,
          model: 'plain-user',
          choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop' }],
          usage: { prompt_tokens: 50, completion_tokens: 5, total_tokens: 55 },
        }),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const read = (dir: string): SimulationReport => JSON.parse(readFileSync(join(dir, 'report.json'), 'utf8')) as SimulationReport;

describe('simulate --user-llm through the CLI, key-less (issue 46 items 1, 4, 5)', () => {
  it('records the user model’s lines in the cassette, replays them without the model, and freezes the dialogues into a dataset that validates and replays green under the scripted backend', async () => {
    const dir = tempDir();
    const cassette = join(dir, 'users.cassette.json');
    const saved = join(dir, 'model-users.yaml');
    const common = ['simulate', '--users', '6', '--seed', '3', '--llm', 'oracle', '--speech', 'none', '--no-history'];
    const live = await cliAsync([
      ...common,
      '--user-llm',
      'openai',
      '--user-base-url',
      url,
      '--user-model',
      'plain-user',
      '--record',
      cassette,
      '--out',
      join(dir, 'live'),
      '--save-dialogues',
      saved,
      '--progress',
    ]);
    expect(live.stderr).toMatch(/user-model calls \d+\/180/);
    expect(live.status, live.stderr).toBe(0);
    const liveReport = read(join(dir, 'live'));
    const calls = liveReport.userModel!.calls;
    expect(calls).toBe(requests);
    expect(liveReport.userModel!.run).toMatchObject({ kind: 'openai', model: 'plain-user', temperature: 0.7, prompt: { file: 'prompts/user-turn.txt' } });
    expect(liveReport.scores.overall.successRate).toBe(1);
    expect(liveReport.userModel!.perUserRun.calls).toBe(Math.round((calls / 6) * 10_000) / 10_000);
    expect(liveReport.userModel!.promptTokens).toBe(50 * calls);

    const replayed = await cliAsync([...common, '--user-llm', 'replay', '--cassette', cassette, '--out', join(dir, 'replay')]);
    expect(replayed.status, replayed.stderr).toBe(0);
    expect(requests).toBe(calls);
    const replayReport = read(join(dir, 'replay'));
    expect(replayReport.runs).toEqual(liveReport.runs);
    expect(replayReport.userModel!.examples).toEqual(liveReport.userModel!.examples);

    expect(live.stdout).toContain(`saved 6 model-written dialogues (of 6 users who reached their goal) to ${saved}`);
    const validated = await cliAsync(['validate', saved]);
    expect(validated.status, validated.stdout + validated.stderr).toBe(0);
    const run = await cliAsync(['run', '--dataset', saved, '--out', join(dir, 'run'), '--no-history']);
    expect(run.status, run.stdout + run.stderr).toBe(0);
    expect(run.stdout).toMatch(/6\/6|6 of 6|100(\.0)?%/);
  }, 120_000);

  it('--compare plays the same users as rule-based and model users and shows task success by persona for both', async () => {
    const dir = tempDir();
    const result = await cliAsync([
      'simulate',
      '--compare',
      '--users',
      '5',
      '--seed',
      '4',
      '--llm',
      'oracle',
      '--speech',
      'none',
      '--no-history',
      '--user-llm',
      'openai',
      '--user-base-url',
      url,
      '--user-model',
      'plain-user',
      '--out',
      dir,
    ]);
    expect(result.status, result.stderr).toBe(0);
    const [rules, model] = [read(join(dir, 'rules')), read(join(dir, 'model'))];
    expect(rules.userModel).toBeUndefined();
    expect(model.userModel!.calls).toBeGreaterThan(0);
    // The same people: same users, same goal sizes.
    expect(model.runs.map((run) => [run.userId, run.goalSize])).toEqual(rules.runs.map((run) => [run.userId, run.goalSize]));
    expect(result.stdout).toContain('Rule-based users (A) against model users (B), the same people');
    expect(result.stdout).toContain('| persona | rule-based users | model users |');
    expect(result.stdout).toMatch(/\| style (terse|chatty) \| 100\.0% \(\d\) \[/);
    expect(readFileSync(join(dir, 'compare', 'comparison.md'), 'utf8').length).toBeGreaterThan(0);
  }, 120_000);

  it('--user-llm openai without a URL or model is exit 2 before anything runs', async () => {
    const result = await cliAsync(['simulate', '--users', '1', '--user-llm', 'openai', '--out', join(tempDir(), 'o')]);
    expect(result.status).toBe(2);
    expect(result.stderr).toContain('--user-llm openai needs --user-base-url and --user-model');
  });
});
