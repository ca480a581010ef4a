/** Small text and number formatting shared by the renderers. */

/** Cuts to at most `max` code points (never inside a surrogate pair) and marks the cut with an ellipsis. */
export function truncate(text: string, max: number): string {
  const points = Array.from(text);
  if (points.length <= max) return text;
  return points.slice(0, Math.max(0, max - 1)).join('') + '…';
}

/** One-line JSON; `undefined` (absent expectation) is shown as a dash. */
export function compactJson(value: unknown): string {
  if (value === undefined) return '—';
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    return String(value);
  }
}

export function prettyJson(value: unknown): string {
  if (value === undefined) return '—';
  try {
    return JSON.stringify(value, null, 2) ?? String(value);
  } catch {
    return String(value);
  }
}

export function percent(score: number, digits = 1): string {
  return `${(score * 100).toFixed(digits)}%`;
}

/** Signed difference of two scores in percentage points, e.g. "-7.0 pp". */
export function deltaPoints(baseline: number, current: number): string {
  const pp = (current - baseline) * 100;
  const sign = pp > 0 ? '+' : pp < 0 ? '-' : '±';
  return `${sign}${Math.abs(pp).toFixed(1)} pp`;
}

/** A p-value the same way on every page: "p = 0.012", or "p < 0.001" below what three decimals show. */
export function formatPValue(p: number): string {
  return p < 0.001 ? 'p < 0.001' : `p = ${p.toFixed(3)}`;
}

export function formatMs(ms: number): string {
  if (ms >= 10_000) return `${(ms / 1000).toFixed(1)} s`;
  return `${Math.round(ms)} ms`;
}

/** Whole numbers as they are, others with at most three decimals. */
export function formatNumber(value: number): string {
  return Number.isInteger(value) ? String(value) : String(Number(value.toFixed(3)));
}

export function collapseWhitespace(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

/**
 * Control characters but newline and tab (ESC, BEL, CR, C1) and the bidirectional overrides:
 * in untrusted text (dataset ids and titles, model answers, SUT names, file names) they could
 * clear a terminal, set its title, overwrite a line or reorder what a reader sees.
 */
const CONTROLS = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/g;

/** `text` with every control character shown as U+FFFD; newlines and tabs kept. */
export function withoutControls(text: string): string {
  return text.replace(CONTROLS, '\ufffd');
}

/** One inert line of untrusted text: whitespace collapsed, controls made visible. */
export function inertText(text: string): string {
  return withoutControls(collapseWhitespace(text));
}

/** A mean to two decimals, or — when nothing was measured (a simulate slice's turns and calls to success). */
export function meanText(value: number | null): string {
  return value === null ? '—' : value.toFixed(2);
}
