import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { servedModelBaselineSaid, servedModelSaid } from '../../src/report/words/servedModel.js';
import { renderHistoryTable } from '../../src/report/console/historyConsole.js';
import type { HistoryRun } from '../../src/history/historyQueries.js';
import { cli, cliAsync, tempDir } from '../support/cli.js';
import { completion, loopbackModel } from './loopbackModel.js';

/**
 * Issue 47, items 4–7: the name a server gives the model that answered (`model` of each answer) is
 * outside input. Served over real HTTP on 127.0.0.1 by a stand-in that names whatever `name(n)`
 * says for its n-th answer.
 */
const DATASET = 'datasets/model/correct-ordinal.yaml';
const ANSWER = { transactions: [{ amount: 8, type: 'EXPENSE', category: '餐饮', description: '早饭', date: null }] };
const dir = tempDir('served-name-');
const closers: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const close of closers) await close();
});

async function runNaming(name: (n: number) => string, out: string, extra: readonly string[] = []) {
  let answered = 0;
  const server = await loopbackModel(() => ({ body: completion(JSON.stringify(ANSWER), { model: name(answered++) }) }));
  closers.push(server.close);
  const result = await cliAsync(
    ['run', '--llm', 'openai', '--base-url', server.url, '--model', 'asked', '--dataset', DATASET, '--no-progress', '--out', join(dir, out), ...extra],
    { env: { OPENAI_API_KEY: '' } },
  );
  const file = (name: string) => join(dir, out, name);
  const read = (name: string) => readFileSync(file(name), 'utf8');
  return { ...result, file, json: read('report.json'), md: read('report.md'), html: read('report.html') };
}

/** The longest line of a text, in characters. */
const longestLine = (text: string) => Math.max(...text.split('\n').map((line) => line.length));

