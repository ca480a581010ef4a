import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { SimulationReport } from '../../src/report/model/simulationReport.js';
import { cli, tempDir } from '../support/cli.js';
import { xmlProblems } from '../report/xmlCheck.js';

describe('simulate writes every report format (issue 15 item 3)', () => {
  const dir = tempDir();
  const out = join(dir, 'out');
  const result = cli(['simulate', '--users', '40', '--seed', '2', '--repeat', '2', '--perturb', 'drop=0.05', '--out', out, '--no-history']);
  const report = JSON.parse(readFileSync(join(out, 'report.json'), 'utf8')) as SimulationReport;
  const read = (file: string) => readFileSync(join(out, file), 'utf8');

  it('names all four files', () => {
    expect(result.status).toBe(0);
    expect(result.stdout).toContain(`Reports: ${out}/{report.json,report.md,report.html,junit.xml}`);
  });

  it('--lang zh: the page in Chinese, with the same figures; report.json as in English', () => {
    const own = tempDir();
    const run = (lang: string) => {
      const target = join(own, lang);
      expect(cli(['simulate', '--users', '12', '--seed', '4', '--out', target, '--no-history', '--lang', lang]).status).toBe(0);
      const json = JSON.parse(readFileSync(join(target, 'report.json'), 'utf8')) as SimulationReport & {
        run: { startedAt: string; finishedAt: string; timing: unknown };
      };
      return { page: readFileSync(join(target, 'report.html'), 'utf8'), json: { ...json, run: { ...json.run, startedAt: '', finishedAt: '', timing: null } } };
    };
    const zh = run('zh');
    const en = run('en');
    expect(zh.json).toEqual(en.json);
    const success = `${(zh.json.scores.overall.successRate * 100).toFixed(1)}%`;
    expect(zh.page).toContain('<html lang="zh-CN">');
    expect(zh.page).toContain(`<h1 id="headline">任务成功率 ${success}（${zh.json.scores.overall.runs} 次中 ${zh.json.scores.overall.succeeded} 次）</h1>`);
    expect(zh.page).toContain('<h2>按目标笔数</h2>');
    expect(en.page).toContain(`<h1 id="headline">Task success ${success} (${en.json.scores.overall.succeeded} of ${en.json.scores.overall.runs} runs)</h1>`);
  });

  it('writes them as one set, swapped in whole over the last one: nothing else is left beside or in --out', () => {
    const own = tempDir();
    const target = join(own, 'out');
    for (const users of ['3', '5']) expect(cli(['simulate', '--users', users, '--seed', '3', '--out', target, '--no-history']).status).toBe(0);
    expect(readdirSync(own)).toEqual(['out']);
    expect(readdirSync(target).sort()).toEqual(['junit.xml', 'report.html', 'report.json', 'report.md']);
    expect((JSON.parse(readFileSync(join(target, 'report.json'), 'utf8')) as SimulationReport).run.users).toBe(5);
  });

  it("junit.xml: one testcase per user, failed exactly when one of the user's runs missed the goal", () => {
    const xml = read('junit.xml');
    expect(xmlProblems(xml)).toEqual([]);
    const missed = new Set(report.runs.filter((run) => run.outcome !== 'success').map((run) => run.userId));
    expect(missed.size).toBeGreaterThan(0);
    expect(xml).toContain(`tests="40" failures="${missed.size}"`);
    const cases = [...xml.matchAll(/<testcase classname="[^"]*" name="user (\d+) \((\d+) items?\)"(\/?)>/g)];
    expect(cases).toHaveLength(40);
    for (const [, id, size, selfClosing] of cases) {
      expect(selfClosing === '/').toBe(!missed.has(Number(id)));
      expect(Number(size)).toBe(report.runs.find((run) => run.userId === Number(id))!.goalSize);
    }
    const failure = report.failures[0]!;
    const outcomes = report.runs.filter((run) => run.userId === failure.userId && run.outcome !== 'success');
    expect(xml).toContain(
      `goal not reached in ${outcomes.length} of 2 runs: run ${outcomes[0]!.repeat} ${outcomes[0]!.outcome} after ${outcomes[0]!.turns} turns`,
    );
    expect(xml).toContain(`turn 1: ${failure.transcript[0]!.user.replaceAll('&', '&amp;').replaceAll('<', '&lt;')}`);
  });

  it('report.html: the scores, a row per goal size and feature with its interval, and the failed users, with no script and no network', () => {
    const html = read('report.html');
    const { overall } = report.scores;
    expect(html).toContain(`<h1 id="headline">Task success ${(overall.successRate * 100).toFixed(1)}% (${overall.succeeded} of ${overall.runs} runs)</h1>`);
    expect(html).toContain('default-src &#39;none&#39;');
    expect(html).not.toMatch(/<script|https?:\/\//);
    for (const slice of report.scores.byGoalSize)
      expect(html).toContain(`<th scope="row">${slice.goalSize} item${slice.goalSize === 1 ? '' : 's'}</th><td>${slice.runs}</td>`);
    expect(html.match(/<article class="dlg"/g)).toHaveLength(report.failures.length);
    expect(html).toContain(`Failed users (${report.failures.length})`);
    expect(html).toContain(`data-metric="passAllRepeats"`);
  });
});
