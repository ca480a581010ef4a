import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { BackendOptions } from '../../src/backends/backendEntry.js';
import { answersRepeat, backendEntry, backendNames, baseBackendName, findBackend } from '../../src/backends/registry.js';
import type { ChatRequest } from '../../src/llm/backend.js';
import { Cassette } from '../../src/llm/cassette.js';
import { PERTURB_KINDS } from '../../src/llm/perturbBackend.js';
import { RecordingBackend } from '../../src/llm/replayBackend.js';
import { cli, tempDir } from '../support/cli.js';

const dir = tempDir('backends-');
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const request: ChatRequest = { endpoint: 'parse', messages: [{ role: 'user', content: '午饭35块' }] };

/** A cassette with one answer recorded from the reference model. */
async function recordedCassette(): Promise<string> {
  const file = join(dir, 'one.cassette.json');
  const cassette = Cassette.load(file);
  await new RecordingBackend(await backendEntry('heuristic').create({ option: '--llm' }), cassette).complete(request);
  await cassette.save();
  return file;
}

/** What each backend needs to be made outside a command (the openai client is made, never called). */
async function optionsFor(name: string): Promise<BackendOptions> {
  if (name === 'oracle') return { option: '--llm', board: { current: null } };
  if (name === 'openai') return { option: '--llm', baseUrl: 'http://127.0.0.1:9/v1', model: 'm', apiKey: '' };
  if (name === 'replay') return { option: '--llm', cassette: await recordedCassette() };
  return { option: '--llm' };
}

describe('the backend registry', () => {
  it('makes for each entry a backend with its name and clock, answering from the script exactly when the entry says so', async () => {
    const names = backendNames();
    expect(new Set(names).size).toBe(names.length);
    for (const name of names) {
      const entry = backendEntry(name);
      const backend = await entry.create(await optionsFor(name));
      expect(backend.name, name).toBe(name);
      expect(backend.clock, name).toBe(entry.clock);
      expect(backend.script !== undefined, name).toBe(entry.answers === 'script');
    }
  });

  it('offers each command the backends it offered before the registry, in the same order', () => {
    expect(backendNames((entry) => entry.answers !== 'goal')).toEqual(['scripted', 'heuristic', 'openai', 'replay']);
    expect(backendNames((entry) => entry.answers !== 'script')).toEqual(['oracle', 'heuristic', 'openai', 'replay']);
    expect(backendNames((entry) => entry.answers === 'input')).toEqual(['heuristic', 'openai', 'replay']);
    expect(backendNames((entry) => entry.servable)).toEqual(['heuristic', 'replay']);
  });

  it("looks a report's stored name up: a wrapper's name has no entry until unwrapped", () => {
    expect(findBackend('perturb(record(openai))')).toBeUndefined();
    expect(baseBackendName('perturb(record(openai))')).toBe('openai');
    expect(findBackend(baseBackendName('perturb(record(openai))'))?.readsPrompts).toBe(true);
    expect(findBackend('heuristic')?.readsPrompts).toBe(false);
    expect(findBackend('no-such-backend')).toBeUndefined();
    expect(() => backendEntry('no-such-backend')).toThrow("no backend is named 'no-such-backend'");
  });

  it('says which option and command a missing cassette belongs to', async () => {
    await expect(backendEntry('replay').create({ option: '--llm', canRecord: true })).rejects.toThrow(
      '--llm replay needs --cassette FILE (record one with --record FILE)',
    );
    await expect(backendEntry('replay').create({ option: '--backend' })).rejects.toThrow(/^--backend replay needs --cassette FILE$/);
  });
});

describe('--help', () => {
  it.each(['run', 'simulate', 'try', 'serve-llm'])('of %s lists every --perturb kind', (command) => {
    const { status, stdout } = cli([command, '--help']);
    expect(status).toBe(0);
    const help = stdout.replace(/\s+/g, ' ');
    for (const kind of PERTURB_KINDS) expect(help, kind).toContain(kind);
    expect(help).toContain(`with kinds ${PERTURB_KINDS.join(', ')} (e.g.`);
  });

  it("of run offers the registry's backends that have a script or a model", () => {
    const help = cli(['run', '--help']).stdout.replace(/\s+/g, ' ');
    expect(help).toContain('[choices: "scripted", "heuristic", "openai", "replay"] [default: "scripted"]');
  });
});

describe('whose answers repeat (issue 38: noise only where there is noise)', () => {
  it('a script, a fixed rule, a recording and the goal always; a sampled model only at temperature 0 with the same seed; a perturbed one never', () => {
    for (const name of ['scripted', 'heuristic', 'replay', 'oracle']) expect(answersRepeat(name, null, null)).toBe(true);
    expect(answersRepeat('openai', null, null)).toBe(false);
    expect(answersRepeat('openai', { temperature: 0, seed: 3 }, { temperature: 0, seed: 3 })).toBe(true);
    expect(answersRepeat('record(openai)', { temperature: 0, seed: 3 }, { temperature: 0, seed: 3 })).toBe(true);
    expect(answersRepeat('openai', { temperature: 0, seed: 3 }, { temperature: 0, seed: 4 })).toBe(false);
    expect(answersRepeat('openai', { temperature: 0 }, { temperature: 0 })).toBe(false);
    expect(answersRepeat('perturb(heuristic)', null, null)).toBe(false);
    expect(answersRepeat('record(perturb(openai))', { temperature: 0, seed: 3 }, { temperature: 0, seed: 3 })).toBe(false);
    expect(answersRepeat('someone-else', null, null)).toBe(false);
  });
});
