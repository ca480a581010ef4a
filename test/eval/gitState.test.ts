import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { readGitProvenance, readGitState } from '../../src/eval/provenance.js';
import { noGitSaid } from '../../src/report/model/reportQueries.js';
import { tempDir } from '../support/cli.js';

describe("a run's git provenance (one git process: commit and whether tracked files changed)", () => {
  const startedIn = process.cwd();
  afterEach(() => process.chdir(startedIn));

  function repository(): string {
    const dir = tempDir();
    const git = (...args: string[]) =>
      execFileSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@example.com', ...args], { cwd: dir, encoding: 'utf8' }).trim();
    git('init', '-q');
    writeFileSync(join(dir, 'a.yaml'), '- id: a\n');
    git('add', 'a.yaml');
    git('commit', '-q', '-m', 'first');
    process.chdir(dir);
    return git('rev-parse', 'HEAD');
  }

  it('names the commit checked out; a clean tree, or one with only untracked files, is not dirty', async () => {
    const commit = repository();
    expect(await readGitState()).toEqual({ commit, dirty: false });
    writeFileSync('untracked.yaml', '- id: b\n');
    expect(await readGitState()).toEqual({ commit, dirty: false });
  });

  it('a changed tracked file makes it dirty', async () => {
    const commit = repository();
    writeFileSync('a.yaml', '- id: changed\n');
    expect(await readGitState()).toEqual({ commit, dirty: true });
  });

  it('is null outside a checkout, and in one with no commit yet', async () => {
    process.chdir(tempDir());
    expect(await readGitState()).toBeNull();
    execFileSync('git', ['init', '-q']);
    expect(await readGitState()).toBeNull();
  });

  // Issue 40, item 7: "`provenance.git` null without a word why".
  it('says why there is no commit: not a checkout, no commit yet, or git not installed', async () => {
    process.chdir(tempDir());
    expect(await readGitProvenance()).toEqual({ git: null, noGit: 'notACheckout' });
    execFileSync('git', ['init', '-q']);
    expect(await readGitProvenance()).toEqual({ git: null, noGit: 'noCommit' });
    const path = process.env['PATH'];
    process.env['PATH'] = tempDir();
    try {
      expect(await readGitProvenance()).toEqual({ git: null, noGit: 'gitNotInstalled' });
    } finally {
      process.env['PATH'] = path;
    }
    expect(noGitSaid('notACheckout')).toBe('none (not a git checkout)');
    expect(noGitSaid('gitNotInstalled')).toBe('none (git is not installed)');
  });
});
