import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT, tempDir } from '../support/cli.js';

// Issue 45 item 8: CI's check (a) also runs a noisy same-model pair through a stand-in (the rule-based
// model behind serve-llm --perturb on 127.0.0.1, two noise seeds), which must not fail the gate. At
// heuristic speed, so this test runs exactly what .ci/run runs of it.
describe('scripts/realModelGate.mjs --only noisy: the noisy same-model pair through the stand-in (issue 45 item 8)', () => {
  it('the stand-in adds real noise (answers differ from its baseline), and the gate does not call it a regression', () => {
    const out = tempDir('real-model-gate-');
    const result = spawnSync(process.execPath, [join(ROOT, 'scripts/realModelGate.mjs'), '--only', 'noisy', '--out', out], {
      cwd: ROOT,
      encoding: 'utf8',
      timeout: 120_000,
    });
    expect(result.status, result.stdout + result.stderr).toBe(0);
    expect(result.stdout).toMatch(/\(a\) a noisy same-model pair through the stand-in .*: exit 0; as expected;/);
    expect(result.stdout).not.toContain('serve-model');
    const report = JSON.parse(readFileSync(join(out, 'noisy', 'report.json'), 'utf8'));
    expect(report.gate.answerChanges.changed).toBeGreaterThan(0);
    expect(report.gate.sequential.decision).not.toBe('regression');
  }, 150_000);
});
