import { cpSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { lineDiff } from '../../src/eval/armsDifference.js';
import { cli, ROOT, tempDir } from '../support/cli.js';

// Issue 40, item 7: "a prompt change shows only line counts (no diff)".
describe('a prompt change shows its diff against the baseline, folded, in report.md and report.html', () => {
  it('lineDiff keeps one line of context around each change and marks the gap between hunks', () => {
    const before = ['a', 'b', 'c', 'd', 'e', 'f', 'g'];
    const after = ['a', 'B', 'c', 'd', 'e', 'f', 'g', 'h'];
    expect(lineDiff(before, after)).toEqual(['  a', '- b', '+ B', '  c', '…', '  g', '+ h']);
    expect(lineDiff(before, before)).toEqual([]);
  });

  it('a run with --prompts against a baseline of prompts/ folds the changed lines under the file name', () => {
    const dir = tempDir('prompt-diff-');
    const run = (out: string, extra: string[]) =>
      cli(['run', '--llm', 'heuristic', '--dataset', 'datasets/model/correct-ordinal.yaml', '--no-progress', '--out', join(dir, out), ...extra]);
    expect(run('base', []).stderr).toBe('');
    const prompts = join(dir, 'prompts');
    cpSync(join(ROOT, 'prompts'), prompts, { recursive: true });
    const file = join(prompts, 'correction-dialogue.txt');
    writeFileSync(file, `${readFileSync(file, 'utf8')}A LINE ADDED <for the test>\n`);
    const changed = run('changed', ['--prompts', prompts, '--baseline', join(dir, 'base', 'report.json')]);
    expect(changed.stderr).toBe('');

    const report = JSON.parse(readFileSync(join(dir, 'changed', 'report.json'), 'utf8'));
    const change = report.gate.arms.prompts.find((p: { file: string }) => p.file === 'correction-dialogue.txt');
    expect(change).toMatchObject({ added: 1, removed: 0 });
    expect(change.diff).toContain('+ A LINE ADDED <for the test>');
    const md = readFileSync(join(dir, 'changed', 'report.md'), 'utf8');
    expect(md).toContain('<details><summary>Prompt diff: correction-dialogue.txt (+1 −0 lines)</summary>');
    expect(md).toMatch(/```diff\n[^]*\+ A LINE ADDED <for the test>\n[^]*```/);
    const html = readFileSync(join(dir, 'changed', 'report.html'), 'utf8');
    expect(html).toContain('<details class="prompt-diff"><summary>Prompt diff: correction-dialogue.txt (+1 −0 lines)</summary>');
    expect(html).toContain('<span class="diff-add">+ A LINE ADDED &lt;for the test&gt;</span>');
  });
});
