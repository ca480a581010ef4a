import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { MARKDOWN_CAP } from '../../src/report/markdown/markdownText.js';
import { cli } from '../support/cli.js';

// Issue 32: a failed model run's report.md reached 47 000 characters and comparison.md 65 359; GitHub
// refuses a comment above 65 536. Here every one of the 518 model-suite dialogues fails.
const SUITE = ['--dataset', 'datasets/model/*.yaml', '--llm', 'heuristic', '--no-progress'];

describe('report.md and comparison.md fit a pull-request comment whatever the run', () => {
  const dir = mkdtempSync(join(tmpdir(), 'markdown-cap-'));
  let total = 0;

  beforeAll(() => {
    const clean = cli(['run', ...SUITE, '--out', join(dir, 'clean')]);
    expect(clean.status, clean.stderr).not.toBe(2);
    const broken = cli(['run', ...SUITE, '--perturb', 'drop=1,intent=1', '--out', join(dir, 'broken'), '--baseline', join(dir, 'clean', 'report.json')]);
    expect(broken.status, broken.stderr).toBe(1);
    const compared = cli(['compare', join(dir, 'clean', 'report.json'), join(dir, 'broken', 'report.json'), '--out', join(dir, 'cmp')]);
    expect(compared.status, compared.stderr).toBe(1);
    total = JSON.parse(readFileSync(join(dir, 'broken', 'report.json'), 'utf8')).summary.dialogues.total;
  }, 120_000);

  it('report.md: every dialogue failing, under the cap, first screen first, the failing dialogues folded and counted', () => {
    const md = readFileSync(join(dir, 'broken', 'report.md'), 'utf8');
    expect(total).toBe(518);
    // Issue 49: under 20 000 characters, a page a reader reads (GitHub's limit is 65 536).
    expect(md.length).toBeLessThan(MARKDOWN_CAP);
    expect(MARKDOWN_CAP).toBeLessThanOrEqual(20_000);
    expect(md.startsWith('## ❌ Regression gate failed')).toBe(true);
    const folded = md.indexOf(`<details><summary>Failing dialogues (${total})</summary>`);
    expect(folded).toBeGreaterThan(md.indexOf('| Metric | Score |'));
    const shown = (md.slice(folded).match(/^#### ❌ /gm) ?? []).length;
    const left = Number(/_…and (\d+) more failing dialogues; see report\.html/.exec(md)?.[1]);
    expect(shown).toBeGreaterThan(0);
    expect(shown + left).toBe(total);
  });

  it('comparison.md: the flips folded and cut with a count, under the cap', () => {
    const md = readFileSync(join(dir, 'cmp', 'comparison.md'), 'utf8');
    expect(md.length).toBeLessThan(MARKDOWN_CAP);
    const broke = Number(/<details><summary>Pass → fail \((\d+)\)<\/summary>/.exec(md)?.[1]);
    const section = md.slice(md.indexOf('<details><summary>Pass → fail'));
    const shown = (section.slice(0, section.indexOf('</details>')).match(/^#### /gm) ?? []).length;
    const left = Number(/_…and (\d+) more; see comparison\.html\._/.exec(section)?.[1]);
    expect(broke).toBeGreaterThan(300);
    expect(shown + left).toBe(broke);
  });
});
