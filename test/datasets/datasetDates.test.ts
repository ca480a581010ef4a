import { describe, expect, it } from 'vitest';
import { DatasetError, type DatasetIssue } from '../../src/datasets/datasetTypes.js';
import { streamDatasets } from '../../src/datasets/loadDatasets.js';
import { loadYamlDataset } from '../../src/datasets/loadYamlDataset.js';
import { tempFile } from './tempFiles.js';

const yaml = (...lines: string[]): string => `${lines.join('\n')}\n`;

function located(file: string): string[] {
  try {
    loadYamlDataset(file);
  } catch (error) {
    if (error instanceof DatasetError) return error.issues.map((i: DatasetIssue) => `${i.line}:${i.col}: ${i.message}`);
    throw error;
  }
  throw new Error('expected a DatasetError');
}

const TAXI = (date: string, today?: string) =>
  yaml(
    '- id: taxi',
    ...(today ? [`  today: "${today}"`] : []),
    '  turns:',
    '    - user: 昨天打车30',
    `      llm: {parse: {transactions: [{amount: 30, type: EXPENSE, date: "${date}"}]}}`,
    `      expect: {batch: [{amount: 30, date: "${date}"}]}`,
    '    - user: 确认',
    `      expect: {saved: [{amount: 30, date: "${date}"}]}`,
  );

describe('dates in a dataset are calendar days (issue 39: "a relative word is refused with a hint")', () => {
  it('accepts calendar days, on batch items, saved rows and scripted answers', () => {
    const [dialogue] = loadYamlDataset(tempFile('ok.yaml', TAXI('2026-02-28')));
    expect(dialogue!.turns[0]!.expect!.batch).toEqual([{ amount: 30, date: '2026-02-28' }]);
    expect(dialogue!.turns[1]!.expect!.saved).toEqual([{ amount: 30, date: '2026-02-28' }]);
    expect(dialogue!.today).toBeUndefined();
  });

  it('refuses a relative word, with the day it means for the default today 2026-03-01', () => {
    const hint = 'must be a calendar day YYYY-MM-DD (got "昨天"): write the day 昨天 means for today 2026-03-01: 2026-02-28';
    expect(located(tempFile('rel.yaml', TAXI('昨天')))).toEqual([
      `4:70: turns[0].llm.parse.transactions[0].date: ${hint}`,
      `5:43: turns[0].expect.batch[0].date: ${hint}`,
      `7:43: turns[1].expect.saved[0].date: ${hint}`,
    ]);
  });

  it("computes the hint from the dialogue's own today (here 2024-03-01, a leap year)", () => {
    const issues = located(tempFile('leap.yaml', TAXI('昨天', '2024-03-01')));
    expect(issues[0]).toContain('write the day 昨天 means for today 2024-03-01: 2024-02-29');
  });

  it('refuses 2026-02-30, a day that does not exist, saying why', () => {
    expect(located(tempFile('feb.yaml', TAXI('2026-02-30')))[1]).toBe(
      '5:43: turns[0].expect.batch[0].date: must be a calendar day YYYY-MM-DD (got "2026-02-30"): 2026-02 has 28 days',
    );
  });

  it('refuses "3/2" and a today that is not a day', () => {
    expect(located(tempFile('slash.yaml', TAXI('3/2')))[0]).toContain('(got "3/2"): not written YYYY-MM-DD');
    expect(located(tempFile('today.yaml', TAXI('2026-02-28', '2026-02-29')))).toEqual([
      '2:10: today: must be a calendar day YYYY-MM-DD (got "2026-02-29"): 2026-02 has 28 days',
    ]);
  });

  it('checks a correction\'s and a conversation\'s scripted dates too', () => {
    const file = tempFile(
      'correct.yaml',
      yaml(
        '- id: fix-day',
        '  turns:',
        '    - user: 打车30',
        '      llm: {parse: {transactions: [{amount: 30, type: EXPENSE}]}}',
        '    - user: 改成前天',
        '      llm: {correct: {corrections: [{index: 0, updatedFields: {date: 前天}}], intent: correction, confidence: 0.9}}',
        '      expect: {llmRequest: {currentBatch: [{index: 0, date: 3号}]}}',
      ),
    );
    expect(located(file)).toEqual([
      '6:70: turns[1].llm.correct.corrections[0].updatedFields.date: must be a calendar day YYYY-MM-DD (got "前天"): write the day 前天 means for today 2026-03-01: 2026-02-27',
      '7:61: turns[1].expect.llmRequest.currentBatch[0].date: must be a calendar day YYYY-MM-DD (got "3号"): write the day 3号 means for today 2026-03-01: 2026-02-03',
    ]);
  });

  it('refuses null on a saved row: a saved row always has its day', () => {
    const file = tempFile('saved-null.yaml', yaml('- id: a', '  turns:', '    - user: 确认', '      expect: {saved: [{amount: 30, date: null}]}'));
    expect(located(file)).toEqual(['4:43: turns[0].expect.saved[0].date: must be a string (got null)']);
  });
});

describe('a file may be a mapping {today, dialogues}', () => {
  const MAPPING = yaml(
    'today: "2026-01-01"',
    'dialogues:',
    '  - id: file-today',
    '    turns: [{user: 昨天打车30, expect: {batch: [{amount: 30, date: "2025-12-31"}]}}]',
    '  - id: own-today',
    '    today: "2026-03-02"',
    '    turns: [{user: 上周五打车30, expect: {batch: [{amount: 30, date: "2026-02-27"}]}}]',
  );

  it("gives each dialogue the file's today unless it has its own, with lines where they are", () => {
    const dialogues = loadYamlDataset(tempFile('mapping.yaml', MAPPING));
    expect(dialogues.map((d) => [d.id, d.today, d.line, d.turns[0]!.line])).toEqual([
      ['file-today', '2026-01-01', 3, 4],
      ['own-today', '2026-03-02', 5, 7],
    ]);
    expect([...streamDatasets([tempFile('mapping.yaml', MAPPING)])].map((d) => d.today)).toEqual(['2026-01-01', '2026-03-02']);
  });

  it("computes hints from the file's today, and locates issues inside dialogues:", () => {
    const file = tempFile('mapping-bad.yaml', MAPPING.replace('"2025-12-31"', '昨天').replace('today: "2026-03-02"', 'today: 2026-03-32'));
    expect(located(file)).toEqual([
      '4:64: turns[0].expect.batch[0].date: must be a calendar day YYYY-MM-DD (got "昨天"): write the day 昨天 means for today 2026-01-01: 2025-12-31',
      '6:12: today: must be a calendar day YYYY-MM-DD (got "2026-03-32"): 2026-03 has 31 days',
    ]);
  });

  it('refuses unknown keys and a missing list in the mapping', () => {
    expect(located(tempFile('unknown.yaml', yaml('today: "2026-01-01"', 'todya: x', 'dialogues: [{id: a, turns: [{user: 好}]}]')))).toEqual([
      '2:1: todya: unknown field (did you mean "today"?)',
    ]);
    expect(located(tempFile('empty.yaml', yaml('today: "2026-01-01"', 'dialogues: []')))).toEqual(['2:12: dialogues: must not be empty']);
  });
});
