import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { cli, cliAsync, tempDir } from '../support/cli.js';
import { ServedLlms } from '../support/servedLlm.js';

// Issue 40 item 4: two models behind one --model name, served over real HTTP on 127.0.0.1 by two
// serve-llm stand-ins that report different model ids. The served id is on every first screen,
// the history keeps the two apart, and a run after another model's says so.
const servers = new ServedLlms();

describe('the served model is visible and part of what is comparable (issue 40, item 4)', () => {
  const dir = tempDir('served-model-');
  const history = join(dir, 'history.sqlite');
  afterAll(() => servers.stopAll());

  async function runAgainst(baseUrl: string, out: string, extra: readonly string[] = []) {
    const result = await cliAsync(
      [
        'run',
        '--llm',
        'openai',
        '--base-url',
        baseUrl,
        '--model',
        'm',
        '--dataset',
        'datasets/model/correct-ordinal.yaml',
        '--no-progress',
        '--history',
        history,
        '--out',
        join(dir, out),
        ...extra,
      ],
      { env: { OPENAI_API_KEY: '' } },
    );
    const read = (file: string) => readFileSync(join(dir, out, file), 'utf8');
    return { ...result, report: JSON.parse(read('report.json')), md: read('report.md'), html: read('report.html') };
  }

  it('names the served model on the console, report.md and report.html, and says when the previous run had another', async () => {
    const one = await servers.start(['--model-id', 'stand-in-one@aaaa1111']);
    const two = await servers.start(['--model-id', 'stand-in-two@bbbb2222']);

    const first = await runAgainst(one, 'first');
    expect(first.stderr).toBe('');
    expect(first.report.run.llm.model).toBe('m');
    expect(first.report.run.llm.servedModels).toEqual(['stand-in-one@aaaa1111']);
    for (const page of [first.stdout, first.md, first.html]) expect(page).toContain('the server said stand-in-one@aaaa1111 answered');

    const second = await runAgainst(two, 'second');
    expect(second.report.run.llm.servedModels).toEqual(['stand-in-two@bbbb2222']);
    const changed = 'The previous run of this configuration was answered by another model (stand-in-one@aaaa1111; now: stand-in-two@bbbb2222)';
    for (const page of [second.stdout, second.md, second.html]) {
      expect(page).toContain('the server said stand-in-two@bbbb2222 answered');
      expect(page).toContain(changed);
    }
    // Its model has no earlier run: no trend, though a run of the same configuration came before.
    expect(second.md).not.toMatch(/### Trend/);

    // Back on the first model: its trend is the first run and this one, never the other model's run.
    const third = await runAgainst(one, 'third');
    expect(third.stdout).toContain('The previous run of this configuration was answered by another model (stand-in-two@bbbb2222; now: stand-in-one@aaaa1111)');
    expect(third.md).toMatch(/### Trend \(2\)/);
    expect(third.md).toContain('No metric moved since the previous comparable run.');

    // Against a baseline made with the first model: the first words say two models are compared.
    const gated = await runAgainst(two, 'gated', ['--baseline', join(dir, 'first', 'report.json')]);
    expect(gated.report.gate.servedModels).toEqual({ baseline: ['stand-in-one@aaaa1111'], current: ['stand-in-two@bbbb2222'] });
    const against = 'The baseline was answered by another model (baseline: stand-in-one@aaaa1111; now: stand-in-two@bbbb2222): this compares two models.';
    for (const page of [gated.stdout, gated.md, gated.html]) expect(page).toContain(against);

    const listed = cli(['history', '--history', history]);
    expect(listed.status).toBe(0);
    const rows = listed.stdout.trim().split('\n').slice(1);
    expect(rows.map((row) => /\(served ([^)]+)\)/.exec(row)?.[1])).toEqual([
      'stand-in-one@aaaa1111',
      'stand-in-two@bbbb2222',
      'stand-in-one@aaaa1111',
      'stand-in-two@bbbb2222',
    ]);
  }, 180_000);
});
