import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium, openPage, titleWrapping } from '../support/browser.js';
import { cli, tempDir } from '../support/cli.js';

const VIEWPORTS = [
  { width: 1280, height: 800 },
  { width: 375, height: 800 },
] as const;

/**
 * The bold words at the top of a first screen must be read in the five seconds the issue gives the
 * whole screen: at skimming speed (about 350 words a minute) that is some 30 words, about 200
 * characters of English. A Chinese character says about what two or three Latin letters do, so each
 * counts 2.5. Two sentences at most: the count and the numbers that moved, nothing about method.
 */
const LEAD_READING_UNITS = 200;
const LEAD_SENTENCES = 2;

function readingUnits(text: string): number {
  const han = [...text.matchAll(/\p{Script=Han}/gu)].length;
  return han * 2.5 + ([...text].length - han);
}

function sentences(text: string): number {
  // A full stop ends a sentence before a space or the end, not inside "-23.2 pp"; a Chinese one ends it anywhere.
  return text.split(/(?<=[.!?])(?:\s+|$)|(?<=[。！？])/u).filter((part) => /\S/.test(part)).length;
}

/**
 * Issue 40, item 6: "a first screen a reader can scan in five seconds: verdict, the two or three numbers
 * that moved, what to open next", with "no horizontal overflow; a title wraps at word boundaries", in
 * Chromium at 1280×800 and 375×800, in English and Chinese, for the five pages the issue names: a green
 * run, a failed model run, a `--repeat 3` comparison, `compare A B` and `simulate --compare`. The failing
 * model is the heuristic reference model with noise (--perturb), against itself without.
 * Set REPORT_SCREENSHOT_DIR to keep the screenshots.
 */
describe.skipIf(process.env.SKIP_BROWSER_TESTS === '1')('the five first screens at 1280 and 375 px, in English and Chinese', () => {
  const dir = tempDir();
  const pages: Record<string, string> = {};
  let browser: Browser;
  const pageErrors: string[] = [];

  beforeAll(async () => {
    const suite = [
      '--dataset',
      'datasets/model/append.yaml',
      '--dataset',
      'datasets/model/bulk.yaml',
      '--dataset',
      'datasets/model/correct-ordinal.yaml',
      '--dataset',
      'datasets/model/mixed.yaml',
      '--no-progress',
    ];
    const noisy = ['--llm', 'heuristic', '--perturb', 'offByOne=0.08,drop=0.04,intent=0.04', ...suite];
    const history = ['--history', join(dir, 'history.sqlite')];
    expect(cli(['run', '--llm', 'heuristic', ...suite, '--out', join(dir, 'base')]).status).toBe(1);
    expect(cli(['run', '--llm', 'heuristic', ...suite, '--repeat', '3', '--out', join(dir, 'base3')]).status).toBe(1);
    for (const [out, extra] of [
      ['sim-a', []],
      ['sim-b', ['--perturb', 'drop=0.4']],
    ] as const) {
      expect(cli(['simulate', '--users', '60', '--seed', '9', '--out', join(dir, out), '--no-history', ...extra]).status).toBe(0);
    }
    for (const lang of ['en', 'zh'] as const) {
      const at = (name: string) => join(dir, `${name}-${lang}`);
      // Twice, so the second run has a trend over the first.
      for (let i = 0; i < 2; i++) expect(cli(['run', '--out', at('green'), ...history, '--lang', lang, '--no-progress']).status).toBe(0);
      expect(cli(['run', ...noisy, '--baseline', join(dir, 'base/report.json'), '--out', at('failed'), '--lang', lang]).status).toBe(1);
      expect(cli(['run', ...noisy, '--repeat', '3', '--baseline', join(dir, 'base3/report.json'), '--out', at('repeat'), '--lang', lang]).status).toBe(1);
      expect(cli(['compare', join(dir, 'base/report.json'), join(at('failed'), 'report.json'), '--out', at('compare'), '--lang', lang]).status).toBe(1);
      expect(cli(['compare', join(dir, 'sim-a/report.json'), join(dir, 'sim-b/report.json'), '--out', at('simulate-compare'), '--lang', lang]).status).toBe(1);
      pages[`green-${lang}`] = join(at('green'), 'report.html');
      pages[`failed-${lang}`] = join(at('failed'), 'report.html');
      pages[`repeat-${lang}`] = join(at('repeat'), 'report.html');
      pages[`compare-${lang}`] = join(at('compare'), 'comparison.html');
      pages[`simulate-compare-${lang}`] = join(at('simulate-compare'), 'comparison.html');
    }
    browser = await launchChromium();
  }, 300_000);

  afterAll(async () => {
    await browser?.close();
  });

  for (const page of ['green', 'failed', 'repeat', 'compare', 'simulate-compare']) {
    for (const lang of ['en', 'zh']) {
      for (const viewport of VIEWPORTS) {
        const name = `${page}-${lang}`;
        it(`${name} at ${viewport.width}×${viewport.height}: no sideways scroll, the verdict, a short lead and what to open next on the first screen, titles wrapped between words`, async () => {
          const tab = await openPage(browser, pages[name]!, pageErrors, { viewport });
          const screen = await tab.evaluate(() => {
            const box = (selector: string) => {
              const el = document.querySelector<HTMLElement>(selector);
              return el && el.getClientRects().length > 0
                ? { top: el.getBoundingClientRect().top, bottom: el.getBoundingClientRect().bottom, text: el.innerText }
                : null;
            };
            const header = document.querySelector('header')!;
            const bold = [...header.querySelectorAll<HTMLElement>('h1, p')]
              .filter((el) => Number(getComputedStyle(el).fontWeight) >= 600)
              .map((el) => el.innerText);
            const spills = [...document.querySelectorAll('.card')].flatMap((card) =>
              [...card.querySelectorAll('.delta')]
                .map((badge) => badge.getBoundingClientRect().right - card.getBoundingClientRect().right)
                .filter((past) => past > 0.5),
            );
            return {
              lang: document.documentElement.lang,
              pageWidth: document.documentElement.scrollWidth,
              verdict: box('.verdict'),
              next: box('#open-next'),
              bold,
              spills,
            };
          });
          expect(screen.pageWidth).toBeLessThanOrEqual(viewport.width);
          expect(screen.verdict?.text).toMatch(/Passed|Failed|Pass|Fail|通过|未通过/);
          expect(screen.verdict!.bottom).toBeLessThanOrEqual(viewport.height);
          // In the page's own language (the simulate comparison is English until it has a Chinese page).
          expect(screen.next?.text).toMatch(screen.lang.startsWith('zh') ? /^接下来看：/ : /^Open next: /);
          expect(screen.next!.bottom).toBeLessThanOrEqual(viewport.height);
          expect(screen.bold.length).toBeGreaterThan(0);
          for (const text of screen.bold) {
            expect(readingUnits(text), text).toBeLessThanOrEqual(LEAD_READING_UNITS);
            expect(sentences(text), text).toBeLessThanOrEqual(LEAD_SENTENCES);
          }
          expect(screen.spills).toEqual([]);
          const wrapping = await titleWrapping(tab);
          expect(wrapping.brokenWords).toEqual([]);
          expect(wrapping.characterPerLine).toEqual([]);
          if (process.env.REPORT_SCREENSHOT_DIR) await tab.screenshot({ path: join(process.env.REPORT_SCREENSHOT_DIR, `${name}-${viewport.width}.png`) });
          await tab.close();
        });
      }
    }
  }

  it('raised no script error on any page', () => {
    expect(pageErrors).toEqual([]);
  });
});
