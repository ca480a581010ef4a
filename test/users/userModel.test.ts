import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUserVoices } from '../../src/cli/userModelOptions.js';
import { OracleBackend } from '../../src/users/oracleBackend.js';
import { personaText } from '../../src/users/persona.js';
import { sampleUser } from '../../src/users/population.js';
import { runSimulation } from '../../src/users/runSimulation.js';
import { scoreSimulation } from '../../src/users/scores.js';
import { loadUserPrompt, taskText } from '../../src/users/userModel.js';
import { userModelSection } from '../../src/users/userModelReport.js';
import { evaluateSimulation } from '../../src/eval/evaluateSimulation.js';
import { CallTraffic } from '../../src/sim/adaptiveWidth.js';
import { renderSimulationJunit } from '../../src/report/junit/simulationJunit.js';

const TODAY = '2026-03-01';

interface Received {
  readonly system: string;
  readonly user: string;
  readonly seed: number | undefined;
  readonly temperature: number | undefined;
  readonly maxTokens: number | undefined;
}

/** A user model on 127.0.0.1 that answers from a script and keeps every request, as the OpenAI SDK sent it. */
class ScriptedUserModel {
  readonly received: Received[] = [];
  private server!: Server;
  url = '';
  constructor(private readonly answer: (request: Received, n: number) => string) {}

