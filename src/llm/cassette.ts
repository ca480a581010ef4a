import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { lastUserMessage, type CallEndpoint, type ChatMessage, type TokenUsage } from './backend.js';
import * as compiled from './cassetteValidator.generated.js';
import { checkLockFile, withFileLock } from './fileLock.js';
import { checkOutputFile } from '../util/outputPaths.js';
import { writeFileAtomically } from '../util/atomicFile.js';

/** One answer of the model to a request: a cassette keeps one per run of `--repeat`. */
export interface CassetteSample {
  text: string;
  latencyMs: number;
  usage?: TokenUsage;
  /** What the server said answered: its model name and `system_fingerprint`, when it gave them. */
  served?: { model: string; fingerprint?: string };
}

/** One recorded request and its samples. Holds the request's summary, never headers or keys. */
export interface CassetteEntry {
  key: string;
  endpoint: CallEndpoint;
  model: string;
  /** `systemSha256`: the whole system prompt's hash, so a miss can say the prompt changed. */
  request: { systemFirstLine: string; userMessage: string; messageCount: number; systemSha256?: string };
  /** How many runs (`--repeat`) the recording made: run i < runs that sent this request left sample i. */
  runs: number;
  /** Sample i answered run i; null where run i never sent this request. */
  samples: (CassetteSample | null)[];
}

/**
 * Beside the cassette, hidden: `.NAME.lock`. Not `NAME.lock`, the plain lock file of older
 * versions, whose leftovers (a dead or reused pid, a clock ahead) are thereby no lock at all.
 */
export function lockPathOf(cassettePath: string): string {
  return join(dirname(cassettePath), `.${basename(cassettePath)}.lock`);
}

/**
 * A recording writes the cassette, its lock and the lock's owner note after the model has answered:
 * each is checked now, before the first call, so a lock path that is a directory (or not a lock)
 * is refused up front instead of losing the run's answers at the first save.
 */
function checkRecordPaths(path: string): void {
  checkOutputFile(path, '--record');
  const lock = lockPathOf(path);
  checkOutputFile(lock, `--record ${path}: its lock file`);
  checkOutputFile(`${lock}.owner`, `--record ${path}: its lock's owner file`);
  checkLockFile(lock);
}

/** Version 1 kept one answer a request (`text`, `latencyMs`, `usage` on the entry); it still loads, as one sample. */
const CASSETTE_VERSION = 2;

/** A cassette file that cannot be used: missing (for a replay), unreadable, not JSON, empty, or not in the cassette format. */
export class CassetteError extends Error {
  override readonly name = 'CassetteError';
}

const count = { type: 'number', minimum: 0 } as const;
const usage = {
  type: 'object',
  required: ['promptTokens', 'completionTokens'],
  properties: { promptTokens: count, completionTokens: count },
} as const;
const request = {
  type: 'object',
  required: ['systemFirstLine', 'userMessage', 'messageCount'],
  properties: { systemFirstLine: { type: 'string' }, userMessage: { type: 'string' }, messageCount: count, systemSha256: { type: 'string' } },
} as const;
const entryHead = {
  key: { type: 'string' },
  endpoint: { enum: ['parse', 'correct', 'conversation', 'user'] },
  model: { type: 'string' },
  request,
} as const;
const cassetteSchema = {
  type: 'object',
  required: ['version', 'entries'],
  properties: {
    version: { enum: [1, CASSETTE_VERSION] },
    entries: { type: 'array' },
  },
  if: { properties: { version: { const: 1 } } },
  then: {
    properties: {
      entries: {
        type: 'array',
        items: {
          type: 'object',
          required: ['key', 'endpoint', 'model', 'request', 'text', 'latencyMs'],
          properties: { ...entryHead, text: { type: 'string' }, latencyMs: count, usage },
        },
      },
    },
  },
  else: {
    properties: {
      entries: {
        type: 'array',
        items: {
          type: 'object',
          required: ['key', 'endpoint', 'model', 'request', 'runs', 'samples'],
          properties: {
            ...entryHead,
            runs: { type: 'integer', minimum: 1 },
            samples: {
              type: 'array',
              minItems: 1,
              items: {
                type: ['object', 'null'],
                required: ['text', 'latencyMs'],
                properties: {
                  text: { type: 'string' },
                  latencyMs: count,
                  usage,
                  served: { type: 'object', required: ['model'], properties: { model: { type: 'string' }, fingerprint: { type: 'string' } } },
                },
              },
            },
          },
        },
      },
    },
  },
} as const;
/** Compiled ahead of time into cassetteValidator.generated.ts (scripts/compileSchemas.mjs). */
export const CASSETTE_SCHEMAS = { validateCassette: cassetteSchema };
const validateCassette = compiled.validateCassette as { (data: unknown): boolean; errors?: { instancePath: string; message?: string }[] | null };

