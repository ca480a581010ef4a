/** Writes every report format into one directory, all or nothing per file. */
import { randomBytes } from 'node:crypto';
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { renderHtml } from './html.js';
import { renderJUnit } from './junit.js';
import { renderMarkdown } from './markdown.js';
import type { Report } from './reportTypes.js';

export const REPORT_FILES = ['report.json', 'report.md', 'junit.xml', 'report.html'] as const;

/**
 * Renders everything first, so a renderer that throws leaves the directory untouched; then
 * writes each file under a temporary name beside its target and renames it into place, so
 * a reader never sees a half-written file. Returns the written paths.
 */
export async function writeReports(outDir: string, report: Report): Promise<string[]> {
  const contents: Array<[string, string]> = [
    ['report.json', JSON.stringify(report, null, 2) + '\n'],
    ['report.md', renderMarkdown(report)],
    ['junit.xml', renderJUnit(report)],
    ['report.html', renderHtml(report)],
  ];
  await mkdir(outDir, { recursive: true });
  const suffix = `.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
  const staged = contents.map(([name, text]) => ({ target: join(outDir, name), temp: join(outDir, `.${name}${suffix}`), text }));
  try {
    for (const file of staged) await writeFile(file.temp, file.text, 'utf8');
    for (const file of staged) await rename(file.temp, file.target);
  } catch (error) {
    await Promise.all(staged.map((file) => rm(file.temp, { force: true })));
    throw error;
  }
  return staged.map((file) => file.target);
}
