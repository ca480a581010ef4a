// Over 300 lines on purpose: one pass from YAML text to located problems (syntax, schema, meaning) and dialogues, sharing one line counter.
// Two YAML parsers on purpose, for speed: js-yaml reads a well-formed dataset fast; `yaml` (slower, positioned) only when something must be located.
import { statSync } from 'node:fs';
import jsYaml from 'js-yaml';
import { LineCounter, parseDocument } from 'yaml';
import { findBlockLines, valueColumn } from './blockLines.js';
import {
  DatasetError,
  type DatasetIssue,
  type Dialogue,
  type ScriptedAnswer,
  type Turn,
  type TurnExpectation,
  type TurnScript,
} from './datasetTypes.js';
import { idPositions } from './idPositions.js';
import { intern, internList } from './intern.js';
import { rootItems, rootItemsOfText, type RootItem } from './rootItems.js';
import { displayPath, readDatasetText } from './datasetFile.js';
import { schemaProblems } from './schemaProblems.js';
import { plainIndentMessage } from './yamlSyntaxText.js';
import { withTurnsAtTopHint } from './turnsAtTop.js';
import { datasetBody, semanticProblems } from './semanticProblems.js';
import { fieldPath, locate, type Segment } from './yamlSource.js';
import { firstAliasPosition, hasAlias, MAX_ALIAS_COUNT, nestingIssue, withinFlowDepth } from './yamlLimits.js';

/** A dialogue as written in YAML, once it has passed the schema. */
interface RawDialogue {
  id: string;
  title?: string;
  tags?: string[];
  network?: 'online' | 'offline';
  scriptedOnly?: string | false;
  today?: string;
  turns: RawTurn[];
}

interface RawTurn {
  user?: string;
  tap?: 'confirm' | 'cancel';
  advanceMs?: number;
  dispose?: true;
  disposeAfterMs?: number;
  network?: 'online' | 'offline';
  llm?: RawLlm;
  store?: { fail?: boolean };
  expect?: TurnExpectation;
}

interface RawLlm {
  parse?: object;
  correct?: object;
  conversation?: object;
  raw?: string;
  fault?: 'timeout' | 'error';
  latencyMs?: number;
}


export function loadYamlDataset(file: string): Dialogue[] {
  const shown = displayPath(file);
  const text = readDatasetText(file, shown);
  const dialogues = [...dialoguesOf(text, shown)];
  const ids = new Set(dialogues.map((d) => d.id));
  // A duplicate id spans chunks: the exact loader names both places.
  return ids.size === dialogues.length ? dialogues : loadYamlExact(text, shown);
}

/**
 * The dialogues of one file, one at a time, so a run over a large file never holds it all: the
 * file is read in blocks and cut at its top-level items as it goes. Duplicate ids are the
 * caller's to check (they span dialogues).
 */
export function* streamYamlDataset(file: string, checked = false): Generator<Dialogue> {
  const shown = displayPath(file);
  const items = rootItems(file, shown);
  if (!items) {
    yield* dialoguesOf(readDatasetText(file, shown), shown);
    return;
  }
  yield* itemDialogues(items, shown, { text: () => readDatasetText(file, shown), size: () => statSync(file).size }, checked);
}

function* dialoguesOf(text: string, shown: string): Generator<Dialogue> {
  const items = rootItemsOfText(text);
  if (!items) {
    // A `{today, dialogues}` file is not cut into items: it is read whole, fast when it can be.
    yield* loadYamlFast(text, shown) ?? loadYamlExact(text, shown);
    return;
  }
  yield* itemDialogues(items, shown, { text: () => text, size: () => text.length });
}

/**
 * A block-style file is cut at its top-level `- ` items and each dialogue parsed on its own,
 * about ten times faster with js-yaml and located by scanning lines. A dialogue the fast path
 * does not accept is parsed again with positions. Once one has problems nothing more is
 * yielded: the rest are still checked, so that every issue of the file is reported at once. A
 * dialogue with an alias may refer to an anchor in an earlier one: such a file is read whole
 * from there on.
 */