export function requestKey(endpoint: CallEndpoint, model: string, messages: readonly ChatMessage[]): string {
  const canonical = JSON.stringify([endpoint, model, messages.map((m) => [m.role, m.content])]);
  return createHash('sha256').update(canonical).digest('hex');
}

export function summarizeRequest(messages: readonly ChatMessage[]): CassetteEntry['request'] {
  const system = messages.find((m) => m.role === 'system')?.content ?? '';
  return {
    systemFirstLine: system.split('\n', 1)[0] ?? '',
    userMessage: lastUserMessage(messages),
    messageCount: messages.length,
    systemSha256: createHash('sha256').update(system).digest('hex'),
  };
}

function canonicalSample(sample: CassetteSample): CassetteSample {
  const ordered: CassetteSample = { text: sample.text, latencyMs: sample.latencyMs };
  if (sample.usage) ordered.usage = { promptTokens: sample.usage.promptTokens, completionTokens: sample.usage.completionTokens };
  if (sample.served) {
    ordered.served = { model: sample.served.model, ...(sample.served.fingerprint !== undefined ? { fingerprint: sample.served.fingerprint } : {}) };
  }
  return ordered;
}

/** Rebuilds an entry with a fixed key order so the file is byte-stable. */
function canonicalEntry(entry: CassetteEntry): CassetteEntry {
  return {
    key: entry.key,
    endpoint: entry.endpoint,
    model: entry.model,
    request: {
      systemFirstLine: entry.request.systemFirstLine,
      userMessage: entry.request.userMessage,
      messageCount: entry.request.messageCount,
      ...(entry.request.systemSha256 !== undefined ? { systemSha256: entry.request.systemSha256 } : {}),
    },
    runs: entry.runs,
    samples: Array.from(entry.samples, (sample) => (sample ? canonicalSample(sample) : null)),
  };
}

type V1Entry = Omit<CassetteEntry, 'samples' | 'runs'> & CassetteSample;

function fromVersion1({ text, latencyMs, usage: used, ...head }: V1Entry): CassetteEntry {
  return { ...head, runs: 1, samples: [{ text, latencyMs, ...(used ? { usage: used } : {}) }] };
}

/** The entries of a cassette file's text; `null` when the file holds nothing at all. */
function parseEntries(path: string, text: string): CassetteEntry[] | null {
  if (text.trim() === '') return null;
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (error) {
    throw new CassetteError(`cassette ${path}: not JSON (${(error as Error).message})`);
  }
  if (!validateCassette(data)) {
    const first = validateCassette.errors?.[0];
    const where = first ? `${first.instancePath || '/'} ${first.message ?? ''}` : '';
    throw new CassetteError(`cassette ${path}: not a nlu-harness cassette (version 1 or ${CASSETTE_VERSION}) (${where.trim()})`);
  }
  const { version, entries } = data as { version: number; entries: unknown[] };
  return version === 1 ? (entries as V1Entry[]).map(fromVersion1) : (entries as CassetteEntry[]);
}

