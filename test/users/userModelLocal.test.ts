import type { ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MODEL_PIN, installedModelPath, modelLabel } from '../../src/llm/localModel.js';
import type { SimulationReport } from '../../src/report/model/simulationReport.js';
import { ROOT, cliAsync, tempDir } from '../support/cli.js';
import { missingLocalModelPart, skipWithoutLocalModel, startServeModel } from '../support/localModelParts.js';

const missing = missingLocalModelPart();
const skipped = skipWithoutLocalModel('simulated users played by the real model', missing);

/** Small on purpose: a few users and a call budget keep it inside CI's time on a CPU. */
const USERS = 3;
const BUDGET = 12;

describe.skipIf(skipped)(`the installed ${MODEL_PIN.file} plays a few simulated users, key-less (issue 46 item 6)`, () => {
  let child: ChildProcess;
  let url = '';
  let serverLog: () => string = () => '';

  beforeAll(async () => {
    if (missing) throw new Error(`REQUIRE_LOCAL_MODEL=1 but ${missing}`);
    ({ child, url, log: serverLog } = await startServeModel());
  }, 120_000);

  afterAll(() => {
    child?.kill();
  });

  it('its lines go through the guard, the served model answers every call, and the run stays within its budget', async () => {
    const dir = tempDir();
    const cassette = join(dir, 'users.cassette.json');
    const result = await cliAsync([
      'simulate',
      '--users',
      String(USERS),
      '--seed',
      '2',
      '--llm',
      'heuristic',
      '--speech',
      'none',
      '--no-history',
      '--user-llm',
      'openai',
      '--base-url',
      url,
      '--model',
      'local',
      '--user-temperature',
      '0',
      '--user-call-budget',
      String(BUDGET),
      '--record',
      cassette,
      '--out',
      dir,
    ]);
    expect(result.status, result.stderr).toBe(0);
    const report = JSON.parse(readFileSync(join(dir, 'report.json'), 'utf8')) as SimulationReport;
    const section = report.userModel!;
    expect(section.calls).toBeGreaterThan(0);
    expect(section.calls).toBeLessThanOrEqual(BUDGET);
    expect(section.completionTokens).toBeGreaterThan(0);
    expect(report.runs).toHaveLength(USERS);
    // Every line that was spoken passed the guard; every user either reached an outcome the app is judged on or slipped, named.
    expect(section.lines.withinLimit).toBeLessThanOrEqual(section.lines.needed);
    expect(section.slips.length).toBe(report.runs.filter((run) => run.outcome === 'slip').length);
    for (const example of section.examples) expect(example.written.length).toBeGreaterThan(0);
    // The answers came from the pinned 1.5B, and were recorded under the user endpoint.
    const entries = (JSON.parse(readFileSync(cassette, 'utf8')) as { entries: { endpoint: string; samples: { served?: { model: string } }[] }[] }).entries;
    const users = entries.filter((entry) => entry.endpoint === 'user');
    expect(users).toHaveLength(section.calls);
    for (const entry of users) expect(entry.samples[0]!.served!.model).toBe(modelLabel(installedModelPath(), MODEL_PIN.sha256));
    expect(serverLog()).toContain('user: ');
  }, 900_000);
});
