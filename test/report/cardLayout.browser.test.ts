import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeReportSet } from '../../src/formats/writeReportSet.js';
import type { GateResult, Lang } from '../../src/report/model/reportTypes.js';
import { launchChromium, openPage } from '../support/browser.js';
import { makeReport } from './fixtures.js';

// Issue 40, item 6: "at 1280 px the change badges spill 26–109 px out of their cards … Chinese card
// titles wrap one character per line". Every metric card carries a change badge here. Skipped only with SKIP_BROWSER_TESTS=1.
describe.skipIf(process.env.SKIP_BROWSER_TESTS === '1')(
  'metric cards keep their change badges and titles inside, at 1280 and 375 px, in English and Chinese',
  () => {
    let dir: string;
    let browser: Browser;

    beforeAll(async () => {
      dir = await mkdtemp(join(tmpdir(), 'card-layout-'));
      const report = makeReport();
      const regressions: GateResult['regressions'] = Object.entries(report.metrics).map(([name, metric]) => ({
        kind: 'metric',
        name,
        baseline: Math.min(1, metric.score + 0.174),
        current: metric.score,
        tolerance: 0,
      }));
      for (const lang of ['en', 'zh'] as const) {
        await writeReportSet('run', join(dir, lang), { ...report, gate: { ...report.gate!, passed: false, regressions }, view: { lang } });
      }
      browser = await launchChromium();
    }, 60_000);

    afterAll(async () => {
      await browser?.close();
      if (dir) await rm(dir, { recursive: true, force: true });
    });

    for (const lang of ['en', 'zh'] as Lang[]) {
      for (const width of [1280, 375]) {
        it(`${lang} at ${width} px: no badge past its card, no page wider than the window, no title over two lines`, async () => {
          const pageErrors: string[] = [];
          const page = await openPage(browser, join(dir, lang, 'report.html'), pageErrors, { viewport: { width, height: 800 } });
          const measured = await page.evaluate(() => {
            const cards = [...document.querySelectorAll('.card')];
            const spills = cards.flatMap((card) => {
              const right = card.getBoundingClientRect().right;
              return [...card.querySelectorAll('.delta')].map((badge) => badge.getBoundingClientRect().right - right).filter((past) => past > 0.5);
            });
            const titleLines = cards.map((card) => {
              const title = card.querySelector('h3')!;
              return Math.round(title.getBoundingClientRect().height / parseFloat(getComputedStyle(title).lineHeight));
            });
            return {
              cards: cards.length,
              badges: document.querySelectorAll('.card .delta').length,
              spills,
              titleLines,
              pageWidth: document.documentElement.scrollWidth,
            };
          });
          expect(measured.cards).toBeGreaterThan(3);
          expect(measured.badges).toBe(measured.cards);
          expect(measured.spills).toEqual([]);
          expect(measured.pageWidth).toBeLessThanOrEqual(width);
          expect(Math.max(...measured.titleLines)).toBeLessThanOrEqual(2);
          expect(pageErrors).toEqual([]);
          await page.close();
        });
      }
    }
  },
);
