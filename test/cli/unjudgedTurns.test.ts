import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cli, tempDir } from '../support/cli.js';
import { expectRejected } from '../hostile/workspace.js';

// Issue 47 item 18: a dataset written for a real model states no `route:` (the app decides the
// route). Its turns are model-facing as the app decides (Layer 1 on the line in that state), so the
// turn-kind metrics and Dates judge them; every report says how many turns no such metric judged, and why.
// Five dialogues each state a day; two of the stated days are not what the app makes of the line
// (a stand-in for a model's misses), so Dates must read 3 of 5, not n/a.
const DAYS: Array<[string, string, number, string]> = [
  ['d1', '昨天打车30', 30, '2026-02-28'],
  ['d2', '前天午饭25', 25, '2026-02-27'],
  ['d3', '3号买菜40', 40, '2026-02-03'],
  ['d4', '昨天咖啡18', 18, '2026-02-20'],
  ['d5', '前天电影60', 60, '2026-02-21'],
];
function daysSuite(dir: string): string {
  const file = join(dir, 'days.yaml');
  const dialogues = DAYS.map(([id, user, amount, date]) =>
    [
      `  - id: ${id}`,
      '    turns:',
      `      - user: ${user}`,
      `        expect: {state: CONFIRMING, batch: [{amount: ${amount}, date: ${date}}]}`,
      '      - user: 确认',
      `        expect: {batch: null, saved: [{amount: ${amount}}]}`,
    ].join('\n'),
  );
  writeFileSync(file, ['today: 2026-03-01', 'dialogues:', ...dialogues, ''].join('\n'));
  return file;
}
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- report.json read back
type Json = Record<string, any>;

describe('issue 47 item 18: turns without route: are judged as the app routes them', () => {
  it('five dialogues stating a day, no route, on a model: Dates 3 of 5 and parse turns judged; the reports say 5 of 10 turns were judged by no turn-kind metric (Layer 1)', () => {
    const dir = tempDir('nlu-unjudged-');
    const result = cli(['run', '--no-progress', '--llm', 'heuristic', '--dataset', daysSuite(dir), '--out', join(dir, 'out')]);
    expect(result.status, result.stderr).toBe(1);
    const report = JSON.parse(readFileSync(join(dir, 'out', 'report.json'), 'utf8')) as Json;
    expect(report['metrics'].dates.counts).toEqual({ judged: 5, right: 3 });
    expect(report['metrics'].parseHandled.counts).toEqual({ judged: 5, handled: 3 });
    expect(report['summary'].turns.unjudged).toEqual({ local: 5 });
    const said = '5 of 10 turns counted for no turn-kind metric nor Dates: 5 answered on the device (Layer 1, or routed so by the dataset).';
    expect(result.stdout).toContain(said);
    expect(readFileSync(join(dir, 'out', 'report.md'), 'utf8')).toContain(said);
    expect(readFileSync(join(dir, 'out', 'report.html'), 'utf8')).toContain(said);
    expect(readFileSync(join(dir, 'out', 'junit.xml'), 'utf8')).toContain(`<property name="unjudgedTurns" value="${said}"/>`);
    const zh = cli(['run', '--no-progress', '--llm', 'heuristic', '--lang', 'zh', '--dataset', join(dir, 'days.yaml'), '--out', join(dir, 'zh')]);
    expect(zh.stdout).toContain('10 轮中有 5 轮不计入任何按轮类型的指标和日期：5 轮由端侧规则处理（第一层，或数据集指定）。');
  });
});

describe('issue 47 item 15: a suite written for a model, run on the scripted backend', () => {
  it('is exit 2 before anything runs, saying it needs --llm (not "FAILED 0/N")', () => {
    const dir = tempDir('nlu-unscripted-');
    const result = cli(['run', '--no-progress', '--dataset', daysSuite(dir), '--out', join(dir, 'out')]);
    expectRejected(
      result,
      /--llm scripted: the 5 selected dialogues script no model answer \(no llm: blocks\), yet 5 of their lines reach the model; this suite is written for a model: run it with --llm heuristic\|openai\|replay/,
    );
    expect(result.stdout).not.toMatch(/FAILED/);
  });

  it('the model-facing reference suite (datasets/model/) likewise', () => {
    const result = cli(['run', '--no-progress', '--dataset', 'datasets/model/*.yaml', '--out', join(tempDir('nlu-unscripted-'), 'out')]);
    expectRejected(result, /--llm scripted: the 518 selected dialogues script no model answer/);
  });
});
