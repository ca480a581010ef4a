import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { cliAsync, tempDir } from '../support/cli.js';
import { ServedLlms } from '../support/servedLlm.js';

// Issue 45 item 7: the stand-in's served noise depended on the order requests arrived in, so at
// --concurrency 4 a calibration could not be run twice alike. Keyed by the request's seed and
// content (or by the batch a call is about), the same run answers the same at any concurrency.
const NOISE = 'offByOne=0.3,drop=0.1,intent=0.1';
const servers = new ServedLlms();
afterAll(() => servers.stopAll());

interface Report {
  readonly dialogues: ReadonlyArray<{ readonly id: string; readonly answerDigests?: unknown }>;
}

async function answers(url: string, concurrency: string): Promise<Map<string, string>> {
  const out = join(tempDir('served-noise-'), 'out');
  const args = ['run', '--llm', 'openai', '--base-url', url, '--model', 'served', '--dataset', 'datasets/model/correct-ordinal.yaml', '--repeat', '2'];
  const result = await cliAsync(
    [...args, '--temperature', '1', '--sampling-seed', '11', '--concurrency', concurrency, '--no-progress', '--no-history', '--out', out],
    { env: { OPENAI_API_KEY: '' } },
  );
  expect([0, 1], result.stderr).toContain(result.status);
  const report = JSON.parse(readFileSync(join(out, 'report.json'), 'utf8')) as Report;
  return new Map(report.dialogues.map((d) => [d.id, JSON.stringify(d.answerDigests)]));
}

const differing = (a: Map<string, string>, b: Map<string, string>) => [...a.keys()].filter((id) => a.get(id) !== b.get(id)).length;

describe('serve-llm --perturb-key: noise from the seed and the content, not the order of calls', () => {
  it.each(['request', 'dialogue'])(
    '--perturb-key %s answers a run alike at --concurrency 1 and 4, and the noise is there',
    async (key) => {
      const noisy = await servers.start(['--perturb', NOISE, '--perturb-seed', '3', '--perturb-key', key]);
      const clean = await servers.start([]);
      const one = await answers(noisy, '1');
      const four = await answers(noisy, '4');
      expect(one.size).toBe(66);
      expect(differing(one, four)).toBe(0);
      expect(differing(one, await answers(clean, '4'))).toBeGreaterThan(10);
    },
    240_000,
  );

  it('--perturb-key without --perturb, or beside --honour-seeds, is exit 2 naming why', async () => {
    const alone = await cliAsync(['serve-llm', '--port', '0', '--perturb-key', 'request']);
    expect(alone.status).toBe(2);
    expect(alone.stderr).toContain('--perturb-key keys the --perturb draws: give --perturb too');
    const both = await cliAsync(['serve-llm', '--port', '0', '--perturb', 'drop=0.1', '--perturb-key', 'request', '--honour-seeds']);
    expect(both.status).toBe(2);
    expect(both.stderr).toContain('--honour-seeds and --perturb-key both say what the draws are keyed by');
  }, 60_000);
});
