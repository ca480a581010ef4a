import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DialogueLog, failingDialogues } from '../../src/report/model/dialogueLog.js';
import type { DialogueReport } from '../../src/report/model/reportTypes.js';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function folder(): string {
  const dir = mkdtempSync(join(tmpdir(), 'nlu-log-'));
  dirs.push(dir);
  return dir;
}

function record(i: number): DialogueReport {
  return {
    id: `d${i}`,
    title: `对话 ${i}`,
    tags: ['t'],
    file: 'f.yaml',
    line: i + 1,
    passed: i % 7 !== 3,
    failedChecks: i % 7 === 3 ? 1 : 0,
    runsPassed: 1,
    runs: 1,
    turns: [],
    turnCount: 2,
  };
}

describe('dialogue records kept in flat memory (report/model/dialogueLog.ts)', () => {
  it('past its in-memory share the records go to a file and come back in order, on every pass', () => {
    const dir = folder();
    const log = new DialogueLog(join(dir, 'out'), 10);
    const records = Array.from({ length: 2500 }, (_, i) => record(i));
    for (const r of records) log.push(r);
    expect(log.length).toBe(2500);
    expect([...log]).toEqual(records);
    expect([...log]).toEqual(records);
    expect(failingDialogues(log).map((d) => d.id)).toEqual(records.filter((r) => !r.passed).map((r) => r.id));
    expect(JSON.stringify(log)).toBe(JSON.stringify(records));
    log.close();
  });

  it('the spill file is unlinked at once: nothing is left beside the output, even before close()', () => {
    const dir = folder();
    const log = new DialogueLog(join(dir, 'out', 'not-yet'), 1);
    for (let i = 0; i < 50; i++) log.push(record(i));
    expect(readdirSync(dir)).toEqual([]);
    expect([...log].length).toBe(50);
    log.close();
    expect(readdirSync(dir)).toEqual([]);
  });

  it('a small run never touches the disk and iterates its array', () => {
    const log = new DialogueLog(folder(), 100);
    log.push(record(1));
    expect([...log]).toEqual([record(1)]);
    log.close();
    expect(log.length).toBe(0);
  });
});

describe('a log keeps its totals and (up to a cap) its failures as records come', () => {
  it('totals and failures without a pass over the file; past the cap, failures are read back', () => {
    const log = new DialogueLog(undefined, 5);
    const records = Array.from({ length: 40 }, (_, i) => record(i));
    for (const r of records) log.push(r);
    const failing = records.filter((r) => !r.passed);
    expect(log.totals()).toEqual({ total: 40, passed: 40 - failing.length, runs: 40, runsPassed: 40 });
    expect(log.heldFailures()).toEqual(failing);
    expect(failingDialogues(log)).toEqual(failing);
    log.close();
    const many = new DialogueLog(undefined, 5);
    const failed = Array.from({ length: 1001 }, (_, i) => ({ ...record(i), passed: false }));
    for (const r of failed) many.push(r);
    expect(many.heldFailures()).toBeNull();
    expect(failingDialogues(many)).toEqual(failed);
    many.close();
  });
});

describe('passes that need no transcript do not parse one (report/model/dialogueLog.ts)', () => {
  const withTranscript = (i: number): DialogueReport =>
    ({ ...record(i), file: i % 2 ? 'b.yaml' : 'a.yaml', turns: [{ index: 0, input: { user: `第${i}句\t"引号"` }, checks: [] }] }) as unknown as DialogueReport;

  it('texts are the records as JSON.stringify writes them, held or read back from the file', () => {
    for (const holdUpTo of [100, 3]) {
      const log = new DialogueLog(undefined, holdUpTo);
      const records = Array.from({ length: 12 }, (_, i) => (i % 3 ? record(i) : withTranscript(i)));
      for (const r of records) log.push(r);
      expect([...log.texts()]).toEqual(records.map((r) => JSON.stringify(r)));
      expect([...log]).toEqual(records);
      log.close();
    }
  });

  it('summaries: whole where asked, else every field but the transcript, in order', () => {
    const log = new DialogueLog(undefined, 3);
    const records = Array.from({ length: 14 }, (_, i) => withTranscript(i));
    for (const r of records) log.push(r);
    const summaries = [...log.summaries((d) => !d.passed)];
    expect(summaries.map((d) => d.id)).toEqual(records.map((r) => r.id));
    for (const [i, summary] of summaries.entries()) {
      const { turns, ...rest } = records[i]!;
      if (records[i]!.passed) expect(summary).toEqual(rest);
      else expect(summary).toEqual({ ...rest, turns });
    }
    log.close();
  });

  it('per-file dialogue and failure counts are kept as records come, in the order files first came', () => {
    const log = new DialogueLog(undefined, 3);
    const records = Array.from({ length: 15 }, (_, i) => withTranscript(i));
    for (const r of records) log.push(r);
    const expected = new Map<string, { tests: number; failures: number }>();
    for (const r of records) {
      const counts = expected.get(r.file) ?? { tests: 0, failures: 0 };
      expected.set(r.file, { tests: counts.tests + 1, failures: counts.failures + (r.passed ? 0 : 1) });
    }
    expect([...log.countsByFile()]).toEqual([...expected]);
    expect([...log.countsByFile().keys()]).toEqual(['a.yaml', 'b.yaml']);
    log.close();
  });

  it('past the held cap, failures come back whole, transcripts included', () => {
    const log = new DialogueLog(undefined, 5);
    const failed = Array.from({ length: 1001 }, (_, i) => ({ ...withTranscript(i), passed: false }));
    for (const r of failed) log.push(r);
    log.push(withTranscript(1));
    expect(log.heldFailures()).toBeNull();
    expect(failingDialogues(log)).toEqual(failed);
    log.close();
  });
});
