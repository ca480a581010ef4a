import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cli, tempDir } from '../support/cli.js';
import { servedOrdinalRuns } from '../support/servedLlm.js';

// Issue 45 item 4: compare reaches run's verdict on the dialogues a report actually ran.
const read = (dir: string) => JSON.parse(readFileSync(join(dir, 'report.json'), 'utf8'));

describe('compare of a --sequential report that stopped early pairs the dialogues it ran (issue 45 item 4)', () => {
  const dir = tempDir('compare-sequential-');
  const baseline = join(dir, 'baseline.json');
  const served = servedOrdinalRuns();

  it('run --sequential --margin 0.25 clears early; compare with its baseline pairs those dialogues and passes', async () => {
    const made = await served(['--baseline', baseline, '--update-baseline'], join(dir, 'base'));
    expect(made.status, made.stderr).not.toBe(2);
    const sequential = await served(['--baseline', baseline, '--sequential', '--margin', '0.25'], join(dir, 'seq'));
    expect(sequential.status, sequential.stderr).toBe(0);
    const report = read(join(dir, 'seq'));
    const { dialoguesRun, dialoguesInSuite } = report.gate.sequential;
    expect(dialoguesRun).toBeLessThan(dialoguesInSuite);

    const compared = cli(['compare', baseline, join(dir, 'seq', 'report.json'), '--json']);
    expect(compared.status, compared.stdout).toBe(0);
    const gate = JSON.parse(compared.stdout);
    expect(gate.pairing.paired).toBe(dialoguesRun);
    expect(gate.pairing.onlyInBaseline).toBe(dialoguesInSuite - dialoguesRun);
    expect(gate.regressions).toEqual([]);
    expect(JSON.stringify(gate.warnings ?? [])).not.toMatch(/missing from this run|metrics were not compared/);
    const said = cli(['compare', baseline, join(dir, 'seq', 'report.json')]).stdout;
    expect(said).toContain(`${dialoguesRun} of ${dialoguesRun} dialogues paired; 0 only in this run, ${dialoguesInSuite - dialoguesRun} only in the baseline`);
    // Compare runs the run's own sequential test again, on its dialogues in their order: the same verdict, said the same way.
    const { decision, dialoguesTested, alarmed } = report.gate.sequential;
    expect(gate.sequential).toMatchObject({ decision, dialoguesTested, dialoguesRun, dialoguesInSuite, alarmed });
    expect(sequential.stdout).toContain(`Cleared after ${dialoguesRun} of ${dialoguesInSuite} dialogues`);
    expect(said).toContain(`Cleared after ${dialoguesRun} of ${dialoguesInSuite} dialogues`);

    // The other way round: the sequential report as the baseline of the whole run counts as its part only.
    const reversed = cli(['compare', join(dir, 'seq', 'report.json'), join(dir, 'base', 'report.json'), '--json']);
    expect(reversed.status, reversed.stdout).toBe(0);
    const back = JSON.parse(reversed.stdout);
    expect(back.pairing.paired).toBe(dialoguesRun);
    expect(back.improvements.filter((f: { kind: string }) => f.kind === 'metric')).toEqual([]);
  }, 120_000);
});

describe('compare of a --sequential report that caught a regression reaches the same verdict (issue 45 item 4)', () => {
  const dir = tempDir('compare-sequential-worse-');
  const baseline = join(dir, 'baseline.json');
  const same = servedOrdinalRuns();
  const worse = servedOrdinalRuns(['--perturb', 'ordinalAsIndex=0.6']);

  it('a model that often reads 第N笔 as index N fails run --sequential; compare of its report fails too, naming the same metrics', async () => {
    const made = await same(['--baseline', baseline, '--update-baseline'], join(dir, 'base'));
    expect(made.status, made.stderr).not.toBe(2);
    const sequential = await worse(['--baseline', baseline, '--sequential'], join(dir, 'seq'));
    expect(sequential.status, sequential.stdout).toBe(1);
    const ran = read(join(dir, 'seq')).gate.sequential;
    expect(ran.decision).toBe('regression');

    const compared = cli(['compare', baseline, join(dir, 'seq', 'report.json'), '--json']);
    expect(compared.status, compared.stdout).toBe(1);
    const gate = JSON.parse(compared.stdout);
    expect(gate.sequential).toMatchObject({ decision: 'regression', dialoguesTested: ran.dialoguesTested, alarmed: ran.alarmed });
  }, 120_000);
});

describe("the README tour's compare: a gold-mode run of one seed against the end-to-end heuristic run (issue 45 item 4)", () => {
  const dir = tempDir('compare-tour-');

  it('says how many dialogues pair, that the modes differ, and advice that fits two run reports', () => {
    expect(cli(['run', '--filter', 'seed-001', '--mode', 'gold', '--no-progress', '--out', join(dir, 'gold')]).status).toBe(0);
    expect(cli(['run', '--llm', 'heuristic', '--no-progress', '--out', join(dir, 'rules')]).status).not.toBe(2);
    const gold = read(join(dir, 'gold'));
    const compared = cli(['compare', join(dir, 'gold', 'report.json'), join(dir, 'rules', 'report.json')]);
    expect(compared.status).not.toBe(2);
    expect(compared.stdout).toMatch(new RegExp(`${gold.summary.dialogues.total} of \\d+ dialogues paired`));
    expect(compared.stdout).toContain('the baseline ran --mode gold and this run --mode e2e');
    expect(compared.stdout).not.toContain('remake it with --update-baseline');
    expect(compared.stdout).toContain('compare two runs of the same selection');
  }, 120_000);
});
