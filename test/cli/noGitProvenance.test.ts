import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cli, tempDir } from '../support/cli.js';

// Issue 40, item 7: "`provenance.git` null without a word why". A run where git cannot be found
// (PATH without it) records why, and every page says it where the commit would be.
describe('a run without git says why it names no commit', () => {
  it('records noGit in provenance and shows "none (git is not installed)" on the console, report.md and report.html', () => {
    const dir = tempDir('no-git-');
    const emptyPath = join(dir, 'bin');
    mkdirSync(emptyPath);
    const out = join(dir, 'out');
    const result = cli(['run', '--llm', 'heuristic', '--dataset', 'datasets/model/correct-ordinal.yaml', '--no-progress', '--out', out], {
      env: { PATH: emptyPath },
    });
    expect(result.stderr).toBe('');
    const report = JSON.parse(readFileSync(join(out, 'report.json'), 'utf8'));
    expect(report.run.provenance.git).toBeNull();
    expect(report.run.provenance.noGit).toBe('gitNotInstalled');
    expect(result.stdout).toContain('commit none (git is not installed)');
    expect(readFileSync(join(out, 'report.md'), 'utf8')).toContain('- commit: `none (git is not installed)`');
    expect(readFileSync(join(out, 'report.html'), 'utf8')).toContain('none (git is not installed)');
  });
});
