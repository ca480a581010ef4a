import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium, openPage } from '../support/browser.js';
import { cli, tempDir } from '../support/cli.js';
import { dataWords, latinWords } from '../support/latinWords.js';

/**
 * Issue 40, item 5: "`--lang zh` complete for run, compare, simulate and simulate compare … a test
 * scans every zh output for Latin words". The run page builds its transcripts in the browser, so
 * its text is read there: a gated `--repeat 2` run in Chinese, every transcript opened.
 */
describe.skipIf(process.env.SKIP_BROWSER_TESTS === '1')('--lang zh: the run page as the browser shows it', () => {
  let dir: string;
  let browser: Browser;
  const pageErrors: string[] = [];

  beforeAll(async () => {
    dir = tempDir('zh-page-');
    const run = (out: string, ...extra: string[]) =>
      cli([
        'run',
        '--llm',
        'heuristic',
        '--dataset',
        'datasets/model/split.yaml',
        '--repeat',
        '2',
        '--no-progress',
        '--lang',
        'zh',
        '--out',
        join(dir, out),
        ...extra,
      ]);
    expect(run('base', '--update-baseline', '--baseline', join(dir, 'base.json')).status).toBe(1);
    expect(run('gated', '--perturb', 'drop=0.2,intent=0.1', '--baseline', join(dir, 'base.json')).status).toBe(1);
    browser = await launchChromium();
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
  });

  it('every transcript opened, no English word is left', async () => {
    const page = await openPage(browser, join(dir, 'gated/report.html'), pageErrors);
    await page.getByRole('button', { name: '全部展开' }).first().click();
    await page.evaluate(() => document.querySelectorAll('details').forEach((d) => (d.open = true)));
    // Text nodes one by one: innerText would run adjacent chips together ("✓batchnull").
    const text = await page.evaluate(() => {
      const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
      const parts: string[] = [];
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        if (!node.parentElement?.closest('script, style, noscript')) parts.push(node.textContent ?? '');
      }
      return parts.join('\n');
    });
    await page.close();
    expect(text).toContain('第 1 轮');
    const data = dataWords(JSON.parse(readFileSync(join(dir, 'gated/report.json'), 'utf8')));
    const english = latinWords(text, data).map(({ word, context }) => `${word}  ←  ${context}`);
    expect([...new Set(english)]).toEqual([]);
    expect(pageErrors).toEqual([]);
  });
});
