import path from 'node:path';
import { parse, type Info } from 'csv-parse/sync';
import { DatasetError, type DatasetIssue, type Dialogue, type ExpectedItem } from './datasetTypes.js';
import { ITEM_TYPES, NETWORKS } from './datasetSchema.js';
import { idPositions } from './idPositions.js';
import { displayPath, readDatasetText } from './datasetFile.js';
import { didYouMean } from './issueText.js';

const REQUIRED = ['text', 'amounts', 'types', 'categories'] as const;
const OPTIONAL = ['id', 'descriptions', 'network', 'tags'] as const;
const KNOWN: readonly string[] = [...REQUIRED, ...OPTIONAL];
type Column = (typeof REQUIRED)[number] | (typeof OPTIONAL)[number];

const NUMBER = /^[+-]?(\d+(\.\d*)?|\.\d+)$/;

interface CsvRow {
  readonly fields: readonly string[];
  readonly line: number;
}

/** Single-turn parse cases, one per CSV row, with `|` between the items of a multi-item utterance. */
export function loadCsvCases(file: string): Dialogue[] {
  const shown = displayPath(file);
  const rows = readRows(file, shown);
  const issue = (line: number, col: number, message: string): DatasetIssue => ({ file: shown, line, col, message });

  const [header, ...records] = rows;
  if (header === undefined) throw new DatasetError([issue(1, 1, 'file is empty: expected a header row')]);
  const columnIndex = new Map<string, number>();
  const issues: DatasetIssue[] = [];
  header.fields.forEach((name, i) => {
    if (!KNOWN.includes(name)) {
      const hint = didYouMean(name, KNOWN) || ` (allowed: ${KNOWN.join(', ')})`;
      issues.push(issue(header.line, i + 1, `unknown column "${name}"${hint}`));
    } else if (columnIndex.has(name)) issues.push(issue(header.line, i + 1, `duplicate column "${name}"`));
    else columnIndex.set(name, i);
  });
  const missing = REQUIRED.filter((name) => !columnIndex.has(name));
  for (const name of missing) issues.push(issue(header.line, 1, `missing required column "${name}"`));
  if (missing.length > 0) throw new DatasetError(issues);
  if (records.length === 0) throw new DatasetError([...issues, issue(header.line, 1, 'no cases: only a header row')]);

  const stem = path.basename(file, path.extname(file));
  const firstLineById = new Map<string, number>();
  const dialogues: Dialogue[] = [];
  records.forEach((row, n) => {
    const colOf = (name: Column) => (columnIndex.get(name) ?? 0) + 1;
    const cell = (name: Column) => (columnIndex.has(name) ? (row.fields[colOf(name) - 1] ?? '') : '');
    const fail = (name: Column, message: string) => issues.push(issue(row.line, colOf(name), `column "${name}": ${message}`));
    if (row.fields.length !== header.fields.length) {
      issues.push(issue(row.line, 1, `row has ${row.fields.length} fields, the header has ${header.fields.length}`));
      return;
    }
    const before = issues.length;

    const text = cell('text');
    for (const name of REQUIRED) if (cell(name) === '') fail(name, 'is empty');
    const items = readItems(cell, fail);
    const network = cell('network') || 'online';
    const knownNetwork = NETWORKS.find((value) => value === network);
    if (knownNetwork === undefined) fail('network', `${JSON.stringify(network)} is not one of ${NETWORKS.join(', ')}${didYouMean(network, NETWORKS)}`);

    const id = cell('id') || `${stem}-row${n + 1}`;
    const firstLine = firstLineById.get(id);
    if (firstLine !== undefined) fail('id', `duplicate id "${id}" (first used at line ${firstLine})`);
    else firstLineById.set(id, row.line);
    if (issues.length > before) return;

    const offline = knownNetwork === 'offline';
    const dialogue: Dialogue = {
      id,
      title: text,
      tags: ['csv', ...splitItems(cell('tags')).filter((tag) => tag !== '')],
      network: knownNetwork ?? 'online',
      turns: [
        {
          line: row.line,
          user: text,
          // Offline the model is never asked, so an answer would only be an unused script.
          ...(offline ? {} : { llm: { parse: { json: { transactions: items } } } }),
          expect: { state: 'CONFIRMING', batch: items },
        },
      ],
      file: shown,
      line: row.line,
    };
    idPositions.set(dialogue, { line: row.line, col: columnIndex.has('id') ? colOf('id') : 1 });
    dialogues.push(dialogue);
  });
  if (issues.length > 0) throw new DatasetError(issues.sort((a, b) => a.line - b.line || a.col - b.col));
  return dialogues;
}

function readRows(file: string, shown: string): CsvRow[] {
  // csv-parse miscounts lines with CRLF; quoted newlines inside fields become LF, which is harmless here.
  const text = readDatasetText(file, shown).replace(/\r\n?/g, '\n');
  try {
    const parsed = parse(text, {
      info: true,
      bom: true,
      trim: true,
      skip_empty_lines: true,
      relax_column_count: true,
    }) as unknown as { record: string[]; info: Info }[];
    // info.lines is where the record ends; a quoted field may span lines.
    return parsed.map(({ record, info }) => ({
      fields: record,
      line: info.lines - record.reduce((sum, field) => sum + field.split('\n').length - 1, 0),
    }));
  } catch (error) {
    const e = error as { message?: string; lines?: unknown };
    const line = typeof e.lines === 'number' && e.lines > 0 ? e.lines : 1;
    throw new DatasetError([{ file: shown, line, col: 1, message: `CSV syntax: ${e.message ?? String(error)}` }]);
  }
}

type Cell = (name: Column) => string;
type Fail = (name: Column, message: string) => void;

/** The row's items, from the `|`-separated item columns; reports bad values and count mismatches. */
function readItems(cell: Cell, fail: Fail): ExpectedItem[] {
  const amounts = splitItems(cell('amounts')).map((value) => {
    if (!NUMBER.test(value)) fail('amounts', `${JSON.stringify(value)} is not a number`);
    else if (Number(value) <= 0) fail('amounts', `${JSON.stringify(value)} must be > 0`);
    return Number(value);
  });
  const types = splitItems(cell('types')).map((value) => {
    const type = ITEM_TYPES.find((t) => t === value);
    if (type === undefined) fail('types', `${JSON.stringify(value)} is not one of ${ITEM_TYPES.join(', ')}${didYouMean(value, ITEM_TYPES)}`);
    return type;
  });
  const categories = splitItems(cell('categories'));
  for (const [i, value] of categories.entries()) if (value === '') fail('categories', `item ${i + 1} is empty`);
  const descriptions = splitItems(cell('descriptions'));
  const lists: [Column, readonly unknown[]][] = [['types', types], ['categories', categories], ['descriptions', descriptions]];
  for (const [name, list] of lists) {
    // An empty cell is reported as empty (or, for descriptions, allowed), not as a count mismatch.
    if (list.length > 0 && amounts.length > 0 && list.length !== amounts.length) {
      fail(name, `${list.length} item(s) but "amounts" has ${amounts.length}`);
    }
  }
  return amounts.map((amount, i) => {
    const description = descriptions[i];
    const item = { amount, type: types[i], category: categories[i] };
    return description ? { ...item, description } : item;
  });
}

function splitItems(cell: string): string[] {
  return cell === '' ? [] : cell.split('|').map((item) => item.trim());
}
