/** Escaping for GitHub-flavoured Markdown, including inside table cells. */
import { escapeHtml } from '../html/escape.js';
import { inertText } from '../words/format.js';

/** A value or difference line is cut here (checkDifferences already keeps the part that differs). */
export const VALUE_CHARS = 160;
/** A user's line is cut here. */
export const INPUT_CHARS = 60;

/** Plain text that must not turn into markup, HTML, a link or a table column break. */
export function mdText(text: string): string {
  return withoutAutolinks(
    inertText(text)
      .replace(/&/g, '&amp;')
      .replace(/</g, '&lt;')
      .replace(/>/g, '&gt;')
      .replace(/([\\`*_[\]#~|])/g, '\\$1'),
  );
}

/**
 * GitHub links bare text itself: a scheme and `//` (https://…), `www.`, an address (a@b.c) and a
 * mention (@name). Escaping the slashes and the dot (`https:\/\/`, `www\.`) renders the same
 * characters unlinked; an address (an `@` before a dotted domain) or a mention (an `@` after no
 * word character) is cut after its `@` by an empty HTML comment, which renders as nothing (checked
 * with cmark-gfm, GitHub's parser: docs/hardening.md). `model@1a2b3c` stays as it is.
 */
function withoutAutolinks(markdown: string): string {
  return markdown
    .replace(/:\/\//g, ':\\/\\/')
    .replace(/(www)\./gi, '$1\\.')
    .replace(/@(?=[\w-]+(?:\.[\w-]+)+)|(?<!\w)@(?=\w)/g, '@<!-- -->');
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

/** Text inside <summary>, where GitHub renders no Markdown: HTML-escaped only, so no backslash shows. */
function summaryText(text: string): string {
  return escapeHtml(inertText(text));
}

/** A block folded under a summary line, so a PR comment's first screen stays short. */
export function folded(summary: string, body: readonly string[]): string[] {
  return [`<details><summary>${summaryText(summary)}</summary>`, '', ...body, '', '</details>', ''];
}

/**
 * Characters (UTF-16 code units, as String.length counts them) every Markdown document stays below:
 * short enough to read as a pull-request comment (issue 49: a 518-dialogue failure's report.md was
 * 50 000), and, at most 3 UTF-8 bytes a unit, far below GitHub's 65 536-character limit.
 */
export const MARKDOWN_CAP = 20_000;

/** A long list of blocks shown folded, cut where the document would pass its cap, with a line counting what was left out. */
export interface FoldedList {
  readonly summary: string;
  /** The first blocks of the list (a caller may leave the rest unbuilt)… */
  readonly blocks: readonly (readonly string[])[];
  /** …out of this many. */
  readonly total: number;
  /** The line that says how many blocks were left out and where to see them. */
  readonly more: (left: number) => string;
}

/**
 * A document that fits a PR comment: the first screen (`head`) whole, then each list folded in
 * <details> block by block while it fits, then `foot`.
 */
export function fitMarkdown(head: readonly string[], lists: readonly FoldedList[], foot: readonly string[], cap = MARKDOWN_CAP): string {
  const size = (lines: readonly string[]) => lines.reduce((sum, line) => sum + line.length + 1, 0);
  const reserve = size(foot) + lists.length * 200;
  const out = [...head];
  let used = size(out);
  if (used + reserve > cap) {
    // Only a pathological first screen gets here: cut it rather than break the cap.
    while (out.length > 0 && used + reserve > cap) used -= out.pop()!.length + 1;
    out.push('_…cut to fit a comment; see the HTML report._', '');
    used = size(out);
  }
  for (const list of lists) {
    if (list.blocks.length === 0) continue;
    const opening = [`<details><summary>${summaryText(list.summary)}</summary>`, ''];
    out.push(...opening);
    used += size(opening);
    let shown = 0;
    for (const block of list.blocks) {
      const blockSize = size(block);
      if (used + blockSize + reserve > cap) break;
      out.push(...block);
      used += blockSize;
      shown += 1;
    }
    const closing = [...(shown < list.total ? [list.more(list.total - shown), ''] : []), '</details>', ''];
    out.push(...closing);
    used += size(closing);
  }
  return [...out, ...foot].join('\n') + '\n';
}