function* itemDialogues(
  items: Iterable<RootItem>,
  shown: string,
  whole: { readonly text: () => string; readonly size: () => number },
  checked = false,
): Generator<Dialogue> {
  const issues: DatasetIssue[] = [];
  let i = 0;
  for (const { text: chunk, line } of items) {
    // Nesting is bounded item by item (an item is where a parser would recurse); a one-line JSON
    // dialogue by its parsed depth, anything else by a scan before any parser.
    const oneLine = isOneLine(chunk) ? oneLineDialogue(chunk, checked) : null;
    const tooDeep = oneLine ? null : nestingIssue(chunk, shown);
    if (tooDeep) throw new DatasetError([{ ...tooDeep, line: tooDeep.line + line - 1 }]);
    let dialogues = oneLine ? [oneLine(shown, line - 1)] : loadYamlFast(chunk, shown, line - 1);
    if (!dialogues) {
      try {
        dialogues = shiftLines(loadYamlExact(chunk, shown), line - 1);
      } catch (error) {
        if (!(error instanceof DatasetError)) throw error;
        if (hasAlias(chunk)) {
          const rest = loadYamlExact(whole.text(), shown).slice(i);
          if (issues.length === 0) yield* rest;
          break;
        }
        issues.push(...error.issues.map((issue) => ({ ...issue, line: issue.line + line - 1 })));
      }
    }
    if (issues.length === 0 && dialogues) yield* dialogues;
    i++;
  }
  if (issues.length === 0) return;
  // A file of ordinary size is parsed whole for the complete list (ids repeated across dialogues
  // included); a large one is not held as a positioned document, its dialogues' issues stand. A
  // syntax error stops a whole parse at the first: then each dialogue's own first one stands.
  const hasSyntaxError = issues.some((issue) => issue.message.startsWith(YAML_SYNTAX));
  if (!hasSyntaxError && whole.size() <= WHOLE_FILE_ISSUES_LIMIT) loadYamlExact(whole.text(), shown);
  throw new DatasetError(issues);
}

const WHOLE_FILE_ISSUES_LIMIT = 1024 * 1024;

function shiftLines(dialogues: Dialogue[], by: number): Dialogue[] {
  return dialogues.map((d) => {
    const shifted = { ...d, line: d.line + by, turns: d.turns.map((t) => ({ ...t, line: t.line + by })) };
    const id = idPositions.get(d);
    if (id) idPositions.set(shifted, { line: id.line + by, col: id.col });
    return shifted;
  });
}

/** The fast path: null when js-yaml, the schema or the line scan has any doubt. */
export function loadYamlFast(text: string, shown: string, lineOffset = 0): Dialogue[] | null {
  const oneLine = oneLineDialogue(text);
  if (oneLine) return [oneLine(shown, lineOffset)];
  // js-yaml expands aliases without a bound; the exact loader caps them.
  if (hasAlias(text)) return null;
  let data: unknown;
  try {
    data = jsYaml.load(text, { schema: jsYaml.CORE_SCHEMA });
  } catch {
    return null;
  }
  const body = datasetBody(data);
  if (!body || schemaProblems(data).length > 0 || semanticProblems(data, () => 0).length > 0) return null;
  const raws = body.dialogues as RawDialogue[];
  const list = body.at.length === 0 ? { text, lineOffset } : dialoguesListOf(text, lineOffset);
  const located = list && findBlockLines(list.text, raws.map((raw) => raw.turns.length));
  if (!list || !located) return null;
  const fileToday = body.today as string | undefined;
  return raws.map((raw, i) => {
    const at = located.dialogues[i]!;
    const dialogue = toDialogue(raw, shown, at.line + list.lineOffset, (j) => at.turns[j]! + list.lineOffset, fileToday);
    idPositions.set(dialogue, { line: at.line + list.lineOffset, col: at.idCol });
    return dialogue;
  });
}

