import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Reply {
  readonly status?: number;
  /** The whole response body; a string is sent as is. */
  readonly body: unknown;
}

/** An OpenAI-compatible endpoint on 127.0.0.1 whose every answer is `reply(request)`. */
export async function loopbackModel(reply: (req: IncomingMessage) => Reply): Promise<{ url: string; close(): Promise<void> }> {
  const server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      const { status = 200, body } = reply(req);
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(typeof body === 'string' ? body : JSON.stringify(body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/v1`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** A chat.completion body whose message content is `content` (any JSON value). */
export function completion(content: unknown, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    id: 'chatcmpl-1',
    object: 'chat.completion',
    created: 0,
    model: 'hostile-1',
    choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop' }],
    ...extra,
  };
}
