import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Report } from '../../src/report/reportTypes.js';
import { writeReports } from '../../src/report/writeReports.js';
import { makeReport } from './fixtures.js';

describe('writeReports', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'report-test-'));
  });
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('writes the four files, creating the directory, and returns their paths', async () => {
    const out = join(dir, 'nested', 'latest');
    const paths = await writeReports(out, makeReport());
    expect(paths).toEqual(['report.json', 'report.md', 'junit.xml', 'report.html'].map((name) => join(out, name)));
    expect((await readdir(out)).sort()).toEqual(['junit.xml', 'report.html', 'report.json', 'report.md']);
  });

  it('writes report.json as 2-space JSON in build order with a trailing newline', async () => {
    const report = makeReport();
    await writeReports(dir, report);
    const text = await readFile(join(dir, 'report.json'), 'utf8');
    expect(text).toBe(JSON.stringify(report, null, 2) + '\n');
    expect(text.startsWith('{\n  "schemaVersion": 1,\n  "run": {')).toBe(true);
  });

  it('replaces earlier reports and leaves no temporary files', async () => {
    await writeReports(dir, makeReport());
    await writeReports(dir, makeReport({ gate: null }));
    expect((await readdir(dir)).sort()).toEqual(['junit.xml', 'report.html', 'report.json', 'report.md']);
    expect(await readFile(join(dir, 'report.md'), 'utf8')).not.toContain('Regressions');
  });

  it('writes nothing at all when a renderer throws', async () => {
    const broken = { ...makeReport(), metrics: null } as unknown as Report;
    await expect(writeReports(join(dir, 'out'), broken)).rejects.toThrow();
    expect(await readdir(dir)).toEqual([]);
  });

  it('keeps the previous reports intact when a renderer throws', async () => {
    await writeReports(dir, makeReport());
    const before = await readFile(join(dir, 'report.html'), 'utf8');
    const broken = { ...makeReport(), dialogues: [null] } as unknown as Report;
    await expect(writeReports(dir, broken)).rejects.toThrow();
    expect(await readFile(join(dir, 'report.html'), 'utf8')).toBe(before);
    expect((await readdir(dir)).sort()).toEqual(['junit.xml', 'report.html', 'report.json', 'report.md']);
  });
});
