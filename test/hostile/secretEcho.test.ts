import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { IncomingMessage } from 'node:http';
import { describe, expect, it } from 'vitest';
import { cliAsync } from '../support/cli.js';
import { completion, loopbackModel, type Reply } from './loopbackModel.js';
import { workspace } from './workspace.js';

const KEY = 'sk-echo-7Hq2ZpLw9xVb3NcT5yRd';

const DIALOGUE = `- id: echo
  turns:
    - user: 午饭35块
      expect: {route: llm}
    - user: 确认
      expect: {state: LISTENING}
`;

/** Every form of the key a careless server or log could hand back. */
function keyForms(): string[] {
  const b64 = (text: string) => Buffer.from(text).toString('base64');
  return [
    KEY,
    KEY.toUpperCase(),
    KEY.toLowerCase(),
    b64(KEY).slice(0, 24),
    b64(`x${KEY}`).slice(4, 28),
    b64(`xy${KEY}`).slice(4, 28),
    Buffer.from(KEY).toString('hex'),
  ];
}

const auth = (req: IncomingMessage) => String(req.headers.authorization);
const answer = (description: string) => JSON.stringify({ transactions: [{ amount: 35, type: 'EXPENSE', category: '餐饮', description }] });

const ECHOES: Array<[string, (req: IncomingMessage) => Reply]> = [
  ['the header as the content', (req) => ({ body: completion(`Authorization: ${auth(req)}`) })],
  ['the key inside a valid answer (saved as a description)', (req) => ({ body: completion(answer(auth(req))) })],
  ['the key upper-cased', (req) => ({ body: completion(answer(auth(req).toUpperCase())) })],
  ['the key in base64', (req) => ({ body: completion(answer(Buffer.from(auth(req)).toString('base64'))) })],
  ['user:key in base64 (a Basic credential)', (req) => ({ body: completion(answer(Buffer.from(`u:${auth(req).slice(7)}`).toString('base64'))) })],
  ['the key in hex', (req) => ({ body: completion(answer(Buffer.from(auth(req).slice(7)).toString('hex'))) })],
  ['the key as the model name', (req) => ({ body: completion(answer('午饭'), { model: auth(req) }) })],
  ['the key in an HTTP 400 error body', (req) => ({ status: 400, body: { error: { message: `bad key ${auth(req)}` } } })],
];

function everything(dir: string): string {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => readFileSync(join(entry.parentPath, entry.name)).toString('latin1') + readFileSync(join(entry.parentPath, entry.name), 'utf8'))
    .join('\n');
}

describe('a server that echoes the Authorization header: the key is never written or shown', () => {
  for (const [name, reply] of ECHOES) {
    it(name, async () => {
      const server = await loopbackModel(reply);
      const ws = workspace({ 'd.yaml': DIALOGUE });
      try {
        const result = await cliAsync(
          [
            'run',
            '--no-progress',
            '--llm',
            'openai',
            '--base-url',
            server.url,
            '--model',
            'm',
            '--dataset',
            ws.path('d.yaml'),
            '--out',
            ws.out,
            '--db',
            ws.db,
            '--record',
            ws.path('calls.cassette.json'),
          ],
          { env: { OPENAI_API_KEY: KEY } },
        );
        expect([0, 1]).toContain(result.status);
        const written = `${everything(ws.dir)}\n${result.stdout}\n${result.stderr}`;
        for (const form of keyForms()) expect(written).not.toContain(form);
        // Where the echo is kept (answers, errors), the marker stands in its place.
        if (!name.includes('model name')) expect(written).toContain('[redacted]');
      } finally {
        await server.close();
      }
    });
  }
});
