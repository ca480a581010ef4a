/** Writes every report format into one directory, all or nothing per file. */
import { randomBytes } from 'node:crypto';
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { renderHtml } from './html.js';
import { renderJson } from './json.js';
import { renderJUnit } from './junit.js';
import { renderMarkdown } from './markdown.js';
import type { Report } from './reportTypes.js';

export const REPORT_FILES = ['report.json', 'report.md', 'junit.xml', 'report.html'] as const;

/**
 * Renders one file at a time (so only one rendering is held in memory) into a temporary name
 * beside its target, then renames them all into place, so a reader never sees a half-written
 * file. A renderer that throws leaves the directory as it was: no temporary file stays, nor a
 * directory made for them. Returns the written paths.
 */
export async function writeReports(outDir: string, report: Report): Promise<string[]> {
  const renderers: Array<[string, (report: Report) => string]> = [
    ['report.json', renderJson],
    ['report.md', renderMarkdown],
    ['junit.xml', renderJUnit],
    ['report.html', renderHtml],
  ];
  const madeDir = await mkdir(outDir, { recursive: true });
  const suffix = `.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
  const staged = renderers.map(([name, render]) => ({
    target: join(outDir, name),
    temp: join(outDir, `.${name}${suffix}`),
    render,
  }));
  try {
    for (const file of staged) {
      let text: string;
      try {
        text = file.render(report);
      } catch (error) {
        if (madeDir !== undefined) await rm(madeDir, { recursive: true, force: true });
        throw error;
      }
      await writeFile(file.temp, text, 'utf8');
    }
    for (const file of staged) await rename(file.temp, file.target);
  } catch (error) {
    await Promise.all(staged.map((file) => rm(file.temp, { force: true })));
    throw error;
  }
  return staged.map((file) => file.target);
}
