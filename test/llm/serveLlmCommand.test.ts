import { describe, expect, it } from 'vitest';
import { serveLlm } from '../../src/cli/serveLlmCommand.js';
import { renderConversationMessages, renderCorrectionMessages, renderParseMessages } from '../../src/gateway/promptTemplates.js';

describe('serve-llm', () => {
  it('prints the base URL of a heuristic server that answers /v1/models', async () => {
    let printed = '';
    const server = await serveLlm({ backend: 'heuristic', port: 0, latencyMs: 0, failStatus: 500 }, { write: (text: string) => (printed += text) });
    try {
      expect(printed).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/v1\n$/);
      const models = (await (await fetch(`${server.url}/models`)).json()) as { data: { id: string }[] };
      expect(models.data[0]!.id).toBe('heuristic-rules-v1');
    } finally {
      await server.close();
    }
  });

  it('needs a cassette to replay', async () => {
    await expect(serveLlm({ backend: 'replay', port: 0, latencyMs: 0, failStatus: 500 }, { write: () => true })).rejects.toThrow(
      '--backend replay needs --cassette FILE',
    );
  });

  it('over HTTP, the heuristic resolves days against the today the rendered prompt names, as in process', async () => {
    const server = await serveLlm({ backend: 'heuristic', port: 0, latencyMs: 0, failStatus: 500 }, { write: () => true });
    const answer = async (messages: unknown): Promise<unknown> => {
      const response = await fetch(`${server.url}/chat/completions`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ model: 'heuristic-rules-v1', messages }),
      });
      const body = (await response.json()) as { choices: { message: { content: string } }[] };
      return JSON.parse(body.choices[0]!.message.content);
    };
    try {
      const options = { today: '2024-03-01' };
      expect(await answer(renderParseMessages('昨天打车30', options))).toMatchObject({ transactions: [{ amount: 30, date: '2024-02-29' }] });
      const batch = [{ index: 0, amount: 30, type: 'EXPENSE' as const, category: '交通', description: '打车', date: null }];
      expect(await answer(renderCorrectionMessages({ currentBatch: batch, correctionText: '改成前天' }, options))).toMatchObject({
        corrections: [{ index: 0, updatedFields: { date: '2024-02-28' } }],
      });
      const current = { amount: 30, type: 'EXPENSE' as const, category: '交通', description: '打车', date: null };
      expect(await answer(renderConversationMessages([], current, '是昨天的', options))).toMatchObject({
        action: 'correct',
        transaction: { date: '2024-02-29' },
      });
    } finally {
      await server.close();
    }
  });
});
