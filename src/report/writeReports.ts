/** Writes every report format into one directory, all or nothing per file. */
import { randomBytes } from 'node:crypto';
import { mkdir, rename, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { htmlChunks } from './html.js';
import { jsonChunks } from './jsonChunks.js';
import { junitChunks } from './junit.js';
import { renderMarkdown } from './markdown.js';
import type { Report } from './reportTypes.js';
import { writeChunks } from './writeChunks.js';

export const REPORT_FILES = ['report.json', 'report.md', 'junit.xml', 'report.html'] as const;

/**
 * Streams one file at a time (no rendering is ever held whole) into a temporary name
 * beside its target, then renames them all into place, so a reader never sees a half-written
 * file. A renderer that throws leaves the directory as it was: no temporary file stays, nor a
 * directory made for them. Returns the written paths.
 */
export async function writeReports(outDir: string, report: Report): Promise<string[]> {
  const renderers: Array<[string, (report: Report) => Iterable<string>]> = [
    ['report.json', function* (r) {
      yield* jsonChunks(r, 2);
      yield '\n';
    }],
    ['report.md', (r) => [renderMarkdown(r)]],
    ['junit.xml', junitChunks],
    ['report.html', htmlChunks],
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
      try {
        await writeChunks(file.temp, file.render(report));
      } catch (error) {
        await Promise.all(staged.map((f) => rm(f.temp, { force: true })));
        if (madeDir !== undefined) await rm(madeDir, { recursive: true, force: true });
        throw error;
      }
    }
    for (const file of staged) await rename(file.temp, file.target);
  } catch (error) {
    await Promise.all(staged.map((file) => rm(file.temp, { force: true })));
    throw error;
  }
  return staged.map((file) => file.target);
}
