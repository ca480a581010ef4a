import { closeSync, fsyncSync, mkdirSync, openSync, renameSync, rmSync, writeSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import type { GenTurn } from './model.js';
import type { GenDialogue } from './scenario.js';

const PLAIN_WORD = /^[A-Za-z][A-Za-z0-9_-]*$/;
const YAML_WORDS = new Set(['true', 'false', 'null', 'yes', 'no', 'on', 'off', 'y', 'n']);

/** One value in YAML flow style. Strings are JSON-quoted (a JSON string is a YAML double-quoted scalar) unless a plain word. */
export function flow(value: unknown): string {
  if (value === null) return 'null';
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new RangeError(`cannot write ${value}`);
    return String(value);
  }
  if (typeof value === 'boolean') return String(value);
  if (typeof value === 'string') return PLAIN_WORD.test(value) && !YAML_WORDS.has(value.toLowerCase()) ? value : JSON.stringify(value);
  if (Array.isArray(value)) return `[${value.map(flow).join(', ')}]`;
  if (typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).filter(([, v]) => v !== undefined);
    return `{${entries.map(([k, v]) => `${flow(k)}: ${flow(v)}`).join(', ')}}`;
  }
  throw new TypeError(`cannot write a ${typeof value}`);
}

function turnYaml(turn: GenTurn): string {
  const lines: string[] = [];
  const action = turn.user !== undefined ? `user: ${flow(turn.user)}` : turn.tap !== undefined ? `tap: ${turn.tap}` : `advanceMs: ${turn.advanceMs}`;
  lines.push(`    - ${action}`);
  if (turn.network) lines.push(`      network: ${turn.network}`);
  if (turn.llm) lines.push(`      llm: ${flow(turn.llm)}`);
  if (turn.store) lines.push(`      store: ${flow(turn.store)}`);
  lines.push('      expect:');
  for (const [key, value] of Object.entries(turn.expect)) lines.push(`        ${key}: ${flow(value)}`);
  return lines.join('\n');
}

export function dialogueYaml(dialogue: GenDialogue): string {
  return [
    `- id: ${flow(dialogue.id)}`,
    `  title: ${flow(dialogue.title)}`,
    `  tags: ${flow(dialogue.tags)}`,
    '  turns:',
    ...dialogue.turns.map(turnYaml),
    '',
  ].join('\n');
}

/**
 * Appends text to a temporary file beside the target in large chunks, and renames it into
 * place on commit: memory stays flat however many dialogues, and a reader never sees half a file.
 */
export class AtomicFileWriter {
  private readonly temp: string;
  private readonly fd: number;
  private buffer: string[] = [];
  private buffered = 0;

  constructor(
    private readonly target: string,
    private readonly chunkChars = 1 << 20,
  ) {
    mkdirSync(dirname(resolve(target)), { recursive: true });
    this.temp = `${target}.${process.pid}.tmp`;
    this.fd = openSync(this.temp, 'w');
  }

  write(text: string): void {
    this.buffer.push(text);
    this.buffered += text.length;
    if (this.buffered >= this.chunkChars) this.flush();
  }

  commit(): void {
    this.flush();
    fsyncSync(this.fd);
    closeSync(this.fd);
    renameSync(this.temp, this.target);
  }

  abort(): void {
    closeSync(this.fd);
    rmSync(this.temp, { force: true });
  }

  private flush(): void {
    if (this.buffer.length === 0) return;
    writeSync(this.fd, this.buffer.join(''));
    this.buffer = [];
    this.buffered = 0;
  }
}
