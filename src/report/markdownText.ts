/** Escaping for GitHub-flavoured Markdown, including inside table cells. */
import { inertText } from './format.js';

/** A value or difference line is cut here (checkDifferences already keeps the part that differs). */
export const VALUE_CHARS = 160;
/** A user's line is cut here. */
export const INPUT_CHARS = 60;

/** Plain text that must not turn into markup, HTML or a table column break. */
export function mdText(text: string): string {
  return inertText(text)
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/([\\`*_[\]#~|])/g, '\\$1');
}

/** An inline code span that survives backticks and pipes in its content (GFM tables split on `|` even in code). */
export function mdCode(text: string): string {
  const body = inertText(text).replace(/\|/g, '\\|');
  if (body === '') return '(empty)';
  const longestRun = Math.max(0, ...(body.match(/`+/g) ?? []).map((run) => run.length));
  const fence = '`'.repeat(longestRun + 1);
  const pad = body.startsWith('`') || body.endsWith('`') ? ' ' : '';
  return `${fence}${pad}${body}${pad}${fence}`;
}

/** A block folded under a summary line, so a PR comment's first screen stays short. */
export function folded(summary: string, body: readonly string[]): string[] {
  return [`<details><summary>${mdText(summary)}</summary>`, '', ...body, '', '</details>', ''];
}