describe('the served model name is outside input (issue 47)', () => {
  it('item 4: a newline in the name adds no row to history and no line to the compare warning', async () => {
    const history = join(dir, 'rows.sqlite');
    const plain = await runNaming(() => 'plain-model', 'plain', ['--history', history]);
    const forged = await runNaming(() => 'evil\nFAKE-ROW 2099-01-01 00:00:00Z  scripted / x  e2e  batch  1/1  100.0%  passed', 'forged', [
      '--history',
      history,
    ]);
    expect(forged.status).not.toBe(3);
    const listed = cli(['history', '--history', history]);
    expect(listed.status).toBe(0);
    const lines = listed.stdout.trimEnd().split('\n');
    expect(lines).toHaveLength(3);
    expect(lines.some((line) => line.startsWith('FAKE-ROW'))).toBe(false);
    expect(lines[2]).toMatch(/^2 .*evil FAKE-ROW/);

    const compared = cli(['compare', plain.file('report.json'), forged.file('report.json')]);
    const warning = compared.stdout.split('\n').filter((line) => line.includes('other models answered'));
    expect(warning).toHaveLength(1);
    expect(warning[0]).toContain('evil FAKE-ROW 2099-01-01');
    expect(compared.stdout.split('\n').some((line) => line.startsWith('FAKE-ROW'))).toBe(false);
    expect(forged.stdout.split('\n').some((line) => line.startsWith('FAKE-ROW'))).toBe(false);
  }, 240_000);

  it('item 5: bare URLs and addresses in the name are not links in report.md (GitHub autolinks them)', async () => {
    const run = await runNaming(() => 'see https://evil.example/pay www.evil.example boss@evil.example', 'links');
    const served = run.md.split('\n').find((line) => line.includes('the server said'));
    expect(served).toBeDefined();
    // GFM autolinks a scheme followed by //, a www. and an address; the escaped forms render the same text, unlinked.
    expect(served).not.toMatch(/https?:\/\//);
    expect(served).not.toMatch(/www\./i);
    expect(served).not.toMatch(/boss@evil/);
    expect(served).toContain('https:\\/\\/evil.example/pay www\\.evil.example boss@<!-- -->evil.example');
  }, 240_000);

  it('item 6: a 1 MB name is bounded on the console, in every report file and in the history; report.md keeps its first screen', async () => {
    const history = join(dir, 'big.sqlite');
    const small = await runNaming(() => 'small-model', 'small', ['--history', join(dir, 'small.sqlite')]);
    const big = await runNaming(() => `huge-${'x'.repeat(1 << 20)}`, 'huge', ['--history', history]);
    expect(longestLine(big.stdout)).toBeLessThan(2_000);
    for (const name of ['report.json', 'report.html', 'report.md', 'junit.xml']) {
      expect(statSync(big.file(name)).size - statSync(small.file(name)).size, name).toBeLessThan(4_000);
    }
    expect(statSync(history).size).toBeLessThan(statSync(join(dir, 'small.sqlite')).size + 64 * 1024);
    expect(big.md).toContain('the server said huge-xxx');
    expect(big.md).not.toContain('cut to fit a comment');
    expect(big.md).toMatch(/\n\| Metric \|/);
    const listed = cli(['history', '--history', history]);
    expect(longestLine(listed.stdout)).toBeLessThan(400);
  }, 240_000);

  it('item 7: a server naming another model on every answer gets a bounded list with a count, never every name', async () => {
    const run = await runNaming((n) => `model-${String(n).padStart(3, '0')}-${'y'.repeat(2000)}`, 'many');
    const names = (text: string) => text.match(/model-\d{3}-/g) ?? [];
    const report = JSON.parse(run.json) as { run: { llm: { servedModels: string[] } } };
    const listed = report.run.llm.servedModels;
    expect(listed.at(-1)).toMatch(/^… \(\d+ more\)$/);
    const answered = Number(/^… \((\d+) more\)$/.exec(listed.at(-1)!)![1]) + listed.length - 1;
    expect(answered).toBeGreaterThan(18);
    const served = run.stdout.split('\n').find((line) => line.includes('the server said'))!;
    expect(names(served).length).toBeLessThanOrEqual(3);
    expect(served).toContain(`… (${answered - names(served).length} more)`);
    for (const page of [run.md, run.html]) expect(page).toContain(`… (${answered - names(served).length} more)`);
    expect(JSON.stringify(listed).length).toBeLessThan(4_000);
  }, 240_000);
});

describe('names read back from files (an older report, a hand-edited baseline, an older history) are bounded where they are said', () => {
  const names = ['line\nFAKE-ROW', `big-${'z'.repeat(1 << 20)}`, ...Array.from({ length: 30 }, (_, i) => `m${i}`)];

  it('the headline and the baseline warning: one line, each name bounded, three names then how many more', () => {
    for (const lang of ['en', 'zh'] as const) {
      const said = servedModelSaid({ backend: 'openai', model: 'asked', servedModels: names }, lang)!;
      expect(said).not.toContain('\n');
      expect(said.length).toBeLessThan(400);
      expect(said).toContain(lang === 'en' ? '… (29 more)' : '…（另 29 个）');
      const warning = servedModelBaselineSaid({ baseline: names, current: ['b', '… (7 more)'] }, lang);
      expect(warning).toContain(lang === 'en' ? 'b … (7 more)' : 'b…（另 7 个）');
    }
  });

  it('the history table: one line a run, the name bounded', () => {
    const run = {
      id: 1,
      startedAt: '2026-03-01T00:00:00.000Z',
      backend: 'openai',
      model: 'asked',
      served: names,
      kind: 'run',
      mode: 'e2e',
      protocol: 'batch',
      dialogues: { passed: 1, total: 1 },
      metrics: {},
      passed: true,
      datasets: ['a.yaml'],
    } as unknown as HistoryRun;
    const table = renderHistoryTable([run]);
    expect(table.trimEnd().split('\n')).toHaveLength(2);
    expect(table.length).toBeLessThan(400);
  });
});
