/**
 * The YAML parser's words for an indentation mistake ("Sequence item without - indicator", "All
 * mapping items must start at the same column") name its grammar, not the line's fault. These say
 * which columns disagree and what to do; any other error keeps the parser's own words.
 */
export function plainIndentMessage(error: { readonly code: string; readonly message: string }, text: string, line: number): string | null {
  // An unclosed { or [ is a BAD_INDENT too; its own words say so.
  if (/\bflow\b/i.test(error.message)) return null;
  const lines = text.split('\n', line + 1);
  const here = lines[line - 1] ?? '';
  switch (error.code) {
    case 'TAB_AS_INDENT':
      return 'a tab in the indentation: YAML indents with spaces only (two per level)';
    case 'MISSING_CHAR':
    case 'BAD_INDENT': {
      const above = previousKey(lines, line - 1);
      const column = indentOf(here) + 1;
      const against = above ? `, but the key above it (${above.key}: on line ${above.line}) starts at column ${above.column}` : '';
      return `indentation: this line starts at column ${column}${against}; the keys of one block start at the same column (spaces only, two per level)`;
    }
    case 'BLOCK_AS_IMPLICIT_KEY':
      return 'indentation: the line after this one is indented deeper than this key, so YAML reads it as part of this value; start the keys of one block at the same column';
    default:
      return null;
  }
}

/** The nearest key above line `before` (1-based, exclusive), with the column its name starts at (after any `- `). */
function previousKey(lines: readonly string[], before: number): { key: string; line: number; column: number } | null {
  for (let i = before - 1; i >= 0; i--) {
    const match = /^([\s-]*)([^\s:#][^:#]*):(\s|$)/.exec(lines[i] ?? '');
    if (match) return { key: match[2]!.trim(), line: i + 1, column: match[1]!.length + 1 };
  }
  return null;
}

function indentOf(line: string): number {
  return line.length - line.trimStart().length;
}
