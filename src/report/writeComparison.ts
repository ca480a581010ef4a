/** Writes comparison.html and comparison.md, each to a temporary name first and then renamed into place. */
import { randomBytes } from 'node:crypto';
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Comparison } from './comparison.js';
import { renderComparisonHtml } from './comparisonHtml.js';
import { renderComparisonMarkdown } from './comparisonMarkdown.js';
import type { Lang } from './reportTypes.js';

export async function writeComparison(outDir: string, comparison: Comparison, lang: Lang): Promise<string[]> {
  const files: Array<[string, string]> = [
    ['comparison.html', renderComparisonHtml(comparison, lang)],
    ['comparison.md', renderComparisonMarkdown(comparison, lang)],
  ];
  await mkdir(outDir, { recursive: true });
  const suffix = `.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
  const staged = files.map(([name, text]) => ({ target: join(outDir, name), temp: join(outDir, `.${name}${suffix}`), text }));
  try {
    for (const file of staged) await writeFile(file.temp, file.text, 'utf8');
    for (const file of staged) await rename(file.temp, file.target);
  } catch (error) {
    await Promise.all(staged.map((file) => rm(file.temp, { force: true })));
    throw error;
  }
  return staged.map((file) => file.target);
}
