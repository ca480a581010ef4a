import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeReportSet } from '../../src/formats/writeReportSet.js';
import { makeReport, XSS_LINE, XSS_TITLE } from './fixtures.js';

/** Opens the real report.html in headless Chromium. Skipped only with SKIP_BROWSER_TESTS=1. */
describe.skipIf(process.env.SKIP_BROWSER_TESTS === '1')('report.html in Chromium', () => {
  let dir: string;
  let browser: Browser;
  let page: Page;
  const dialogs: string[] = [];
  const pageErrors: string[] = [];
  const consoleErrors: string[] = [];
  const externalRequests: string[] = [];

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'report-browser-'));
    await writeReportSet('run', dir, makeReport());
    browser = await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    });
    page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    page.on('pageerror', (error) => pageErrors.push(error.message));
    page.on('console', (message) => {
      if (message.type() === 'error') consoleErrors.push(message.text());
    });
    page.on('request', (request) => {
      if (!/^(file|data):/.test(request.url())) externalRequests.push(request.url());
    });
    await page.goto(pathToFileURL(join(dir, 'report.html')).href);
    await page.locator('#dialogue-list').waitFor();
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  const visibleCards = () => page.locator('article.dlg:visible');

  it('renders the summary', async () => {
    await expect(page.locator('#headline').innerText()).resolves.toBe('2 of 3 dialogues passed');
    const header = await page.locator('header').innerText();
    expect(header).toContain('✗ Failed');
    expect(header).toContain('qwen-plus');
    await expect(page.locator('#regressions').innerText()).resolves.toContain('两笔消费，纠正第二笔金额');
    await expect(page.locator('[data-metric="correctionIndexMapping"]').innerText()).resolves.toMatch(/50\.0%/);
    await expect(page.locator('table.confusion').isVisible()).resolves.toBe(true);
  });

  it('renders the failing transcript, opened by default', async () => {
    const card = page.locator('#d-multi-correct-02');
    await expect(card.locator('.dlg-body').isVisible()).resolves.toBe(true);
    const text = await card.innerText();
    expect(text).toContain('午饭35，打车20');
    expect(text).toContain('一共两笔：第一笔，午饭35元；第二笔，打车20元。都对吗？');
    expect(text).toContain('Time advances 3000 ms');
    expect(text).toMatch(/pending\s+¥20\.00\s+expense\s+交通\s+打车/);
    expect(text).toMatch(/cancelled/);
    expect(text).toContain('LLM correct');
    await expect.poll(() => card.locator('.check-fail').count()).toBe(2);
    await expect(card.locator('.check-fail .act pre').first().innerText()).resolves.toContain('"amount": 20');
  });

  it('shows script-like user text as text and never runs it', async () => {
    const bubbles = await page.locator('#d-multi-correct-02 .msg-user .bubble').allInnerTexts();
    expect(bubbles).toContain(XSS_LINE);
    await expect(page.locator('#d-multi-three-items .dlg-title').innerText()).resolves.toBe(XSS_TITLE);
    await expect.poll(() => page.locator('img').count()).toBe(0);
    expect(await page.evaluate('typeof window.__xss')).toBe('undefined');
    expect(dialogs).toEqual([]);
    expect(pageErrors).toEqual([]);
    expect(consoleErrors).toEqual([]);
    expect(externalRequests).toEqual([]);
  });

  it('filters by status, tag and text', async () => {
    await expect.poll(() => visibleCards().count()).toBe(3);
    await page.locator('button[data-filter="failed"]').click();
    await expect.poll(() => visibleCards().count()).toBe(1);
    await expect(visibleCards().first().getAttribute('id')).resolves.toBe('d-multi-correct-02');

    await page.locator('button[data-filter="passed"]').click();
    await expect.poll(() => visibleCards().count()).toBe(2);
    await expect.poll(() => page.locator('#d-multi-correct-02').isHidden()).toBe(true);

    await page.locator('button[data-filter="all"]').click();
    await page.locator('#tag-filter').selectOption('correction');
    await expect.poll(() => visibleCards().count()).toBe(1);
    await page.locator('#tag-filter').selectOption('');

    await page.locator('#search').fill('LUNCH');
    await expect.poll(() => visibleCards().count()).toBe(1);
    await page.locator('#search').fill('没有这个');
    await expect.poll(() => visibleCards().count()).toBe(0);
    await expect.poll(() => page.locator('.empty').isVisible()).toBe(true);
    await page.locator('#search').fill('');
    await expect.poll(() => visibleCards().count()).toBe(3);
  });

  it('opens a passing transcript on click', async () => {
    const card = page.locator('#d-single-lunch');
    await card.locator('.dlg-head').click();
    const text = await card.locator('.dlg-body').innerText();
    expect(text).toContain('午饭三十五');
    expect(text).toContain('Taps “confirm”');
    expect(text).toMatch(/confirmed\s+¥35\.00/);
    await page.locator('#d-multi-three-items .dlg-head').click();
    await expect(page.locator('#d-multi-three-items .dlg-body').innerText()).resolves.toContain('Transcript not recorded');
  });
});
