import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { REPORTERS, reportFiles, reportSetPaths, type DocumentKind } from '../../src/formats/registry.js';
import { writeReportSet } from '../../src/formats/writeReportSet.js';
import type { Reporter } from '../../src/report/model/reporter.js';
import type { Report } from '../../src/report/model/reportTypes.js';
import { makeReport } from '../report/fixtures.js';

const writeReports = (out: string, report: Report) => writeReportSet('run', out, report);

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'report-test-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('writeReportSet: a run report', () => {
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

describe('the format registry is the only list of report files', () => {
  it('names each file of a set once', () => {
    for (const kind of Object.keys(REPORTERS) as DocumentKind[]) {
      const files = reportFiles(kind);
      expect(new Set(files).size, kind).toBe(files.length);
    }
  });

  it('a Reporter added to the map is written, listed and announced with no other change', async () => {
    const added: Reporter<Report> = { file: 'ids.txt', render: (report) => report.dialogues.map((d) => `${d.id}\n`) };
    const run = REPORTERS.run as Reporter<Report>[];
    run.push(added);
    try {
      const report = makeReport();
      const paths = await writeReportSet('run', dir, report);
      expect(paths).toEqual(['report.json', 'report.md', 'junit.xml', 'report.html', 'ids.txt'].map((name) => join(dir, name)));
      expect(await readFile(join(dir, 'ids.txt'), 'utf8')).toBe(report.dialogues.map((d) => `${d.id}\n`).join(''));
      expect(reportSetPaths('run', dir)).toBe(`${dir}/{report.json,report.md,junit.xml,report.html,ids.txt}`);
    } finally {
      run.pop();
    }
    expect(reportFiles('run')).toEqual(['report.json', 'report.md', 'junit.xml', 'report.html']);
  });

  it('redacts every piece of every file', async () => {
    const report = makeReport();
    const secret = report.dialogues[0]!.id;
    const holding = async () => {
      const names: string[] = [];
      for (const name of reportFiles('run')) if ((await readFile(join(dir, name), 'utf8')).includes(secret)) names.push(name);
      return names;
    };
    await writeReportSet('run', dir, report);
    expect(await holding()).toContain('report.json');
    await writeReportSet('run', dir, report, { redact: (text) => text.replaceAll(secret, '[redacted]') });
    expect(await holding()).toEqual([]);
  });
});
