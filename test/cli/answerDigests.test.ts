import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { readBaseline } from '../../src/report/json/baseline.js';
import { readComparableReport, readShardReport } from '../../src/report/json/readReport.js';
import { cli, tempDir } from '../support/cli.js';

// Issue 38 item 6: "An edit the model ignores reads as a safe edit." Every model call's answer is
// digested in report.json, and a run against a baseline that holds them says how many calls were
// answered as before; a metric the baseline's model met too rarely is "cannot be judged with this model".
const SUITE = ['--dataset', 'datasets/model/append.yaml', '--shard', '1/3', '--llm', 'heuristic', '--no-progress'];

describe('did the edit reach the model?', () => {
  const dir = tempDir('answer-digests-');
  const baseline = join(dir, 'baseline.json');
  const report = (name: string) => join(dir, name, 'report.json');

  beforeAll(() => {
    const made = cli(['run', ...SUITE, '--out', join(dir, 'base'), '--baseline', baseline, '--update-baseline']);
    expect(made.status, made.stderr).not.toBe(2);
  }, 120_000);

  it('report.json keeps a digest of every model call, per dialogue and run, and both readers and the baseline validate it', () => {
    const written = JSON.parse(readFileSync(report('base'), 'utf8'));
    let calls = 0;
    for (const dialogue of written.dialogues) {
      expect(dialogue.answerDigests).toHaveLength(dialogue.runs);
      for (const digest of dialogue.answerDigests.flat()) {
        expect(digest).toEqual({
          turn: expect.any(Number),
          endpoint: expect.any(String),
          request: expect.stringMatching(/^[0-9a-f]{12}$/),
          answer: expect.stringMatching(/^[0-9a-f]{12}$/),
        });
        calls++;
      }
    }
    expect(calls).toBeGreaterThan(0);
    expect(readComparableReport(report('base')).dialogues[0]!.answerDigests).toEqual(written.dialogues[0].answerDigests);
    expect(readShardReport(report('base')).dialogues).toHaveLength(written.dialogues.length);
    expect(Object.keys(readBaseline(baseline).answerDigests!)).toEqual(written.dialogues.map((d: { id: string }) => d.id));

    const forged = join(dir, 'forged.json');
    writeFileSync(
      forged,
      JSON.stringify({
        ...written,
        dialogues: written.dialogues.map((d: object) => ({ ...d, answerDigests: [[{ turn: 0, endpoint: 'parse', request: 'x', answer: 'y' }]] })),
      }),
    );
    const read = cli(['compare', report('base'), forged, '--out', join(dir, 'forged-out')]);
    expect(read.status).toBe(2);
    expect(read.stderr).toContain('answerDigests');
  });

  it('the same heuristic model against its own baseline: all calls answered as before, in report.json, the console, report.md and report.html, in both languages', () => {
    const run = cli(['run', ...SUITE, '--out', join(dir, 'same'), '--baseline', baseline]);
    expect(run.status).toBe(0);
    const gate = JSON.parse(readFileSync(report('same'), 'utf8')).gate;
    expect(gate.answerChanges.changed).toBe(0);
    expect(gate.answerChanges.same).toBe(gate.answerChanges.compared);
    const sentence = `The model answered all ${gate.answerChanges.compared} calls as before.`;
    expect(run.stdout).toContain(sentence);
    expect(readFileSync(join(dir, 'same', 'report.md'), 'utf8')).toContain(sentence);
    expect(readFileSync(join(dir, 'same', 'report.html'), 'utf8')).toContain(sentence);
    const zh = cli(['run', ...SUITE, '--out', join(dir, 'same-zh'), '--baseline', baseline, '--lang', 'zh']);
    expect(zh.stdout).toContain(`模型对全部 ${gate.answerChanges.compared} 次调用的回答与之前相同。`);
  });

  it('a --sequential run that ends undecided says beside "Not decided" how many calls were answered as before', () => {
    // A budget that ends it early: over the whole selection the same model is cleared (issue 45, item 3).
    const run = cli(['run', ...SUITE, '--out', join(dir, 'sequential'), '--baseline', baseline, '--sequential', '--budget', '4calls', '--undecided', 'pass']);
    expect(run.status).toBe(0);
    const gate = JSON.parse(readFileSync(report('sequential'), 'utf8')).gate;
    expect(gate.sequential.decision).toBe('undecided');
    expect(run.stdout).toMatch(new RegExp(`The model answered all ${gate.answerChanges.compared} calls as before\\..*Not decided: `));
  });

  it("a --perturb'ed candidate: answers changed on some calls, counted and said", () => {
    const run = cli(['run', ...SUITE, '--perturb', 'ordinalAsIndex=1,amount=0.3', '--out', join(dir, 'perturbed'), '--baseline', baseline]);
    expect(run.status, run.stderr).not.toBe(2);
    const { answerChanges, singleRuns } = JSON.parse(readFileSync(report('perturbed'), 'utf8')).gate;
    expect(singleRuns.tests.length).toBeGreaterThan(1); // a --perturb'ed model has noise: run --baseline judges it against chance too
    expect(answerChanges.changed).toBeGreaterThan(0);
    expect(answerChanges.same + answerChanges.changed).toBe(answerChanges.compared);
    // Issue 45 item 6: the requests that changed are counted apart from the answers, and a model with
    // noise whose baseline has no repeats says it cannot tell noise from a change.
    expect(answerChanges.requestsChanged).toBeGreaterThan(0);
    const noise = '; the baseline has no repeats to tell noise from a change (make it with --repeat 2 or more).';
    const said =
      answerChanges.changed > answerChanges.compared / 10
        ? `Requests changed on ${answerChanges.requestsChanged} of ${answerChanges.compared} calls; answers on ${answerChanges.changed}${noise}`
        : `The model answered ${answerChanges.same} of ${answerChanges.compared} calls as before (${answerChanges.requestsChanged} of the requests changed)${noise}`;
    expect(run.stdout).toContain(said);
    const compared = cli(['compare', baseline, report('perturbed')]);
    expect(compared.stdout).toContain(said);
    const pages = join(dir, 'pages');
    cli(['compare', report('base'), report('perturbed'), '--out', pages]);
    expect(readFileSync(join(pages, 'comparison.md'), 'utf8')).toContain(said);
    expect(readFileSync(join(pages, 'comparison.html'), 'utf8')).toContain(`<p class="plain model-reached">${said}</p>`);
  });

  it('a metric the baseline met 0 times cannot be judged with this model, and is not read as "no change"', () => {
    const edited = JSON.parse(readFileSync(baseline, 'utf8'));
    const judged = edited.judged.appendHandled;
    expect(judged).toBeGreaterThan(0);
    writeFileSync(join(dir, 'weak.json'), JSON.stringify({ ...edited, metrics: { ...edited.metrics, appendHandled: 0 } }));
    const run = cli(['run', ...SUITE, '--out', join(dir, 'weak'), '--baseline', join(dir, 'weak.json')]);
    const gate = JSON.parse(readFileSync(report('weak'), 'utf8')).gate;
    expect(gate.cannotJudge).toContainEqual({ name: 'appendHandled', succeeded: 0, judged });
    const findings = new Set([...gate.regressions, ...gate.improvements].map((f: { name: string }) => f.name));
    const quiet = gate.cannotJudge.find((m: { name: string }) => !findings.has(m.name));
    expect(quiet).toBeDefined();
    const md = readFileSync(join(dir, 'weak', 'report.md'), 'utf8');
    expect(md).toMatch(new RegExp(`\\| [^|]+ \\| \\*\\*[\\d.]+%\\*\\* \\| cannot be judged with this model \\|`));
    expect(readFileSync(join(dir, 'weak', 'report.html'), 'utf8')).toMatch(
      new RegExp(
        `data-metric="${quiet.name}">\\s*<div class="card-head"><h3>[^<]*</h3><span class="delta delta-none" title="cannot be judged with this model">cannot be judged with this model</span>`,
      ),
    );
    expect(run.stdout).toMatch(
      new RegExp(`Cannot be judged with this model: .*Appends handled \\(0 of ${judged} in the baseline\\).* too few times for a fall to show`),
    );
  });
});