  async start(): Promise<void> {
    this.server = createServer((req, res) => {
      let body = '';
      req.on('data', (chunk: Buffer) => (body += chunk.toString()));
      req.on('end', () => {
        const json = JSON.parse(body) as { messages: { role: string; content: string }[]; seed?: number; temperature?: number; max_tokens?: number };
        const request = {
          system: json.messages.find((m) => m.role === 'system')!.content,
          user: json.messages.find((m) => m.role === 'user')!.content,
          seed: json.seed,
          temperature: json.temperature,
          maxTokens: json.max_tokens,
        };
        this.received.push(request);
        const content = this.answer(request, this.received.length);
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(
          JSON.stringify({
            id: 'x',
            object: 'chat.completion',
            created: 0,
            model: 'scripted-user',
            choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop' }],
            usage: { prompt_tokens: 100, completion_tokens: 10, total_tokens: 110 },
          }),
        );
      });
    });
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/v1`;
  }

  close(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}

/** A seed whose first user has two goal items said at once and confirms with 确认: three turns of known shape. */
function seedOfSmallUser(): number {
  for (let seed = 1; ; seed++) {
    const user = sampleUser(seed, 1, TODAY);
    if (user.goal.items.length === 2 && user.profile.firstCount === 2 && user.profile.confirmStyle === 'local') return seed;
  }
}

/** What the task asks, said: 「昨天 打车 30; 今天 奶茶 15」 → 「昨天打车30，今天奶茶15」. */
function sayTheTask(user: string): string {
  const task = /task: say these \d+ in one line: (.*)/.exec(user)![1]!;
  return task
    .split('; ')
    .map((item) => item.replace(/ /g, ''))
    .join('，');
}

async function simulateWith(model: ScriptedUserModel, seed: number, budget?: number) {
  const voices = (await createUserVoices(
    {
      userLlm: 'openai',
      userBaseUrl: model.url,
      userModel: 'scripted-user',
      apiKeyEnv: 'NO_SUCH_KEY_VARIABLE',
      seed,
      users: 1,
      repeat: 1,
      ...(budget ? { userCallBudget: budget } : {}),
    },
    null,
  ))!;
  const result = await runSimulation({
    seed,
    users: 1,
    repeat: 1,
    speech: new Set(),
    today: TODAY,
    backendFor: (board) => new OracleBackend(board),
    voiceFor: voices.voiceFor,
  });
  return { result, section: userModelSection(voices.describe(), result.runs, result.voiced) };
}

describe('a user model over real HTTP, given its persona, goal, the conversation and its task turn by turn (issue 46 items 1, 2, 6)', () => {
  const seed = seedOfSmallUser();
  const user = sampleUser(seed, 1, TODAY);
  const wrongFirst = new ScriptedUserModel((request, n) =>
    n === 1 ? '嗯我想想' : request.user.includes('task: say') ? sayTheTask(request.user) : '对的，确认',
  );
  beforeAll(() => wrongFirst.start());
  afterAll(() => wrongFirst.close());

  it('a refused first draw is drawn again with the reason; the user then reaches its goal in the fewest turns', async () => {
    const { result, section } = await simulateWith(wrongFirst, seed);
    const prompt = loadUserPrompt();
    const say = taskText({ kind: 'say', items: user.goal.items }, TODAY);
    const [first, second, third, ...more] = wrongFirst.received;
    expect(more).toEqual([]);
    for (const request of [first, second, third]) {
      expect(request!.system).toBe(prompt.text);
      expect(request!.system.split('\n')[0]).toBe('TASK: simulated-user');
      expect(request!.user.split('\n')[0]).toBe(`persona: ${personaText(user.persona)}`);
      const goalLine = request!.user.split('\n')[1]!;
      expect(goalLine.startsWith('goal: ')).toBe(true);
      for (const item of user.goal.items) expect(goalLine).toContain(`${item.description} ${item.amount} ${item.category}`);
      expect(request!.temperature).toBe(0.7);
      expect(request!.maxTokens).toBe(request === third ? 40 : 40 + 14 * 2);
    }
    // Turn 1, draw 1: no conversation yet, no card; the task names both items with their amounts.
    expect(first!.user).not.toContain('said so far');
    expect(first!.user).not.toContain('card the app shows');
    expect(first!.user.split('\n').at(-1)).toBe(`task: ${say}`);
    for (const item of user.goal.items) expect(say).toContain(`${item.description} ${item.amount}`);
    // Draw 2: the same task, told why the first line was not used, sampled with another seed.
    expect(second!.user.split('\n').at(-2)).toBe(`task: ${say}`);
    expect(second!.user.split('\n').at(-1)).toMatch(/^not used: 「嗯我想想」 \(missing .*\)\. Say the task again, exactly\.$/);
    expect(second!.seed! - first!.seed!).toBe(1000);
    // Turn 2: what was said and what the app answered, the card with both items, the task to confirm.
    expect(third!.user).toContain(`said so far:\nyou: ${sayTheTask(first!.user)}\napp: `);
    expect(third!.user).toContain('card the app shows:\n  第1笔');
    expect(third!.user).toContain('第2笔');
    expect(third!.user.split('\n').at(-1)).toBe('task: everything on the card is right: confirm it');

    const [run] = result.runs;
    expect(run!.outcome).toBe('success');
    expect(run!.turns).toBe(run!.minTurns);
    expect(run!.userModel).toEqual({ calls: 3, promptTokens: 300, completionTokens: 30, lines: 2, firstDraw: 1, withinLimit: 2 });
    expect(section.lines).toEqual({ needed: 2, firstDraw: 1, withinLimit: 2, firstDrawRate: 0.5, withinLimitRate: 1 });
    expect(section.slips).toEqual([]);
    expect(section.examples.map((e) => [e.action, e.written])).toEqual([
      ['say', sayTheTask(first!.user)],
      ['confirm', '对的，确认'],
    ]);
  });
});

describe('a user model that stays off its goal is a simulator slip, never the app’s failure (issue 46 item 2)', () => {
  const seed = seedOfSmallUser();
  const mumbling = new ScriptedUserModel(() => '嗯嗯');
  beforeAll(() => mumbling.start());
  afterAll(() => mumbling.close());

  it('three refused draws end the user as a slip: reported apart with its lines, left out of task success', async () => {
    const { result, section } = await simulateWith(mumbling, seed);
    expect(mumbling.received).toHaveLength(3);
    expect(result.runs.map((run) => run.outcome)).toEqual(['slip']);
    expect(result.failed).toEqual([]);
    expect(result.slipped).toHaveLength(1);
    const scores = scoreSimulation(result.runs, 1);
    expect(scores.overall.runs).toBe(0);
    expect(scores.overall.outcomes).toMatchObject({ slip: 1, gaveUp: 0 });
    expect(section.slipRate).toBe(1);
    expect(section.slips[0]).toMatchObject({ userId: 1, turn: 0, action: 'say', said: [] });
    expect(section.slips[0]!.draws.map((draw) => draw.line)).toEqual(['嗯嗯', '嗯嗯', '嗯嗯']);
    expect(section.slips[0]!.reason).toMatch(/^missing /);
  });

  it('in JUnit a slipped user is skipped, not failed, and the report keeps it out of the failures', async () => {
    const voices = (await createUserVoices(
      { userLlm: 'openai', userBaseUrl: mumbling.url, userModel: 'scripted-user', apiKeyEnv: 'NO_SUCH_KEY_VARIABLE', seed, users: 1, repeat: 1 },
      null,
    ))!;
    const { report } = await evaluateSimulation({
      startedAt: new Date(),
      wallStart: performance.now(),
      traffic: new CallTraffic(1, false),
      seed,
      users: 1,
      repeat: 1,
      speech: new Set(),
      today: TODAY,
      backendFor: (board) => new OracleBackend(board),
      voiceFor: voices.voiceFor,
      userModel: voices.describe,
      llm: () => Promise.resolve({ backend: 'oracle', model: 'oracle-goal' }),
      afterRun: () => Promise.resolve(),
    });
    expect(report.failures).toEqual([]);
    expect(report.userModel!.slips).toHaveLength(1);
    const junit = renderSimulationJunit(report);
    expect(junit).toContain('tests="1" failures="0" errors="0" skipped="1"');
    expect(junit).toContain('<skipped message="slip"/>');
    expect(junit).not.toContain('<failure');
  });

  it('the run’s call budget bounds the user model: past it, the turn is a slip naming the budget', async () => {
    const before = mumbling.received.length;
    const { section } = await simulateWith(mumbling, seed, 2);
    expect(mumbling.received.length - before).toBe(2);
    expect(section.slips[0]!.reason).toBe("the run's user-model call budget (2) is spent");
  });
});
