import { describe, expect, it } from 'vitest';
import { DatasetError } from '../../src/datasets/datasetTypes.js';
import { loadCsvCases } from '../../src/datasets/loadCsvCases.js';
import { tempFile } from './tempFiles.js';

function csv(...lines: string[]): string {
  return `${lines.join('\n')}\n`;
}

/** `file:line:col: message` of each issue, as the CLI prints them. */
function printed(file: string): string[] {
  try {
    loadCsvCases(file);
  } catch (error) {
    if (error instanceof DatasetError) return error.message.split('\n');
    throw error;
  }
  throw new Error('expected a DatasetError');
}

describe('loadCsvCases', () => {
  it('turns each row into a one-turn parse dialogue', () => {
    const file = tempFile(
      'parse-cases.csv',
      csv(
        'id,text,amounts,types,categories,descriptions,network,tags',
        ',吃饭花了60，打车30,60|30,EXPENSE|EXPENSE,餐饮|交通,吃饭|打车,,batch|multi',
        '',
        'salary,"发工资8000, 很开心",8000.5,INCOME,工资,,offline,',
      ),
    );
    expect(loadCsvCases(file)).toStrictEqual([
      {
        id: 'parse-cases-row1',
        title: '吃饭花了60，打车30',
        tags: ['csv', 'batch', 'multi'],
        network: 'online',
        file,
        line: 2,
        turns: [
          {
            line: 2,
            user: '吃饭花了60，打车30',
            llm: {
              parse: {
                json: {
                  transactions: [
                    { amount: 60, type: 'EXPENSE', category: '餐饮', description: '吃饭' },
                    { amount: 30, type: 'EXPENSE', category: '交通', description: '打车' },
                  ],
                },
              },
            },
            expect: {
              state: 'CONFIRMING',
              batch: [
                { amount: 60, type: 'EXPENSE', category: '餐饮', description: '吃饭' },
                { amount: 30, type: 'EXPENSE', category: '交通', description: '打车' },
              ],
            },
          },
        ],
      },
      {
        id: 'salary',
        title: '发工资8000, 很开心',
        tags: ['csv'],
        network: 'offline',
        file,
        line: 4,
        turns: [
          {
            line: 4,
            user: '发工资8000, 很开心',
            expect: { state: 'CONFIRMING', batch: [{ amount: 8000.5, type: 'INCOME', category: '工资' }] },
          },
        ],
      },
    ]);
  });

  it('reports a bad number at its record line and column number', () => {
    const file = tempFile('bad.csv', csv('text,amounts,types,categories', '吃饭60,60,EXPENSE,餐饮', '打车,abc,EXPENSE,交通'));
    expect(printed(file)).toEqual([`${file}:3:2: column "amounts": "abc" is not a number`]);
  });

  it('reports mismatched item counts at the column that disagrees', () => {
    const file = tempFile(
      'count.csv',
      csv('text,amounts,types,categories,descriptions', '吃饭60打车30,60|30,EXPENSE,餐饮|交通,吃饭|打车|买菜'),
    );
    expect(printed(file)).toEqual([
      `${file}:2:3: column "types": 1 item(s) but "amounts" has 2`,
      `${file}:2:5: column "descriptions": 3 item(s) but "amounts" has 2`,
    ]);
  });

  it('reports every bad cell of every row, with the starting line of multi-line records', () => {
    const file = tempFile(
      'many.csv',
      csv('id,text,amounts,types,categories', 'a,"两行\n文字",,expense,餐饮', 'a,打车,5,TRANSFER,', 'b,x,1'),
    );
    expect(printed(file)).toEqual([
      `${file}:2:3: column "amounts": is empty`,
      `${file}:2:4: column "types": "expense" is not one of EXPENSE, INCOME, TRANSFER (did you mean "EXPENSE"?)`,
      `${file}:4:1: column "id": duplicate id "a" (first used at line 2)`,
      `${file}:4:5: column "categories": is empty`,
      `${file}:5:1: row has 3 fields, the header has 5`,
    ]);
  });

  it('reports missing and unknown columns on the header line', () => {
    const file = tempFile('header.csv', csv('text,amount,types,category', '吃饭,60,EXPENSE,餐饮'));
    expect(printed(file)).toEqual([
      `${file}:1:2: unknown column "amount" (did you mean "amounts"?)`,
      `${file}:1:4: unknown column "category" (did you mean "categories"?)`,
      `${file}:1:1: missing required column "amounts"`,
      `${file}:1:1: missing required column "categories"`,
    ]);
  });

  it('reports CSV syntax errors and empty files', () => {
    const unclosed = tempFile('quote.csv', csv('text,amounts,types,categories', '"吃饭,60,EXPENSE,餐饮'));
    expect(printed(unclosed)).toHaveLength(1);
    expect(printed(unclosed)[0]).toMatch(new RegExp(`^${unclosed}:\\d+:1: CSV syntax: Quote Not Closed`));
    expect(printed(tempFile('empty.csv', ''))).toEqual([expect.stringMatching(/:1:1: file is empty: expected a header row$/)]);
    expect(printed(tempFile('header-only.csv', 'text,amounts,types,categories\n'))).toEqual([
      expect.stringMatching(/:1:1: no cases: only a header row$/),
    ]);
  });
});
