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

/** Headless Chromium (Debian's, or CHROMIUM_PATH), as the report-page tests run it. */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
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
