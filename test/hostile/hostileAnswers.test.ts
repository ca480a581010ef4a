import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Report } from '../../src/report/model/reportTypes.js';
import { cliAsync } from '../support/cli.js';
import { completion, loopbackModel, type Reply } from './loopbackModel.js';
import { workspace } from './workspace.js';

const DIALOGUE = `- id: hostile
  turns:
    - user: 午饭35块
      expect: {route: llm}
`;

const valid = (description: string) => JSON.stringify({ transactions: [{ amount: 35, type: 'EXPENSE', category: '餐饮', description }] });

interface Case {
  readonly name: string;
  readonly reply: Reply;
  /** The call's outcome in report.json. */
  readonly outcome: 'ok' | 'malformed' | 'invalid' | 'error';
  readonly detail?: RegExp;
}

// Issue 9's hostile model answers: each is an outcome in the report (exit 0 or 1), never exit 3.
const CASES: Case[] = [
  { name: 'message.content is a list', reply: { body: completion([{ type: 'text', text: '{}' }]) }, outcome: 'error', detail: /content is a list, not text/ },
  { name: 'message.content is a number', reply: { body: completion(42) }, outcome: 'error', detail: /content is number/ },
  { name: 'message.content is an object', reply: { body: completion({ transactions: [] }) }, outcome: 'error', detail: /content is object/ },
  { name: 'message.content is null', reply: { body: completion(null) }, outcome: 'malformed', detail: /empty answer/ },
  { name: 'choices is empty', reply: { body: completion('x', { choices: [] }) }, outcome: 'malformed', detail: /empty answer/ },
  { name: 'choices is missing', reply: { body: { id: 'x', object: 'chat.completion', model: 'm' } }, outcome: 'malformed' },
  {
    name: "'{' × 60 000 (under the size cap: extraction must be linear)",
    reply: { body: completion('{'.repeat(60_000)) },
    outcome: 'malformed',
    detail: /no parsable JSON object/,
  },
  { name: "'{\"' × 30 000", reply: { body: completion('{"'.repeat(30_000)) }, outcome: 'malformed' },
  { name: "'{}' × 30 000 around no object", reply: { body: completion(`x${'{}'.repeat(30_000)}`) }, outcome: 'invalid', detail: /transactions/ },
  { name: "'{' × 100 000 (over the cap)", reply: { body: completion('{'.repeat(100_000)) }, outcome: 'malformed', detail: /over the 65536 cap/ },
  { name: "'{' × 1 MiB", reply: { body: completion('{'.repeat(1 << 20)) }, outcome: 'malformed', detail: /over the 65536 cap/ },
  { name: 'a 1 MB description', reply: { body: completion(valid('饭'.repeat(1_000_000))) }, outcome: 'malformed', detail: /over the 65536 cap/ },
  { name: 'JSON nested 30 000 deep', reply: { body: completion(`{"a":${'['.repeat(30_000)}${']'.repeat(30_000)}}`) }, outcome: 'invalid' },
  { name: '<think> × 10 000 never closed', reply: { body: completion('<think>'.repeat(10_000)) }, outcome: 'malformed' },
  { name: 'fences × 5 000', reply: { body: completion('```json\n'.repeat(5000)) }, outcome: 'malformed' },
  { name: 'a body that is not JSON', reply: { body: 'not json at all' }, outcome: 'error' },
  { name: 'HTTP 400 with garbage', reply: { status: 400, body: '<<<>>>' }, outcome: 'error' },
  {
    name: 'usage with strings and a model that is an object',
    reply: { body: completion(valid('午饭'), { usage: { prompt_tokens: 'many' }, model: { x: 1 } }) },
    outcome: 'ok',
  },
];

async function runAgainst(reply: Reply): Promise<{ status: number | null; stderr: string; report: Report }> {
  const server = await loopbackModel(() => reply);
  const ws = workspace({ 'd.yaml': DIALOGUE });
  try {
    const result = await cliAsync(
      ['run', '--no-progress', '--llm', 'openai', '--base-url', server.url, '--model', 'm', '--dataset', ws.path('d.yaml'), '--out', ws.out],
      {
        env: { OPENAI_API_KEY: 'sk-hostile-answers-0000' },
      },
    );
    const report = JSON.parse(readFileSync(join(ws.out, 'report.json'), 'utf8')) as Report;
    return { status: result.status, stderr: result.stderr, report };
  } finally {
    await server.close();
  }
}

describe('hostile model answers: counted outcomes, never a crash', () => {
  for (const c of CASES) {
    it(c.name, async () => {
      const { status, stderr, report } = await runAgainst(c.reply);
      expect(stderr).not.toMatch(/\n\s+at /);
      expect([0, 1]).toContain(status);
      const call = report.dialogues[0]!.turns[0]!.llmCalls[0]!;
      expect(call.outcome).toBe(c.outcome);
      if (c.detail) expect(call.detail).toMatch(c.detail);
      // The trace keeps at most 4 KiB of any answer, marking what it dropped.
      expect((call.responseText ?? '').length).toBeLessThanOrEqual(4096 + 64);
      if (c.outcome !== 'ok') expect(report.dialogues[0]!.turns[0]!.route).toBe('fallback');
    });
  }

  it('a long answer under the cap is used, and the report keeps only its first 4 KiB, marked', async () => {
    const { report } = await runAgainst({ body: completion(valid('饭'.repeat(20_000))) });
    const call = report.dialogues[0]!.turns[0]!.llmCalls[0]!;
    expect(call.outcome).toBe('ok');
    expect(call.responseText).toMatch(/…\[\d+ more characters dropped\]$/);
  });
});