/** In a `{today, dialogues}` file, the text after its `dialogues:` line (the block list), with that line's offset. */
function dialoguesListOf(text: string, lineOffset: number): { text: string; lineOffset: number } | null {
  const match = /^dialogues:[ \t]*(#.*)?\r?\n/m.exec(text);
  if (!match) return null;
  const after = match.index + match[0].length;
  const linesBefore = text.slice(0, after).split('\n').length - 1;
  return { text: text.slice(after), lineOffset: lineOffset + linesBefore };
}

/** A chunk whose only line break, if any, ends it. */
function isOneLine(chunk: string): boolean {
  const end = chunk.indexOf('\n');
  return end === -1 || end === chunk.length - 1;
}

/**
 * `- {"id": …}` on one line (what `generate` writes): JSON is YAML flow style, and JSON.parse
 * reads it many times faster than a YAML parser. Every turn is on the dialogue's line. `checked`:
 * an earlier read of these same bytes passed every check (a run's second read), so none is
 * repeated.
 */
function oneLineDialogue(text: string, checked = false): ((shown: string, lineOffset: number) => Dialogue) | null {
  const body = text.trimEnd();
  if (!body.startsWith('- {') || body.includes('\n')) return null;
  let raw: unknown;
  try {
    raw = JSON.parse(body.slice(2));
  } catch {
    return null;
  }
  // Strict UTF-8 text holds no unpaired surrogate: in JSON only a \u escape can make one.
  const mayHoldLoneSurrogate = body.includes('\\u');
  if (!checked && !withinFlowDepth(raw)) return null;
  if (!checked && (schemaProblems([raw]).length > 0 || semanticProblems([raw], () => 0, mayHoldLoneSurrogate).length > 0)) return null;
  const idKey = body.indexOf('"id":');
  return (shown, lineOffset) => {
    const line = lineOffset + 1;
    const dialogue = toDialogue(raw as RawDialogue, shown, line, () => line);
    idPositions.set(dialogue, { line, col: idKey === -1 ? 1 : valueColumn(body, idKey + '"id":'.length) });
    return dialogue;
  };
}

/** Parses with positions, so every issue names its file, line, column and field path. */
export function loadYamlExact(text: string, shown: string): Dialogue[] {
  const tooDeep = nestingIssue(text, shown);
  if (tooDeep) throw new DatasetError([tooDeep]);
  const lineCounter = new LineCounter();
  const doc = parseDocument(text, { lineCounter, prettyErrors: false });
  // The parser's later errors mostly follow from its first (an unclosed bracket is reported again
  // where the next item starts): one mistake, one message.
  const syntax = doc.errors[0];
  if (syntax) {
    const at = lineCounter.linePos(syntax.pos[0]);
    const hint = colonHint(text, at);
    const words = (hint === '' ? plainIndentMessage(syntax, text, at.line) : null) ?? `${syntax.message}${hint}`;
    throw new DatasetError([{ file: shown, ...at, message: `${YAML_SYNTAX}${words}` }]);
  }
  if (doc.contents === null) {
    throw new DatasetError([{ file: shown, line: 1, col: 1, message: 'file is empty: expected a list of dialogues' }]);
  }

  const where = (at: readonly Segment[], target?: 'key' | 'value') => locate(doc, lineCounter, at, target);
  const data = toData(doc, text, shown);
  const problems = withTurnsAtTopHint(data, [...schemaProblems(data), ...semanticProblems(data, (at) => where(at).line)]);
  if (problems.length > 0) {
    const issues = problems.map(
      (p): DatasetIssue => ({
        file: shown,
        ...where(p.at ?? p.path, p.target),
        message: `${fieldPath(p.path)}: ${p.message}`,
      }),
    );
    throw new DatasetError(issues.sort((a, b) => a.line - b.line || a.col - b.col));
  }

  // A `{today, dialogues}` file: its dialogues, each taking the file's today unless it has its own.
  const body = datasetBody(data)!;
  const fileToday = body.today as string | undefined;
  return (body.dialogues as RawDialogue[]).map((raw, n) => {
    const at = [...body.at, n];
    const dialogue = toDialogue(raw, shown, where(at).line, (j) => where([...at, 'turns', j]).line, fileToday);
    idPositions.set(dialogue, where([...at, 'id']));
    return dialogue;
  });
}

const YAML_SYNTAX = 'YAML syntax: ';

/**
 * 「user: 午饭: 35块」: YAML reads the second ": " as a nested key. When the value the error points
 * at holds one, say to quote it.
 */
function colonHint(text: string, at: { readonly line: number; readonly col: number }): string {
  const line = text.split('\n', at.line)[at.line - 1] ?? '';
  // Only where the error points at a value: right after a key's ": ".
  if (!/:\s+$/.test(line.slice(0, at.col - 1))) return '';
  const rest = line.slice(at.col - 1);
  const inFlow = line.lastIndexOf('{', at.col) > line.lastIndexOf('}', at.col) || line.lastIndexOf('[', at.col) > line.lastIndexOf(']', at.col);
  const value = (inFlow ? rest.split(/,\s|[}\]]/)[0]! : rest).trim();
  if (!/:\s/.test(value) || /^["']/.test(value)) return '';
  return ` (the value ${value} holds ": ", which YAML reads as a key: quote it, "${value.replace(/"/g, '\\"')}", or write the full-width ：)`;
}

/** The document as plain data; alias expansion past the cap is a located error, not a hang. */
function toData(doc: ReturnType<typeof parseDocument>, text: string, shown: string): unknown {
  try {
    return doc.toJS({ maxAliasCount: MAX_ALIAS_COUNT });
  } catch (error) {
    if (!(error instanceof ReferenceError || error instanceof RangeError)) throw error;
    const message = /excessive alias/i.test(error.message)
      ? `YAML aliases expand too much (past ${MAX_ALIAS_COUNT} alias uses; write the data out)`
      : `YAML: ${error.message}`;
    throw new DatasetError([{ file: shown, ...firstAliasPosition(text), message }]);
  }
}

function toDialogue(raw: RawDialogue, file: string, line: number, turnLine: (j: number) => number, fileToday?: string): Dialogue {
  const today = raw.today ?? fileToday;
  return {
    id: raw.id,
    title: intern(raw.title ?? raw.id),
    tags: internList(raw.tags ?? []),
    network: raw.network ?? 'online',
    ...(raw.scriptedOnly !== undefined ? { scriptedOnly: raw.scriptedOnly } : {}),
    ...(today !== undefined ? { today } : {}),
    turns: raw.turns.map((turn, j) => toTurn(turn, turnLine(j))),
    file,
    line,
  };
}

function toTurn(raw: RawTurn, line: number): Turn {
  return compact({
    line,
    user: raw.user,
    tap: raw.tap,
    advanceMs: raw.advanceMs,
    dispose: raw.dispose,
    disposeAfterMs: raw.disposeAfterMs,
    network: raw.network,
    llm: raw.llm && toScript(raw.llm),
    store: raw.store,
    expect: raw.expect,
  });
}

function toScript(llm: RawLlm): TurnScript {
  const answer = (fields: ScriptedAnswer): ScriptedAnswer => compact({ ...fields, latencyMs: llm.latencyMs });
  const json = (value: object | undefined) => (value === undefined ? undefined : answer({ json: value }));
  return compact({
    parse: json(llm.parse),
    correct: json(llm.correct),
    conversation: json(llm.conversation),
    any:
      llm.raw !== undefined
        ? answer({ raw: llm.raw })
        : llm.fault !== undefined
          ? answer({ fault: llm.fault })
          : undefined,
  });
}

/** Drops undefined fields so normalised values compare and print cleanly. */
function compact<T extends object>(value: T): T {
  // A plain for…in: this runs for every turn of every dialogue; entries would allocate a pair per field.
  const kept: Record<string, unknown> = {};
  for (const key in value) if (value[key] !== undefined) kept[key] = value[key];
  return kept as T;
}
