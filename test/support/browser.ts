import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { chromium, type Browser, type Page } from 'playwright-core';

/** axe-core's browser build, or null when it is not installed (the accessibility tests then skip). */
export function axeSource(): string | null {
  try {
    return createRequire(import.meta.url).resolve('axe-core/axe.min.js');
  } catch {
    return null;
  }
}

/** Headless Chromium (Debian's, or CHROMIUM_PATH), as the report-page tests run it; a missing one fails the test saying so (never a silent skip). */
export function launchChromium(): Promise<Browser> {
  const executablePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  if (!existsSync(executablePath)) {
    throw new Error(
      `No Chromium at ${executablePath}: the report-page tests need one (apt-get install chromium, or set CHROMIUM_PATH); SKIP_BROWSER_TESTS=1 skips them`,
    );
  }
  return chromium.launch({
    executablePath,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
  });
}

/**
 * Opens a report file at 1280×800 (or `viewport`) in a fresh context; every page error and console
 * error it raises is added to `pageErrors` (named by file), for a test that asserts there were none.
 */
export async function openPage(
  browser: Browser,
  file: string,
  pageErrors: string[],
  options: { bypassCSP?: boolean; viewport?: { width: number; height: number } } = {},
): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, ...options });
  const page = await context.newPage();
  page.on('pageerror', (error) => pageErrors.push(`${file}: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error') pageErrors.push(`${file}: ${message.text()}`);
  });
  await page.goto(pathToFileURL(file).href);
  return page;
}

/** axe-core's serious and critical violations on the page (open it with bypassCSP: axe is injected as a script, which the page's CSP refuses). */
export async function seriousAxeViolations(page: Page): Promise<{ id: string; impact: string }[]> {
  await page.addScriptTag({ path: axeSource()! });
  const violations = (await page.evaluate(async () => {
    const result = await (window as unknown as { axe: { run: () => Promise<{ violations: { id: string; impact: string }[] }> } }).axe.run();
    return result.violations.map((v) => ({ id: v.id, impact: v.impact }));
  })) as { id: string; impact: string }[];
  return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
}

export interface TitleWrapping {
  /** Latin words of a visible title split over two lines ("Correc|tion"; a break after a hyphen is a word boundary): the title's text and the word. */
  readonly brokenWords: readonly string[];
  /** Visible titles in Chinese set about one character a line: the title's text, its characters and lines. */
  readonly characterPerLine: readonly string[];
}

/**
 * How the page's visible titles (h1–h3, the "open next" links) wrap: a line may end only between words,
 * and a Chinese title keeps at least two characters a line on average. Measured from the text's own
 * line boxes, so it holds whatever the fonts.
 */
export function titleWrapping(page: Page): Promise<TitleWrapping> {
  return page.evaluate(() => {
    const brokenWords: string[] = [];
    const characterPerLine: string[] = [];
    const topsOf = (node: Text, start: number, end: number) => {
      const range = document.createRange();
      range.setStart(node, start);
      range.setEnd(node, end);
      return [...range.getClientRects()].filter((r) => r.width > 0).map((r) => r.top);
    };
    // Glyphs of one line sit within a few pixels of each other (a fallback font for Chinese rides a little higher); lines are a line-height apart.
    const lineCount = (tops: readonly number[]) => [...tops].sort((a, b) => a - b).filter((top, i, sorted) => i === 0 || top - sorted[i - 1]! > 8).length;
    for (const title of document.querySelectorAll<HTMLElement>('h1, h2, h3, #open-next a')) {
      if (title.getClientRects().length === 0) continue;
      const walker = document.createTreeWalker(title, NodeFilter.SHOW_TEXT);
      const tops: number[] = [];
      let han = 0;
      for (let node = walker.nextNode() as Text | null; node; node = walker.nextNode() as Text | null) {
        const text = node.data;
        for (const word of text.matchAll(/[A-Za-z][A-Za-z'’]*[A-Za-z]/g)) {
          if (lineCount(topsOf(node, word.index, word.index + word[0].length)) > 1) brokenWords.push(`${title.innerText} | ${word[0]}`);
        }
        for (let i = 0; i < text.length; i++) {
          if (/\s/.test(text[i]!)) continue;
          tops.push(...topsOf(node, i, i + 1));
          if (/\p{Script=Han}/u.test(text[i]!)) han++;
        }
      }
      const lines = lineCount(tops);
      if (han >= 2 && lines > 1 && lines > Math.ceil(han / 2)) characterPerLine.push(`${title.innerText} | ${han} characters on ${lines} lines`);
    }
    return { brokenWords, characterPerLine };
  });
}
