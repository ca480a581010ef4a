import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach } from 'vitest';

const made: string[] = [];

afterEach(() => {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A fresh temp directory holding `files` (relative path → content), removed after the test. */
export function tempDir(files: Record<string, string> = {}): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'nlu-datasets-'));
  made.push(dir);
  for (const [name, content] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    writeFileSync(path.join(dir, name), content);
  }
  return dir;
}

/** One temp file; returns its path. */
export function tempFile(name: string, content: string): string {
  return path.join(tempDir({ [name]: content }), name);
}
