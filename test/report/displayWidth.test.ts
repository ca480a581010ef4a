import { join } from 'node:path';
import stringWidth from 'string-width';
import { describe, expect, it } from 'vitest';
import { renderConsoleSummary } from '../../src/report/console/console.js';
import { renderHistoryTable } from '../../src/report/console/historyConsole.js';
import type { HistoryRun } from '../../src/history/historyQueries.js';
import { truncate } from '../../src/report/words/format.js';
import { cli, tempDir } from '../support/cli.js';
import { makeReport } from './fixtures.js';

/**
 * Issue 47, item 17: a Chinese character takes two terminal cells, so tables sized by `.length`
 * fell out of line. Widths here are measured by string-width, the kept library the code uses, on
 * the rendered lines: a column is in line when the text before it takes as many cells on every line.
 */
const cellsBefore = (line: string, text: string): number => {
  const at = line.indexOf(text);
  expect(at, `${JSON.stringify(text)} in ${JSON.stringify(line)}`).toBeGreaterThanOrEqual(0);
  return stringWidth(line.slice(0, at));
};

function historyRun(id: number, model: string, datasets: string[], passed: boolean): HistoryRun {
  return {
    id,
    startedAt: '2026-03-01T08:00:00.000Z',
    backend: 'openai',
    model,
    served: [],
    kind: 'run',
    mode: 'e2e',
    protocol: 'batch',
    dialogues: { passed: passed ? 3 : 2, total: 3 },
    metrics: { dialogueSuccess: passed ? 1 : 2 / 3 },
    passed,
    datasets,
  } as unknown as HistoryRun;
}

describe('display width (issue 47, item 17)', () => {
  it('truncate cuts by terminal cells, between whole characters', () => {
    const title = '两笔消费纠正第二笔金额然后确认保存';
    const cut = truncate(title, 10);
    expect(stringWidth(cut)).toBeLessThanOrEqual(10);
    expect(cut).toBe('两笔消费…');
    expect(truncate('lunch and a taxi ride home', 10)).toBe('lunch and…');
    expect(truncate('short', 10)).toBe('short');
    expect(truncate('中文五个字', 10)).toBe('中文五个字');
    // An emoji sequence (family: four people joined) is one character to a reader: never split.
    expect(truncate(`ab${'👨‍👩‍👧‍👦'}cd`, 4)).toBe('ab…');
  });

  it('history --lang zh: every column starts at the same cell on every line, with Chinese models and datasets', () => {
    const runs = [
      historyRun(1, 'qwen', ['datasets/午饭.yaml'], true),
      historyRun(2, '通义千问', ['datasets/a.yaml'], false),
      historyRun(10, 'm', ['数据集/一二三四五六七八九十.yaml'], true),
    ];
    for (const lang of ['zh', 'en'] as const) {
      const lines = renderHistoryTable(runs, lang).trimEnd().split('\n');
      const header = lines[0]!.split(/ {2,}/);
      const rows = lines.slice(1);
      // The mode column (e2e) and the dataset column, found by their text on each line.
      const modeAt = cellsBefore(lines[0]!, `  ${header[3]!}  `) + 2;
      const datasetsAt = cellsBefore(lines[0]!, `  ${header[8]!}`) + 2;
      for (const row of rows) {
        expect(cellsBefore(row, ' e2e ') + 1).toBe(modeAt);
        expect(cellsBefore(row, row.includes('数据集/') ? '数据集/' : 'datasets/')).toBe(datasetsAt);
      }
    }
  });

  it('--lang zh console: the bars of every metric start at the same cell', () => {
    const report = makeReport();
    const zh = renderConsoleSummary({ ...report, view: { ...report.view, lang: 'zh' } } as typeof report, { color: false });
    const bars = zh.split('\n').filter((line) => /[█░]{20}/.test(line));
    expect(bars.length).toBeGreaterThan(5);
    const starts = new Set(bars.map((line) => stringWidth(line.slice(0, line.search(/[█░]/)))));
    expect([...starts]).toHaveLength(1);
  });

  it('compare --lang zh: 退步 and 已检验 take one column', () => {
    const dir = tempDir('width-');
    const run = (out: string, perturb: string, seed: string) =>
      cli([
        'run',
        '--llm',
        'heuristic',
        '--perturb',
        perturb,
        '--perturb-seed',
        seed,
        '--dataset',
        'datasets/model/split.yaml',
        '--out',
        join(dir, out),
        '--no-progress',
      ]);
    run('a', 'drop=0.05', '1');
    run('b', 'drop=0.3', '2');
    const compared = cli(['compare', join(dir, 'a', 'report.json'), join(dir, 'b', 'report.json'), '--lang', 'zh']);
    const marked = compared.stdout.split('\n').filter((line) => /^(退步|改进|已检验) /.test(line));
    expect(marked.some((line) => line.startsWith('已检验'))).toBe(true);
    expect(marked.some((line) => line.startsWith('退步'))).toBe(true);
    const starts = new Set(marked.map((line) => stringWidth(/^\S+ +/.exec(line)![0])));
    expect([...starts]).toEqual([7]);
  }, 120_000);
});
