import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Report } from '../../src/report/model/reportTypes.js';
import { cli, tempDir } from '../support/cli.js';

const ONE = `- id: perturb-three
  title: 三笔
  tags: [smoke]
  turns:
    - user: 吃饭60，打车30，奶茶15
      expect: {state: CONFIRMING, batch: [{amount: 60}, {amount: 30}, {amount: 15}]}
`;

describe('nlu-harness run --perturb (issue 11 item 3)', () => {
  it('wraps the backend, changes what it answers, and names rates and seed in report.json', () => {
    const dir = tempDir();
    const dataset = join(dir, 'three.yaml');
    writeFileSync(dataset, ONE);
    const clean = cli(['run', '-d', dataset, '--llm', 'heuristic', '--out', join(dir, 'clean'), '--no-progress']);
    expect(clean.status).toBe(0);
    const noisy = cli(['run', '-d', dataset, '--llm', 'heuristic', '--perturb', 'drop=1', '--perturb-seed', '4', '--out', join(dir, 'noisy'), '--no-progress']);
    expect(noisy.status).toBe(1);
    const report = JSON.parse(readFileSync(join(dir, 'noisy', 'report.json'), 'utf8')) as Report;
    expect(report.run.llm).toEqual({
      backend: 'perturb(heuristic)',
      model: 'heuristic-rules-v1',
      perturb: { rates: { drop: 1, offByOne: 0, amount: 0, intent: 0, lowConfidence: 0 }, seed: 4 },
    });
  });

  it.each([
    [['--perturb', 'drop=2'], "--perturb: rate of 'drop' must be a number from 0 to 1, got '2'"],
    [['--perturb', 'dorp=0.1'], "--perturb: unknown kind 'dorp'"],
    [['--perturb', 'drop=0.1', '--perturb-seed', '-3'], '--perturb-seed takes a whole number from 0 to 4294967295, got -3'],
  ])('a bad spec %j is exit 2 with the reason, and writes no report', (flags, message) => {
    const out = join(tempDir(), 'out');
    const result = cli(['run', '--llm', 'heuristic', ...flags, '--out', out, '--no-progress']);
    expect(result.status).toBe(2);
    expect(result.stderr).toContain(message);
    expect(existsSync(out)).toBe(false);
  });
});
