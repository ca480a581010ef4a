import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { rename, writeFile } from 'node:fs/promises';
import { lastUserMessage, type ChatMessage, type Endpoint, type TokenUsage } from './backend.js';
import * as compiled from './cassetteValidator.generated.js';

/** One recorded answer. Holds the request's summary, never headers or keys. */
export interface CassetteEntry {
  key: string;
  endpoint: Endpoint;
  model: string;
  /** `systemSha256`: the whole system prompt's hash, so a miss can say the prompt changed. */
  request: { systemFirstLine: string; userMessage: string; messageCount: number; systemSha256?: string };
  text: string;
  latencyMs: number;
  usage?: TokenUsage;
}

const CASSETTE_VERSION = 1;

/** A cassette file that cannot be used: unreadable, not JSON, or not in the cassette format. */
export class CassetteError extends Error {
  override readonly name = 'CassetteError';
}

const count = { type: 'number', minimum: 0 } as const;
const cassetteSchema = {
  type: 'object',
  required: ['version', 'entries'],
  properties: {
    version: { const: CASSETTE_VERSION },
    entries: {
      type: 'array',
      items: {
        type: 'object',
        required: ['key', 'endpoint', 'model', 'request', 'text', 'latencyMs'],
        properties: {
          key: { type: 'string' },
          endpoint: { enum: ['parse', 'correct', 'conversation'] },
          model: { type: 'string' },
          request: {
            type: 'object',
            required: ['systemFirstLine', 'userMessage', 'messageCount'],
            properties: { systemFirstLine: { type: 'string' }, userMessage: { type: 'string' }, messageCount: count, systemSha256: { type: 'string' } },
          },
          text: { type: 'string' },
          latencyMs: count,
          usage: {
            type: 'object',
            required: ['promptTokens', 'completionTokens'],
            properties: { promptTokens: count, completionTokens: count },
          },
        },
      },
    },
  },
} as const;
/** Compiled ahead of time into cassetteValidator.generated.ts (scripts/compileSchemas.mjs). */
export const CASSETTE_SCHEMAS = { validateCassette: cassetteSchema };
const validateCassette = compiled.validateCassette as { (data: unknown): boolean; errors?: { instancePath: string; message?: string }[] | null };

export function requestKey(endpoint: Endpoint, model: string, messages: readonly ChatMessage[]): string {
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

/** Rebuilds an entry with a fixed key order so the file is byte-stable. */
function canonicalEntry(entry: CassetteEntry): CassetteEntry {
  const ordered: CassetteEntry = {
    key: entry.key,
    endpoint: entry.endpoint,
    model: entry.model,
    request: {
      systemFirstLine: entry.request.systemFirstLine,
      userMessage: entry.request.userMessage,
      messageCount: entry.request.messageCount,
      ...(entry.request.systemSha256 !== undefined ? { systemSha256: entry.request.systemSha256 } : {}),
    },
    text: entry.text,
    latencyMs: entry.latencyMs,
  };
  if (entry.usage) {
    ordered.usage = { promptTokens: entry.usage.promptTokens, completionTokens: entry.usage.completionTokens };
  }
  return ordered;
}

/** A JSON file of recorded answers, keyed by sha256(endpoint, model, messages). */
export class Cassette {
  private readonly byKey = new Map<string, CassetteEntry>();
  private saving: Promise<void> = Promise.resolve();
  private tmpCounter = 0;

  constructor(
    readonly path: string,
    entries: readonly CassetteEntry[] = [],
  ) {
    for (const entry of entries) this.byKey.set(entry.key, canonicalEntry(entry));
  }

  /** Loads the file, or starts an empty cassette when it does not exist yet. */
  static load(path: string): Cassette {
    let text: string;
    try {
      text = readFileSync(path, 'utf8');
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === 'ENOENT') return new Cassette(path);
      throw new CassetteError(`cassette ${path}: cannot read (${code ?? String(error)})`);
    }
    let data: unknown;
    try {
      data = JSON.parse(text);
    } catch (error) {
      throw new CassetteError(`cassette ${path}: not JSON (${(error as Error).message})`);
    }
    if (!validateCassette(data)) {
      const first = validateCassette.errors?.[0];
      const where = first ? `${first.instancePath || '/'} ${first.message ?? ''}` : '';
      throw new CassetteError(`cassette ${path}: not a version ${CASSETTE_VERSION} cassette (${where.trim()})`);
    }
    return new Cassette(path, (data as { entries: CassetteEntry[] }).entries);
  }

  get size(): number {
    return this.byKey.size;
  }

  get(key: string): CassetteEntry | undefined {
    return this.byKey.get(key);
  }

  put(entry: CassetteEntry): void {
    this.byKey.set(entry.key, canonicalEntry(entry));
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

  /** Writes a temporary file and renames it over the cassette; saves run one at a time. */
  save(): Promise<void> {
    const run = async (): Promise<void> => {
      const tmp = `${this.path}.${process.pid}.${++this.tmpCounter}.tmp`;
      await writeFile(tmp, this.toJson(), 'utf8');
      await rename(tmp, this.path);
    };
    this.saving = this.saving.then(run, run);
    return this.saving;
  }
}
