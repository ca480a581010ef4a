import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeSource, launchChromium, openPage, seriousAxeViolations } from '../support/browser.js';
import { cli, tempDir } from '../support/cli.js';

/** The simulate report page (with a trend) and the simulate comparison page in headless Chromium at 1280×800. */
describe.skipIf(process.env.SKIP_BROWSER_TESTS === '1')('simulate pages in Chromium', () => {
  const dir = tempDir();
  const history = join(dir, 'history.sqlite');
  let browser: Browser;
  const pageErrors: string[] = [];

  const open = (file: string, options: { bypassCSP?: boolean } = {}) => openPage(browser, file, pageErrors, options);

  // A model that drops 40 % of items: a fall beyond chance at 60 users (at 20 % the fall, −15 pp [−31.5, +2.8], could be chance).
  beforeAll(async () => {
    for (const [out, extra] of [
      ['a', []],
      ['b', ['--perturb', 'drop=0.4']],
      ['c', []],
      ['zh', ['--lang', 'zh']],
    ] as const) {
      expect(cli(['simulate', '--users', '60', '--seed', '9', '--out', join(dir, out), '--history', history, ...extra]).status).toBe(0);
    }
    expect(cli(['compare', join(dir, 'a/report.json'), join(dir, 'b/report.json'), '--out', join(dir, 'cmp')]).status).toBe(1);
    browser = await launchChromium();
  }, 180_000);

  afterAll(async () => {
    await browser?.close();
  });

  it('shows the headline and every score card on the first screen, and the trend of the comparable runs', async () => {
    const page = await open(join(dir, 'c', 'report.html'));
    await expect(page.locator('#headline').innerText()).resolves.toMatch(/^Task success \d+\.\d% \(\d+ of 60 runs\)$/);
    const bottoms = await page.locator('#headline, #metrics [data-metric]').evaluateAll((els) => els.map((el) => el.getBoundingClientRect().bottom));
    // The headline and five cards: with one run per user, pass^1 would only repeat pass@1.
    expect(bottoms).toHaveLength(6);
    await expect(page.locator('#metrics [data-metric="passAllRepeats"]').count()).resolves.toBe(0);
    for (const bottom of bottoms) expect(bottom).toBeLessThanOrEqual(800);
    // Runs a and c are comparable; the perturbed b is not.
    await expect(page.locator('#trends figure[data-metric="taskSuccess"] circle').count()).resolves.toBe(2);
    await page.locator('#failures summary').first().click();
    await expect(page.locator('#failures ol.msgs').first().isVisible()).resolves.toBe(true);
    await page.close();
  });

  it('--lang zh: the Chinese headline and every score card on the first screen too', async () => {
    const page = await open(join(dir, 'zh', 'report.html'));
    await expect(page.locator('#headline').innerText()).resolves.toMatch(/^任务成功率 \d+\.\d%（60 次中 \d+ 次）$/);
    const bottoms = await page.locator('#headline, #metrics [data-metric]').evaluateAll((els) => els.map((el) => el.getBoundingClientRect().bottom));
    expect(bottoms).toHaveLength(6);
    for (const bottom of bottoms) expect(bottom).toBeLessThanOrEqual(800);
    await page.close();
  });

  it.skipIf(axeSource() === null)('has no serious or critical axe-core violations on the report and comparison pages', async () => {
    for (const file of [join(dir, 'c', 'report.html'), join(dir, 'zh', 'report.html'), join(dir, 'cmp', 'comparison.html')]) {
      const page = await open(file, { bypassCSP: true });
      expect(await seriousAxeViolations(page), file).toEqual([]);
      await page.close();
    }
  });

  it('the comparison page leads with the verdict and lists the users who broke', async () => {
    const page = await open(join(dir, 'cmp', 'comparison.html'));
    await expect(page.locator('.verdict').innerText()).resolves.toBe('✗ Fail');
    const headline = await page.locator('#headline').innerText();
    const broke = Number(/(\d+) users? broke/.exec(headline)![1]);
    expect(broke).toBeGreaterThan(0);
    await expect(page.locator('#broke li').count()).resolves.toBe(broke);
    await page.close();
  });

  it('raised no script error on any page', () => {
    expect(pageErrors).toEqual([]);
  });
});
