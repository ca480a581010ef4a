import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cli, cliAsync, tempDir } from '../support/cli.js';
import { FAULTY, readReport, sutFaults } from './sutSupport.js';

// The dialogue whose second line trips the faulty SUT; every other seed-001 dialogue runs cleanly.
const VICTIM = 's001-correction-notifies';
const TRIGGER = '单车那笔';
// Short enough to keep the hangs quick, long enough for a loaded machine to start a Node process.
const FAST = ['--sut-timeout', '1000', '--sut-start-timeout', '4000'];

async function runAgainst(sut: string, filter: string) {
  const out = tempDir();
  const result = await cliAsync(['run', '--no-progress', '-f', filter, ...FAST, '--sut', sut, '--out', out]);
  return { result, out, report: readReport(out) };
}

describe('a faulty SUT fails its dialogue, never the run (issue 13)', () => {
  it.each([
    ['crash', 'exited with code 3 while answering event userText "单车那笔应该是两块五"', 'faulty SUT: deliberate crash'],
    ['garbage', 'answered event userText "单车那笔应该是两块五" (seq', 'not JSON: "this is not JSON at all"'],
    ['hang', 'did not answer event userText "单车那笔应该是两块五"', 'within 1000 ms'],
  ])('%s mid-dialogue: exit 1, that dialogue failed and named, the SUT restarted for the others', async (mode, named, detail) => {
    const { result, out, report } = await runAgainst(FAULTY(mode, TRIGGER), 'seed-001');
    expect(result.status).toBe(1);
    expect(result.stdout).toContain(`✘ ${VICTIM}`);
    expect(result.stdout).toMatch(/dialogues: \d+ passed, 1 failed/);
    const faults = sutFaults(report);
    expect([...faults.keys()]).toEqual([VICTIM]);
    expect(faults.get(VICTIM)![0]).toContain(named);
    expect(faults.get(VICTIM)![0]).toContain(detail);
    expect(report.summary.dialogues.passed).toBeGreaterThan(10);
    // Nothing half-written: the four reports and no temporary file.
    expect(readdirSync(out).sort()).toEqual(['junit.xml', 'report.html', 'report.json', 'report.md']);
  });

  it.each([
    ['crash', 'exited with code 3 while answering hello'],
    ['garbage', 'answered hello (seq 1) with a line that is not JSON'],
    ['hang', 'did not answer hello (seq 1) within 4000 ms'],
  ])('%s from the start: every dialogue fails, named; after 3 in a row the SUT is given up', async (mode, first) => {
    const { result, out, report } = await runAgainst(FAULTY(mode, 'hello'), 'seed-001');
    expect(result.status).toBe(1);
    expect(report.summary.dialogues.passed).toBe(0);
    const faults = [...sutFaults(report).values()].map((list) => list[0]!);
    expect(faults).toHaveLength(report.summary.dialogues.total);
    expect(faults[0]).toContain(first);
    expect(faults.slice(0, 3).every((f) => !f.includes('not run'))).toBe(true);
    expect(faults.slice(3).every((f) => f.includes('not run: the SUT failed 3 dialogues in a row'))).toBe(true);
    const markdown = readFileSync(join(out, 'report.md'), 'utf8');
    // report.md counts every failure and names them in order up to its size budget (a PR comment must stay short).
    const ids = [...sutFaults(report).keys()];
    expect(markdown).toContain(`${ids.length} of ${ids.length} dialogues failed`);
    for (const id of ids.slice(0, 10)) expect(markdown).toContain(id);
  });

  it.each([
    ['unknownType', 'with an unknown message type "surprise"'],
    ['badEffect', `has an invalid effect #2 ("callParse"): / must have required property 'deadlineMs'`],
    ['wrongSeq', 'with seq 7: replies must come in order'],
    ['stall', 'the SUT is in AWAITING_PARSE with no llmDeadline timer running'],
    ['refusedWithEffects', 'the SUT refused event userText "单车那笔应该是两块五" (stale) yet emitted'],
    ['errorMessage', 'reported an error on event userText "单车那笔应该是两块五" (seq 6): "cannot handle this"'],
    ['chatter', 'the SUT wrote a line nobody asked for'],
  ])('protocol breach %s: the dialogue fails with the reason, exit 1', async (mode, reason) => {
    const { result, report } = await runAgainst(FAULTY(mode, TRIGGER), VICTIM);
    expect(result.status).toBe(1);
    expect(sutFaults(report).get(VICTIM)?.[0]).toContain(reason);
  });

  it.each([['settled'], ['any']])('random schema-valid answers (%s phases) never take the run down: exit 1, every report written', async (phases) => {
    const out = tempDir();
    const sut = `node test/fixtures/sut/randomSut.mjs 7 ${phases}`;
    // Any phase faults nearly every dialogue, and each fault restarts the SUT: a smaller slice keeps it quick.
    const slice = phases === 'any' ? ['-f', 'seed-001'] : ['--protocol', 'both'];
    const result = await cliAsync(['run', '--no-progress', ...slice, '--mode', 'gold', '--sut-give-up-after', '0', '--sut', sut, '--out', out]);
    expect(result.stderr).toBe('');
    expect(result.status).toBe(1);
    expect(readdirSync(out).sort()).toEqual(['junit.xml', 'report.html', 'report.json', 'report.md']);
    expect(readReport(out).summary.dialogues.failed).toBeGreaterThan(0);
  });

  it('bad --sut options are usage errors (exit 2)', () => {
    expect(cli(['run', '--sut', ' ', '--out', tempDir()]).status).toBe(2);
    const result = cli(['run', '--sut', 'true', '--sut-timeout', '0', '--out', tempDir()]);
    expect(result.status).toBe(2);
    expect(result.stderr).toContain('--sut-timeout takes a whole number from 1 to 600000, got 0');
  });
});