/** The file's text, or null when it does not exist. */
function readIfThere(path: string): string | null {
  try {
    return readFileSync(path, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') return null;
    throw new CassetteError(`cassette ${path}: cannot read (${code ?? String(error)})`);
  }
}

/**
 * A JSON file of recorded answers, keyed by sha256(endpoint, model, messages), each with one sample
 * per run of `--repeat`. Several runs may record into one file at once: each save takes a lock,
 * reads what the others saved and keeps it, so no entry is lost.
 */
export class Cassette {
  private readonly byKey = new Map<string, CassetteEntry>();
  /** Requests this process recorded: a save keeps these over what another run saved. */
  private readonly recorded = new Set<string>();
  private saving: Promise<void> = Promise.resolve();

  constructor(
    readonly path: string,
    entries: readonly CassetteEntry[] = [],
  ) {
    for (const entry of entries) this.byKey.set(entry.key, canonicalEntry(entry));
  }

  /** For recording: the file's entries, or an empty cassette when it does not exist yet. Where it will write is checked first. */
  static load(path: string): Cassette {
    checkRecordPaths(path);
    const text = readIfThere(path);
    return new Cassette(path, text === null ? [] : (parseEntries(path, text) ?? []));
  }

  /** For replaying: a missing, empty or foreign file is an error naming the path (exit 2, before anything runs). */
  static loadForReplay(path: string): Cassette {
    const text = readIfThere(path);
    if (text === null) throw new CassetteError(`cassette ${path}: no such file (record one with --record ${path})`);
    const entries = parseEntries(path, text);
    if (entries === null || entries.length === 0) throw new CassetteError(`cassette ${path}: holds no recorded answer (record one with --record ${path})`);
    return new Cassette(path, entries);
  }

  get size(): number {
    return this.byKey.size;
  }

  get(key: string): CassetteEntry | undefined {
    return this.byKey.get(key);
  }

  /**
   * Records sample `index` of a request. A request this process records for the first time drops
   * its older samples, so one request never mixes the answers of two recordings.
   */
  record(head: Omit<CassetteEntry, 'samples' | 'runs'>, runs: number, index: number, sample: CassetteSample): void {
    const fresh = !this.recorded.has(head.key);
    this.recorded.add(head.key);
    const samples = fresh ? [] : [...(this.byKey.get(head.key)?.samples ?? [])];
    samples[index] = sample;
    this.byKey.set(head.key, canonicalEntry({ ...head, runs, samples }));
  }

  /** The fewest runs any recording made (0 for an empty cassette): a replay with more repeats has no sample for its later runs. */
  fewestRuns(): number {
    let fewest = Number.POSITIVE_INFINITY;
    for (const entry of this.byKey.values()) fewest = Math.min(fewest, entry.runs);
    return Number.isFinite(fewest) ? fewest : 0;
  }

  entries(): CassetteEntry[] {
    return [...this.byKey.values()].sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  }

  models(): string[] {
    return [...new Set(this.entries().map((entry) => entry.model))].sort();
  }

  toJson(): string {
    return `${JSON.stringify({ version: CASSETTE_VERSION, entries: this.entries() }, null, 2)}\n`;
  }

  /**
   * Under the file's lock: takes in what other runs saved since (their requests, not ours), writes
   * the whole file atomically over the cassette. Saves of one process run one at a time.
   */
  save(): Promise<void> {
    const run = (): Promise<void> =>
      // eslint-disable-next-line @typescript-eslint/require-await -- withFileLock takes async work; this work is synchronous file I/O under the lock
      withFileLock(lockPathOf(this.path), async () => {
        const text = readIfThere(this.path);
        const onDisk = text === null ? [] : (parseEntries(this.path, text) ?? []);
        for (const entry of onDisk) if (!this.recorded.has(entry.key)) this.byKey.set(entry.key, canonicalEntry(entry));
        writeFileAtomically(this.path, this.toJson());
      });
    this.saving = this.saving.then(run, run);
    return this.saving;
  }
}
