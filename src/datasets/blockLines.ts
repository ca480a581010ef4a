/**
 * Finds, by scanning the text, the 1-based lines of each dialogue, its `id` and its turns in a
 * block-style YAML dataset: what the fast loader needs without a positioned YAML document.
 * Returns null when the layout is anything it does not recognise (flow-style lists, turns
 * written inline, counts that do not match the parsed data); the caller then uses the exact,
 * slower loader.
 */
export interface BlockLines {
  /** Per dialogue: its item line, the column of its id's value, and each turn's item line. */
  readonly dialogues: readonly { readonly line: number; readonly idCol: number; readonly turns: readonly number[] }[];
}

export function findBlockLines(text: string, turnCounts: readonly number[]): BlockLines | null {
  const lines = text.split('\n');
  const rootIndent = firstContentIndent(lines, 0);
  if (rootIndent === null) return null;
  const items = itemLines(lines, 0, lines.length, rootIndent);
  if (items.length !== turnCounts.length) return null;
  const dialogues: BlockLines['dialogues'][number][] = [];
  for (const [i, start] of items.entries()) {
    const end = items[i + 1] ?? lines.length;
    const keyCol = itemKeyColumn(lines, start);
    if (keyCol === null) return null;
    const idLine = keyLine(lines, start, end, keyCol, 'id');
    const turnsLine = keyLine(lines, start, end, keyCol, 'turns');
    if (turnsLine === null || !/^turns:\s*(#.*)?$/.test(lines[turnsLine]!.slice(keyCol))) return null;
    const turnIndent = firstContentIndent(lines, turnsLine + 1);
    if (turnIndent === null || turnIndent < keyCol) return null;
    const turns = itemLines(lines, turnsLine + 1, end, turnIndent, true);
    if (turns.length !== turnCounts[i]) return null;
    dialogues.push({ line: start + 1, idCol: idLine === null ? 1 : valueColumn(lines[idLine]!, keyCol + 'id:'.length), turns: turns.map((n) => n + 1) });
  }
  return { dialogues };
}

function isContent(line: string): boolean {
  const trimmed = line.trim();
  return trimmed !== '' && !trimmed.startsWith('#');
}

function indentOf(line: string): number {
  return line.length - line.trimStart().length;
}

function isItemAt(line: string, indent: number): boolean {
  return indentOf(line) === indent && line[indent] === '-' && (line.length === indent + 1 || line[indent + 1] === ' ');
}

function firstContentIndent(lines: readonly string[], from: number): number | null {
  for (let i = from; i < lines.length; i++) {
    const line = lines[i]!;
    if (!isContent(line)) continue;
    return line[indentOf(line)] === '-' ? indentOf(line) : null;
  }
  return null;
}

/** 0-based lines of the sequence items at `indent`; with `stopAtDedent`, the sequence ends at the first shallower key. */
function itemLines(lines: readonly string[], from: number, to: number, indent: number, stopAtDedent = false): number[] {
  const found: number[] = [];
  for (let i = from; i < to; i++) {
    const line = lines[i]!;
    if (!isContent(line)) continue;
    if (isItemAt(line, indent)) found.push(i);
    else if (stopAtDedent && indentOf(line) <= indent) break;
  }
  return found;
}

/** The column where the keys of the mapping opened by an item line start (`- id: x` → 2). */
function itemKeyColumn(lines: readonly string[], itemLine: number): number | null {
  const line = lines[itemLine]!;
  const match = /^(\s*-\s+)\S/.exec(line);
  if (match) return match[1]!.length;
  for (let i = itemLine + 1; i < lines.length; i++) if (isContent(lines[i]!)) return indentOf(lines[i]!);
  return null;
}

/** 1-based column of the value that follows a key ending at `afterKey`. */
export function valueColumn(line: string, afterKey: number): number {
  let col = afterKey;
  while (line[col] === ' ') col++;
  return col + 1;
}

function keyLine(lines: readonly string[], from: number, to: number, keyCol: number, key: string): number | null {
  for (let i = from; i < to; i++) {
    const line = lines[i]!;
    const startsAtKey = i === from ? line.length > keyCol : indentOf(line) === keyCol;
    if (startsAtKey && line.startsWith(`${key}:`, keyCol)) return i;
  }
  return null;
}
