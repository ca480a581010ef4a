import { afterEach, describe, expect, it } from 'vitest';
import { endpointFromMessages } from '../../src/gateway/endpointMarker.js';
import { renderParseMessages } from '../../src/gateway/promptTemplates.js';
import { startServer, type RunningServer } from '../../src/llm/openaiCompatibleServer.js';
import { HeuristicModel } from '../../src/reference/heuristicModel.js';

// Issue 23: the reference parser's cost grows faster than its input, so one 1 MB prompt held
// serve-llm for 15 s and every request queued behind it. A message past 16 KiB is refused at once.
const servers: RunningServer[] = [];
afterEach(async () => {
  for (const server of servers.splice(0)) await server.close();
});

async function post(url: string, text: string): Promise<{ status: number; ms: number; body: string }> {
  const started = Date.now();
  const response = await fetch(`${url}/chat/completions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ model: 'm', messages: renderParseMessages(text) }),
  });
  const body = await response.text();
  return { status: response.status, ms: Date.now() - started, body };
}

describe('serve-llm and large prompts', () => {
  it('a 300 000-character user line (700 KB, under the body limit) is refused (413) at once, and the server keeps answering', async () => {
    const server = await startServer({ backend: new HeuristicModel(), endpointOf: endpointFromMessages, port: 0, log: () => undefined });
    servers.push(server);
    const huge = post(server.url, '午饭35块，'.repeat(50_000));
    const normal = post(server.url, '午饭35块');
    const [big, small] = await Promise.all([huge, normal]);
    expect(big.status).toBe(413);
    expect(big.body).toMatch(/content is 300000 characters; this server takes at most 16384/);
    expect(big.ms).toBeLessThan(3000);
    expect(small.status).toBe(200);
  });
});
