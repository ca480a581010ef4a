import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT, tempDir } from '../support/cli.js';

// Issue 45 item 7: the calibration is code. scripts/calibrate.mjs in small: it starts its own
// stand-in servers on 127.0.0.1 (per-call and per-dialogue noise), runs baselines and candidates
// through the real CLI over HTTP and prints the docs' table, each rate with its 95 % interval.

function calibrate(args: readonly string[]): Promise<{ status: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [join(ROOT, 'scripts/calibrate.mjs'), ...args], { cwd: ROOT, env: { ...process.env, FORCE_COLOR: '0' } });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.once('exit', (status) => resolve({ status, stdout, stderr }));
  });
}

interface Campaign {
  readonly rows: Record<string, ReadonlyArray<{ readonly seed: number; readonly same: { exit: number }; readonly worse: { exit: number } }>>;
}

describe('scripts/calibrate.mjs', () => {
  it('two pairs a noise key on one dataset file: the table in the docs’ shape, the same model passes, a model that reads every 第N笔 one too far is caught', async () => {
    const dir = tempDir('calibrate-');
    const json = join(dir, 'campaign.json');
    const args = [
      '--pairs',
      '2',
      '--first-seed',
      '2001',
      '--dataset',
      'datasets/model/correct-ordinal.yaml',
      '--repeat',
      '2',
      '--worse-extra',
      'ordinalAsIndex=1',
      '--json',
      json,
    ];
    const result = await calibrate(args);
    expect(result.status, result.stderr).toBe(0);
    const lines = result.stdout.split('\n');
    expect(lines[0]).toMatch(
      /^\(`node scripts\/calibrate\.mjs --table served --keys request,dialogue --pairs N --first-seed 2001 .*`; .* UTC, load average .*, 2 and 2 pairs, \d+ s a pair of three runs\./,
    );
    const header =
      '| noise | pairs | false alarms (same model, new seed) | ≤ 5 %? | caught (ordinalAsIndex=1) | ≥ 90 %? | correctionIndexMapping: worse / same, mean move |';
    expect(lines).toContain(header);
    const rows = lines.filter((line) => line.startsWith('| per '));
    expect(rows).toHaveLength(2);
    for (const [row, noise] of [
      [rows[0], 'per call (`--perturb-key request`)'],
      [rows[1], 'per dialogue (`--perturb-key dialogue`)'],
    ] as const) {
      const cells = row!.split(' | ');
      expect(cells[0]).toBe(`| ${noise}`);
      expect(cells[1]).toBe('2');
      expect(cells[2]).toBe('0 / 2 (0.0 %; 95 % 0.0 %–65.8 %)');
      expect(cells[3]).toBe('not shown (upper bound 65.8 %)');
      expect(cells[4]).toBe('2 / 2 (100.0 %; 95 % 34.2 %–100.0 %)');
      expect(cells[5]).toBe('not shown (lower bound 34.2 %)');
      expect(cells[6]).toMatch(/^−\d+\.\d pp \/ [+−]\d+\.\d pp \|$/);
    }
    const campaign = JSON.parse(readFileSync(json, 'utf8')) as Campaign;
    for (const key of ['request', 'dialogue']) {
      expect(campaign.rows[key]!.map((row) => row.seed)).toEqual([2001, 2004]);
      expect(campaign.rows[key]!.map((row) => [row.same.exit, row.worse.exit])).toEqual([
        [0, 1],
        [0, 1],
      ]);
    }

    // The campaign resumes: the pairs it holds are not run again, and --pairs 0 prints its table.
    const again = await calibrate(['--pairs', '0', '--json', json]);
    expect(again.status, again.stderr).toBe(0);
    expect(again.stdout.split('\n').filter((line) => line.startsWith('| per '))).toEqual(rows);
  }, 600_000);

  it('refuses to add pairs to a campaign run with other settings', async () => {
    const dir = tempDir('calibrate-');
    const json = join(dir, 'campaign.json');
    const made = await calibrate([
      '--pairs',
      '1',
      '--keys',
      'request',
      '--first-seed',
      '2010',
      '--dataset',
      'datasets/model/unclear.yaml',
      '--repeat',
      '1',
      '--json',
      json,
    ]);
    expect(made.status, made.stderr).toBe(0);
    const other = await calibrate([
      '--pairs',
      '2',
      '--keys',
      'request',
      '--first-seed',
      '2010',
      '--dataset',
      'datasets/model/unclear.yaml',
      '--repeat',
      '2',
      '--json',
      json,
    ]);
    expect(other.status).toBe(2);
    expect(other.stderr).toContain('holds a campaign with other settings');
  }, 300_000);
});
