import { readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { measureCorrectionContext, sampleCorrectionRequest } from '../support/contextSize.js';
import { DEFAULT_DATASETS } from '../../src/cli/runCommand.js';
import { loadDatasets, resolveDatasetFiles } from '../../src/datasets/loadDatasets.js';
import { cli, ROOT, tempDir } from '../support/cli.js';

// Figures the docs state without a date: each is measured here, so a change that moves one fails
// until the page says the new figure. Dated measurements (benchmarks, gate power) are not here.

const read = (path: string) => readFileSync(join(ROOT, path), 'utf8').replace(/\s+/g, ' ');
/** Whether a page states a figure, with the statement as the message (not the whole page) when it does not. */
const expectStated = (page: string, statement: string) => expect(page.includes(statement), `not stated: ${statement}`).toBe(true);
/** 1399 → "1 399", as the docs write numbers. */
const grouped = (n: number) => String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ' ');
const percent = (part: number, whole: number, digits = 0) => `${((100 * part) / whole).toFixed(digits)} %`;

interface ReportDialogue {
  readonly file: string;
  readonly passed: boolean;
  readonly turns: ReadonlyArray<{ readonly passed: boolean }>;
}
interface Report {
  readonly summary: { dialogues: { total: number; passed: number }; turns: { total: number; passed: number }; checks: { total: number; passed: number } };
  readonly dialogues: readonly ReportDialogue[];
}

function heuristicRun(mode: 'e2e' | 'gold'): Report {
  const out = tempDir();
  const result = cli(['run', '--llm', 'heuristic', '--mode', mode, '--dataset', 'datasets/model/*.yaml', '--out', out, '--no-progress']);
  expect(result.status, result.stderr).toBe(1); // the reference model fails some dialogues by design
  return JSON.parse(readFileSync(join(out, 'report.json'), 'utf8')) as Report;
}

describe('figures stated in the docs are today’s', () => {
  it('datasets/model/README.md: the reference model’s floor, overall and by family, e2e and gold', () => {
    const e2e = heuristicRun('e2e');
    const gold = heuristicRun('gold');
    const doc = read('datasets/model/README.md');
    const { dialogues, turns, checks } = e2e.summary;
    expectStated(
      doc,
      `passes **${dialogues.passed} / ${dialogues.total} dialogues (${percent(dialogues.passed, dialogues.total, 1)})**, ` +
        `${grouped(turns.passed)} / ${grouped(turns.total)} turns and ${grouped(checks.passed)} / ${grouped(checks.total)} checks`,
    );
    expectStated(doc, `With \`--mode gold\` it passes ${grouped(gold.summary.turns.passed)} turns.`);
    const families = [...new Set(e2e.dialogues.map((d) => basename(d.file, '.yaml')))];
    expect(families.length).toBeGreaterThan(5);
    for (const family of families) {
      const inFamily = (report: Report) => report.dialogues.filter((d) => basename(d.file, '.yaml') === family);
      const passed = inFamily(e2e).filter((d) => d.passed).length;
      const total = inFamily(e2e).length;
      const goldTurns = inFamily(gold).flatMap((d) => d.turns);
      const row = `| ${family} | ${passed} / ${total} (${percent(passed, total)}) | ${goldTurns.filter((t) => t.passed).length} / ${goldTurns.length} |`;
      expectStated(doc, row);
    }
  }, 60_000);

  it('the bundled suite’s size, where the README and the dataset format state it', () => {
    const files = resolveDatasetFiles(DEFAULT_DATASETS.map((pattern) => join(ROOT, pattern)));
    const { dialogues } = loadDatasets(files);
    expectStated(read('docs/dataset-format.md'), `${dialogues.length} dialogues in ${files.length} files`);
    expectStated(read('README.md'), `${dialogues.length} dialogues`);
  });

  it('docs/real-models.md: the promptfoo case count and the correction prompt’s size', async () => {
    const { default: generateTests } = (await import('../../promptfoo/tests.mjs')) as { default: () => Promise<unknown[]> };
    const doc = read('docs/real-models.md');
    expectStated(doc, `(${(await generateTests()).length} cases;`);
    const size = measureCorrectionContext(sampleCorrectionRequest(10));
    expectStated(doc, `batch is ${size.batchContext.tokens} tokens`);
    expectStated(doc, `few-shot examples is ${grouped(size.wholePrompt.tokens)};`);
  }, 60_000);
});
