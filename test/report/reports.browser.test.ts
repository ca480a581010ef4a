import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeSource, launchChromium, openPage, seriousAxeViolations } from '../support/browser.js';
import { cli } from '../support/cli.js';
import { METRICS } from '../../src/scoring/metrics/registry.js';
import { BROKEN_ID, threeRuns, type ThreeRuns } from './threeRuns.js';

/**
 * The history, trend, slice and comparison pages of three real runs, opened in headless Chromium
 * at 1280×800. Skipped only with SKIP_BROWSER_TESTS=1. Set REPORT_SCREENSHOT_DIR to keep the
 * first-screen screenshots.
 */
describe.skipIf(process.env.SKIP_BROWSER_TESTS === '1')('report pages of three runs in Chromium', () => {
  let r: ThreeRuns;
  let zhDir: string;
  let browser: Browser;
  const pageErrors: string[] = [];

  const open = (file: string, options: { bypassCSP?: boolean } = {}) => openPage(browser, file, pageErrors, options);

  beforeAll(async () => {
    r = threeRuns();
    zhDir = join(r.dir, 'zh');
    expect(cli(['run', '--dataset', join(r.dir, 'suite.yaml'), '--out', zhDir, '--history', r.history, '--lang', 'zh', '--no-progress']).status).toBe(0);
    browser = await launchChromium();
  }, 180_000);

  afterAll(async () => {
    await browser?.close();
  });

  it("the fixed run's trend shows the dip and the recovery", async () => {
    const page = await open(join(r.runs[2]!, 'report.html'));
    const chart = page.locator('#trends figure[data-metric="correctionIndexMapping"]');
    await expect(chart.isVisible()).resolves.toBe(true);
    const ys = await chart.locator('circle').evaluateAll((circles) => circles.map((c) => Number(c.getAttribute('cy'))));
    expect(ys).toHaveLength(3);
    // SVG y grows downwards: the regressed run's point sits lower than the two around it.
    expect(ys[1]).toBeGreaterThan(ys[0]! + 10);
    expect(ys[2]).toBe(ys[0]);
    await expect(chart.locator('svg').getAttribute('aria-label')).resolves.toBe('Correction index mapping: 100.0% → 88.9% → 100.0%');
    await expect(page.locator('[data-metric="correctionIndexMapping"] .spark').innerText()).resolves.toBe('█▁█');
    await page.close();
  });

  it('a failing dialogue says when it last passed and since when it fails', async () => {
    const page = await open(join(r.runs[1]!, 'report.html'));
    const info = await page.locator(`#d-${BROKEN_ID} .dlg-info`).innerText();
    expect(info).toMatch(/last passed \d{4}-\d\d-\d\d \d\d:\d\d.*failing since \d{4}-\d\d-\d\d \d\d:\d\d/);
    await page.close();
  });

  it('marks the differing fields of expected and actual', async () => {
    const page = await open(join(r.runs[1]!, 'report.html'));
    const check = page.locator(`#d-${BROKEN_ID} .check-fail`).first();
    const expectedMarks = await check.locator('.exp mark.diff').allInnerTexts();
    const actualMarks = await check.locator('.act mark.diff').allInnerTexts();
    // The correction went to item 0 instead of item 1: both amounts differ, nothing else the dataset names.
    expect(expectedMarks).toEqual(['"amount": 22,', '"amount": 2.5,']);
    expect(actualMarks).toEqual(['"amount": 2.5,', '"amount": 1.5,']);
    await expect(check.locator('.act pre').innerText()).resolves.toContain('"status": "pending"');
    expect(await check.locator('mark.diff', { hasText: 'status' }).count()).toBe(0);
    await page.close();
  });

  it("sorts the slice table and opens a slice's dialogues", async () => {
    const page = await open(join(r.runs[1]!, 'report.html'));
    const firstSlice = () => page.locator('#slice-table tbody tr').first().getAttribute('data-slice');
    await page.locator('#slice-table thead button', { hasText: 'Dialogues' }).click();
    await expect(firstSlice()).resolves.toBe('scenario:纠正更新通知');
    await expect(page.locator('#slice-table thead th[aria-sort="ascending"]').innerText()).resolves.toContain('Dialogues');
    await page.locator('#slice-table thead button', { hasText: 'Dialogues' }).click();
    await expect(page.locator('#slice-table thead th[aria-sort="descending"]').count()).resolves.toBe(1);
    expect(await firstSlice()).not.toBe('scenario:纠正更新通知');

    await page.locator('#slice-table a[href="#s-feature%3Acorrection"]').click();
    await expect.poll(() => page.locator('article.dlg:visible').count()).toBe(10);
    await expect(page.locator('#slice-filter').innerText()).resolves.toContain('feature:correction');
    await page.locator('#slice-filter button').click();
    await expect.poll(() => page.locator('article.dlg:visible').count()).toBe(19);
    await page.close();
  });

  it('the comparison page names the flipped dialogue and marks the differing fields side by side', async () => {
    const page = await open(join(r.compareOut, 'comparison.html'));
    // The suite's move leads (issue 49); the dialogue counts follow it.
    await expect(page.locator('#headline').innerText()).resolves.toMatch(/^Dialogue success \(share of runs passed\) /);
    await expect(page.locator('#counts').innerText()).resolves.toMatch(/^1 dialogue broke, 0 fixed · \d+ metrics worse$/);
    await expect(page.locator('.verdict').innerText()).resolves.toBe('✗ Failed');
    await expect(page.locator('#what-broke').innerText()).resolves.toContain(BROKEN_ID);
    // The transcripts come after the figures, closed until asked for.
    const flip = page.locator('#broke article.flip');
    await expect(flip.isVisible()).resolves.toBe(false);
    await page.locator('#broke details.flips > summary').click();
    await expect(flip.count()).resolves.toBe(1);
    await expect(flip.locator('h3').innerText()).resolves.toContain(BROKEN_ID);
    const batch = flip.locator('tr.differs[data-field="batch"]');
    await expect(batch.count()).resolves.toBe(1);
    await expect(batch.locator('td').nth(1).locator('mark.diff').allInnerTexts()).resolves.toEqual([
      '#0 pending ¥2.50 EXPENSE 餐饮 牛肉面',
      '#1 pending ¥1.50 EXPENSE 交通 共享单车',
    ]);
    await expect(flip.locator('tr.differs[data-field="input"]').count()).resolves.toBe(0);
    await expect(page.locator('#metric-deltas tr[data-metric="correctionIndexMapping"]').innerText()).resolves.toMatch(/100\.0%\s+88\.9%\s+-11\.1 pp/);
    await expect(page.locator('#slice-deltas tr[data-slice="feature:correction"]').isVisible()).resolves.toBe(true);
    await page.close();
  });

  it('shows verdict, headline and every metric on the first screen at 1280×800, with Chinese labels', async () => {
    const page = await open(join(zhDir, 'report.html'));
    await expect(page.locator('html').getAttribute('lang')).resolves.toBe('zh-CN');
    await expect(page.locator('#headline').innerText()).resolves.toBe('19 段对话中 19 段通过');
    await expect(page.locator('.verdict').innerText()).resolves.toBe('✓ 通过');
    await expect(page.locator('#plain-measured').innerText()).resolves.toContain('协议符合度');
    await expect(page.locator('#plain-changed').innerText()).resolves.toContain('与上一次可比运行相比');
    await expect(page.locator('#metrics h2').innerText()).resolves.toBe('指标');
    const bottoms = await page
      .locator('.verdict, #headline, #plain-measured, #plain-changed, #metrics [data-metric]')
      .evaluateAll((els) => els.map((el) => el.getBoundingClientRect().bottom));
    // The verdict, the headline's three lines and one card per metric of the registry.
    expect(bottoms.length).toBe(4 + METRICS.length);
    for (const bottom of bottoms) expect(bottom).toBeLessThanOrEqual(800);
    // No raw camelCase counter names anywhere on the page.
    await page
      .locator('#metrics details')
      .first()
      .evaluate((el) => ((el as HTMLDetailsElement).open = true));
    expect(await page.locator('body').innerText()).not.toMatch(/\b[a-z]+[A-Z][a-zA-Z]*Exact\b|afterCancelOrConfirm/);
    const shot = await page.screenshot({ path: join(process.env.REPORT_SCREENSHOT_DIR ?? r.dir, 'first-screen-zh.png') });
    expect(shot.length).toBeGreaterThan(10_000);
    await page.close();
  });

  it.skipIf(axeSource() === null)('has no serious or critical axe-core violations on the report and comparison pages', async () => {
    for (const file of [join(r.runs[1]!, 'report.html'), join(zhDir, 'report.html'), join(r.compareOut, 'comparison.html')]) {
      // axe is injected as a script, which the page's own CSP would refuse.
      const page = await open(file, { bypassCSP: true });
      expect(await seriousAxeViolations(page), file).toEqual([]);
      await page.close();
    }
  });

  it('raised no script error on any page', () => {
    expect(pageErrors).toEqual([]);
  });
});
