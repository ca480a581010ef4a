import { randomBytes } from 'node:crypto';
import { closeSync, openSync, readSync, statSync, unlinkSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { heapBudget } from '../../util/heapBudget.js';
import type { DialogueList, DialogueReport } from './reportTypes.js';

/** Records held in memory before the log moves them to a file: a small suite never touches the disk. */
const SPILL_AFTER = 2000;
/** Failing records also held in memory, up to this many, so the failure lists need no pass over the file. */
const FAILING_HELD = 1000;
/** Lines gathered per write, and bytes per read when streaming back. */
const WRITE_CHARS = 1 << 16;
const READ_BYTES = 1 << 20;

/**
 * Every dialogue's record in run order, in flat memory: past SPILL_AFTER records they go to an
 * NDJSON file and are read back, one at a time, on every pass. The file is unlinked as soon as it
 * is opened (POSIX keeps it readable through the descriptor), so no exit path, SIGKILL included,
 * leaves it behind; where unlinking an open file fails it is removed by close().
 */
export class DialogueLog implements DialogueList {
  private held: DialogueReport[] = [];
  private fd: number | null = null;
  private pathToRemove: string | null = null;
  private pending = '';
  private written = 0;
  private count = 0;
  private failing: DialogueReport[] | null = [];
  private readonly sums = { passed: 0, runs: 0, runsPassed: 0 };
  private readonly perFile = new Map<string, { tests: number; failures: number }>();
  /** Reading a long log back makes garbage as fast as the run did: the same heap budget applies. */
  private readonly withinBudget = heapBudget();

  /**
   * `near`: a path whose nearest existing folder takes the file (the reports' folder, so it sits
   * on the output's disk); `holdUpTo`: records kept in memory before spilling.
   */
  constructor(
    private readonly near: string = tmpdir(),
    private readonly holdUpTo: number = SPILL_AFTER,
  ) {}

  get length(): number {
    return this.count;
  }

  push(record: DialogueReport): void {
    this.count++;
    const counts = this.perFile.get(record.file) ?? { tests: 0, failures: 0 };
    counts.tests++;
    if (!record.passed) counts.failures++;
    this.perFile.set(record.file, counts);
    this.sums.runs += record.runs;
    this.sums.runsPassed += record.runsPassed;
    if (record.passed) this.sums.passed++;
    else if (this.failing && this.failing.length < FAILING_HELD) this.failing.push(record);
    else this.failing = null;
    if (this.fd === null) {
      this.held.push(record);
      if (this.held.length > this.holdUpTo) this.spill();
      return;
    }
    this.pending += logLine(record);
    if (this.pending.length >= WRITE_CHARS) this.flush();
  }

  *[Symbol.iterator](): Generator<DialogueReport> {
    if (this.fd === null) {
      yield* this.held;
      return;
    }
    for (const line of this.lines()) yield JSON.parse(line.slice(line.indexOf('\t') + 1)) as DialogueReport;
  }

  /** Each record's JSON.stringify, read back as written (no parsing). */
  *texts(): Generator<string> {
    if (this.fd === null) {
      for (const record of this.held) yield JSON.stringify(record);
      return;
    }
    for (const line of this.lines()) yield line.slice(line.indexOf('\t') + 1);
  }

  /**
   * The records with or without their transcripts: whole where `whole` says so of the record's
   * other fields, else perhaps without `turns` (a transcript read back from the file is then not parsed).
   */
  *summaries(whole: (summary: DialogueSummary) => boolean): Generator<DialogueSummary> {
    if (this.fd === null) {
      yield* this.held;
      return;
    }
    for (const line of this.lines()) {
      const tab = line.indexOf('\t');
      const summary = tab > 0 ? (JSON.parse(line.slice(0, tab)) as DialogueSummary) : null;
      yield summary && !whole(summary) ? summary : (JSON.parse(line.slice(tab + 1)) as DialogueReport);
    }
  }

  /** Dialogues and failures per dataset file, in the order the files first came. */
  countsByFile(): Map<string, { tests: number; failures: number }> {
    return new Map([...this.perFile].map(([file, counts]) => [file, { ...counts }]));
  }

  /** The log file's lines, without their line breaks, one at a time. */
  private *lines(): Generator<string> {
    this.flush();
    const fd = this.fd;
    if (fd === null) return;
    const block = Buffer.allocUnsafe(READ_BYTES);
    const decoder = new TextDecoder();
    let position = 0;
    let carry = '';
    while (position < this.written) {
      const size = readSync(fd, block, 0, READ_BYTES, position);
      if (size === 0) break;
      position += size;
      const text = carry + decoder.decode(block.subarray(0, size), { stream: true });
      let start = 0;
      for (let end = text.indexOf('\n'); end !== -1; end = text.indexOf('\n', start)) {
        yield text.slice(start, end);
        this.withinBudget();
        start = end + 1;
      }
      carry = text.slice(start);
    }
  }

  /** Dialogue, pass and run counts, kept as records come (no pass over the file). */
  totals(): { total: number; passed: number; runs: number; runsPassed: number } {
    return { total: this.count, ...this.sums };
  }

  /** The failing records when the log still holds them all in memory, else null. */
  heldFailures(): readonly DialogueReport[] | null {
    return this.failing;
  }

  /** JSON.stringify of the log is that of its records (prefer iterating: this holds them all). */
  toJSON(): DialogueReport[] {
    return [...this];
  }

  /** Closes (and where needed removes) the file; the log is empty afterwards. */
  close(): void {
    if (this.fd !== null) closeSync(this.fd);
    if (this.pathToRemove) unlinkSync(this.pathToRemove);
    this.fd = null;
    this.pathToRemove = null;
    this.held = [];
    this.pending = '';
    this.count = 0;
    this.failing = [];
    Object.assign(this.sums, { passed: 0, runs: 0, runsPassed: 0 });
    this.perFile.clear();
    this.written = 0;
  }

  private spill(): void {
    const path = join(existingFolder(this.near), `.nlu-harness-dialogues-${process.pid}-${randomBytes(4).toString('hex')}.ndjson`);
    this.fd = openSync(path, 'wx+', 0o600);
    try {
      unlinkSync(path);
    } catch {
      this.pathToRemove = path;
    }
    for (const record of this.held) this.pending += logLine(record);
    this.held = [];
    this.flush();
  }

  private flush(): void {
    if (this.pending === '' || this.fd === null) return;
    const bytes = Buffer.from(this.pending, 'utf8');
    let offset = 0;
    while (offset < bytes.length) offset += writeSync(this.fd, bytes, offset, bytes.length - offset, this.written + offset);
    this.written += bytes.length;
    this.pending = '';
  }
}

/** A record without its transcript, as passes that need only the outcome read it. */
export type DialogueSummary = Omit<DialogueReport, 'turns'> & Partial<Pick<DialogueReport, 'turns'>>;

/**
 * One line of the log: the record's JSON after a tab (JSON.stringify never writes a raw tab). A
 * record with a transcript has its other fields' JSON before the tab, so a pass that reads only
 * those parses a few hundred characters instead of the transcript.
 */
function logLine(record: DialogueReport): string {
  const full = JSON.stringify(record);
  if (!Array.isArray(record.turns) || record.turns.length === 0) return `\t${full}\n`;
  const { turns: _turns, ...summary } = record;
  return `${JSON.stringify(summary)}\t${full}\n`;
}

function existingFolder(near: string): string {
  for (let at = resolve(near); ; at = dirname(at)) {
    try {
      if (statSync(at).isDirectory()) return at;
    } catch {
      // not there yet: try its parent
    }
    if (dirname(at) === at) return tmpdir();
  }
}

/** The failing dialogues of a list (these keep their transcripts, so they are few enough to hold). */
export function failingDialogues(dialogues: DialogueList): DialogueReport[] {
  const held = dialogues instanceof DialogueLog ? dialogues.heldFailures() : null;
  if (held) return [...held];
  const failing: DialogueReport[] = [];
  for (const dialogue of dialogueSummaries(dialogues, (d) => !d.passed)) if (!dialogue.passed) failing.push(dialogue as DialogueReport);
  return failing;
}

/** A list's records, whole where `whole` says so, else perhaps without their transcripts (DialogueLog.summaries). */
export function dialogueSummaries(dialogues: DialogueList, whole: (summary: DialogueSummary) => boolean): Iterable<DialogueSummary> {
  return dialogues instanceof DialogueLog ? dialogues.summaries(whole) : dialogues;
}

/** Each record's JSON.stringify: read back as written from a log, not parsed and written again. */
export function dialogueTexts(dialogues: Iterable<unknown>): Iterable<string> | null {
  return dialogues instanceof DialogueLog ? dialogues.texts() : null;
}

/** Dialogues and failures per dataset file, in the order the files first come. */
export function dialogueCountsByFile(dialogues: DialogueList): Map<string, { tests: number; failures: number }> {
  if (dialogues instanceof DialogueLog) return dialogues.countsByFile();
  const perFile = new Map<string, { tests: number; failures: number }>();
  for (const d of dialogues) {
    const counts = perFile.get(d.file) ?? { tests: 0, failures: 0 };
    counts.tests++;
    if (!d.passed) counts.failures++;
    perFile.set(d.file, counts);
  }
  return perFile;
}
