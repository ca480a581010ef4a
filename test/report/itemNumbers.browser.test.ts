import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeReportSet } from '../../src/formats/writeReportSet.js';
import { launchChromium, openPage } from '../support/browser.js';
import { makeReport } from './fixtures.js';

// Issue 40, item 7: "transcripts number items from 0 where the user says 第1笔". report.json keeps
// the 0-based index as data; the transcript a reader sees counts from 1. Skipped only with SKIP_BROWSER_TESTS=1.
describe.skipIf(process.env.SKIP_BROWSER_TESTS === '1')('transcripts number draft items from 1', () => {
  let dir: string;
  let browser: Browser;
  let page: Page;
  const pageErrors: string[] = [];

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'item-numbers-'));
    await writeReportSet('run', dir, makeReport());
    browser = await launchChromium();
    page = await openPage(browser, join(dir, 'report.html'), pageErrors);
    await page.locator('#dialogue-list').waitFor();
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('the draft table of an opened transcript numbers its rows 1, 2 under "Item"', async () => {
    const table = page.locator('#d-multi-correct-02 .batch table').first();
    await expect(table.locator('thead th').first().innerText()).resolves.toBe('Item');
    const numbers = await table.locator('tbody tr td:first-child').allInnerTexts();
    expect(numbers).toEqual(numbers.map((_, i) => String(i + 1)));
    expect(numbers.length).toBeGreaterThan(1);
    expect(pageErrors).toEqual([]);
  });
});
