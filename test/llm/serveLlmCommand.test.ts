import { describe, expect, it } from 'vitest';
import { serveLlm } from '../../src/cli/serveLlmCommand.js';

describe('serve-llm', () => {
  it('prints the base URL of a heuristic server that answers /v1/models', async () => {
    let printed = '';
    const server = await serveLlm(
      { backend: 'heuristic', port: 0, latencyMs: 0, failStatus: 500 },
      { write: (text: string) => (printed += text) },
    );
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
});
