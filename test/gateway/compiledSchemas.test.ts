import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
// @ts-expect-error -- a plain .mjs build script without type declarations
import { TARGETS, generate } from '../../scripts/compileSchemas.mjs';
import { ROOT } from '../support/cli.js';

describe('validators compiled ahead of time from the schemas (no run loads ajv)', () => {
  for (const target of TARGETS as { file: string }[]) {
    it(`${target.file} matches its schemas (run scripts/compileSchemas.mjs after a schema change)`, async () => {
      expect(readFileSync(join(ROOT, target.file), 'utf8')).toBe(await generate(target));
    });
  }
});
