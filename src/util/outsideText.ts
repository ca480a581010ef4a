/**
 * Text the harness did not write (a served model's name, a dataset's ids, a model's answer, a file
 * name) made safe for every format: one line, no control character, bounded. The renderers escape
 * it for their own format besides (HTML, Markdown); this is what every format shares.
 */

/**
 * Control characters but newline and tab (ESC, BEL, CR, C1) and the bidirectional overrides:
 * in untrusted text (dataset ids and titles, model answers, SUT names, file names) they could
 * clear a terminal, set its title, overwrite a line or reorder what a reader sees.
 */
// eslint-disable-next-line no-control-regex -- matching control characters is this pattern's job
const CONTROLS = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/g;

/** `text` with every control character shown as U+FFFD; newlines and tabs kept. */
export function withoutControls(text: string): string {
  return text.replace(CONTROLS, '\ufffd');
}

export function collapseWhitespace(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

/** One inert line of untrusted text: whitespace collapsed, controls made visible. */
export function inertText(text: string): string {
  return withoutControls(collapseWhitespace(text));
}

/** A name from outside is kept to this many characters (code points): a model id with its fingerprint fits. */
export const MAX_NAME_CHARS = 120;

/**
 * A name from outside (a served model's id, its fingerprint) as one inert line of at most `max`
 * code points, a cut marked with "…". Only a bounded prefix is read, so a name of any size costs
 * no more than its cut.
 */
export function outsideName(text: string, max = MAX_NAME_CHARS): string {
  const read = 4 * max;
  const points = Array.from(inertText(text.slice(0, read)).toWellFormed());
  if (text.length <= read && points.length <= max) return points.join('');
  return `${points.slice(0, max - 1).join('')}…`;
}

/** The entry that ends a list cut where it was written (report.json, the history): "… (N more)". */
export function moreEntry(left: number): string {
  return `… (${left} more)`;
}

const MORE_ENTRY = /^… \((\d+) more\)$/;

/**
 * The first `max` items of a list of outside names, and how many were left out: a list cut
 * before (one holding moreEntry(N)) counts its N too.
 */
export function cutList(items: readonly string[], max: number): { shown: string[]; left: number } {
  let left = 0;
  const names: string[] = [];
  for (const item of items) {
    const more = MORE_ENTRY.exec(item);
    if (more) left += Number(more[1]);
    else names.push(item);
  }
  return { shown: names.slice(0, max), left: left + Math.max(0, names.length - max) };
}

/** A list of outside names as it is written to a file: each bounded, at most `max`, then moreEntry(N) when cut. */
export function boundedNames(items: readonly string[], max: number): string[] {
  const { shown, left } = cutList(items, max);
  return [...shown.map((name) => outsideName(name)), ...(left > 0 ? [moreEntry(left)] : [])];
}
