import type { DatasetIssue } from './datasetTypes.js';

/** Deeper than any dialogue needs, far shallower than what overflows a parser's stack. */
export const MAX_FLOW_DEPTH = 64;
export const MAX_BLOCK_INDENT = 256;
/** How many alias expansions one document may make (the yaml package's resource-exhaustion guard). */
export const MAX_ALIAS_COUNT = 100;

const ALIAS = /(?:^|[\s,[{])\*[^\s,[\]{}]/;

export function hasAlias(text: string): boolean {
  return ALIAS.test(text);
}

/** Line and column of the first alias (`*name`), for an alias-expansion error. */
export function firstAliasPosition(text: string): { line: number; col: number } {
  const match = ALIAS.exec(text);
  const at = match ? match.index + match[0].indexOf('*') : 0;
  return positionOf(text, at);
}

const code = (char: string): number => char.charCodeAt(0);
const [NEWLINE, SPACE, DASH, TAB, HASH] = [code('\n'), code(' '), code('-'), code('\t'), code('#')];
const [BACKSLASH, DOUBLE_QUOTE, SINGLE_QUOTE] = [code('\\'), code('"'), code("'")];
const [OPEN_BRACKET, OPEN_BRACE, CLOSE_BRACKET, CLOSE_BRACE] = [code('['), code('{'), code(']'), code('}')];

/**
 * One linear scan for nesting no dataset needs: `[`/`{` opened more than MAX_FLOW_DEPTH deep, or
 * a line indented (with its leading `- ` items) past MAX_BLOCK_INDENT columns. Run before any
 * parser, whose recursion such input would exhaust.
 */
export function nestingIssue(text: string, file: string): DatasetIssue | null {
  // Character codes, not text[i]: a one-character string of CJK text is a new allocation each time.
  let depth = 0;
  let quote = 0;
  let lineStart = true;
  let indent = 0;
  let line = 1;
  let col = 0;
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    col++;
    if (ch === NEWLINE) {
      line++;
      col = 0;
      lineStart = true;
      indent = 0;
      if (depth === 0) quote = 0;
      continue;
    }
    if (lineStart) {
      if (ch === SPACE || ch === DASH || ch === TAB) {
        indent++;
        if (indent > MAX_BLOCK_INDENT) return issue(file, line, col, `nested too deeply (indented past ${MAX_BLOCK_INDENT} columns)`);
        continue;
      }
      lineStart = false;
    }
    if (quote !== 0) {
      if (ch === BACKSLASH && quote === DOUBLE_QUOTE) i++;
      else if (ch === quote) quote = 0;
      continue;
    }
    if (depth > 0 && (ch === DOUBLE_QUOTE || ch === SINGLE_QUOTE)) quote = ch;
    else if (ch === HASH && (i === 0 || /\s/.test(text[i - 1]!))) i = skipToLineEnd(text, i) - 1;
    else if (ch === OPEN_BRACKET || ch === OPEN_BRACE) {
      if (depth > 0 || opensFlow(text, i)) depth++;
      if (depth > MAX_FLOW_DEPTH) return issue(file, line, col, `nested too deeply (more than ${MAX_FLOW_DEPTH} levels of [ ] or { })`);
    } else if ((ch === CLOSE_BRACKET || ch === CLOSE_BRACE) && depth > 0) depth--;
  }
  return null;
}

/**
 * Whether parsed JSON nests no deeper than MAX_FLOW_DEPTH: for a line that is JSON, what
 * nestingIssue finds by scanning it, found on the parsed value (a fraction of its characters).
 */
export function withinFlowDepth(value: unknown, levels = MAX_FLOW_DEPTH): boolean {
  if (typeof value !== 'object' || value === null) return true;
  if (levels === 0) return false;
  // Index loops and for…in: no values array per container.
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) if (!withinFlowDepth(value[i], levels - 1)) return false;
    return true;
  }
  for (const key in value) if (!withinFlowDepth((value as Record<string, unknown>)[key], levels - 1)) return false;
  return true;
}

/** Outside flow style a bracket opens a collection only where a value starts. */
function opensFlow(text: string, at: number): boolean {
  for (let i = at - 1; i >= 0; i--) {
    const ch = text[i]!;
    if (ch === ' ' || ch === '\t') continue;
    return ch === '\n' || ch === ':' || ch === '-' || ch === ',' || ch === '?';
  }
  return true;
}

function skipToLineEnd(text: string, from: number): number {
  const end = text.indexOf('\n', from);
  return end === -1 ? text.length : end;
}

function issue(file: string, line: number, col: number, message: string): DatasetIssue {
  return { file, line, col, message };
}

function positionOf(text: string, at: number): { line: number; col: number } {
  let line = 1;
  let lineStart = 0;
  for (let i = text.indexOf('\n'); i !== -1 && i < at; i = text.indexOf('\n', i + 1)) {
    line++;
    lineStart = i + 1;
  }
  return { line, col: at - lineStart + 1 };
}
