/** Small text and number formatting shared by the renderers. */
import stringWidth from 'string-width';

export { collapseWhitespace, inertText, withoutControls } from '../../util/outsideText.js';

/** The terminal cells `text` takes: a Chinese character or an emoji two, a combining mark none (string-width). */
export function cellWidth(text: string): number {
  return stringWidth(text);
}

/** `text` and the spaces after it that make it `cells` cells wide (padEnd counts characters, not cells). */
export function padCells(text: string, cells: number): string {
  return text + ' '.repeat(Math.max(0, cells - cellWidth(text)));
}

const graphemes = new Intl.Segmenter();

/**
 * Cuts to at most `max` terminal cells, between whole characters as a reader sees them (never inside
 * a surrogate pair or an emoji sequence), and marks the cut with an ellipsis. Reads no further
 * than the cut, however long the text.
 */
export function truncate(text: string, max: number): string {
  // No character takes more than two cells, nor fewer than one code unit.
  if (text.length * 2 <= max) return text;
  let used = 0;
  let fits = 0;
  for (const { segment, index } of graphemes.segment(text)) {
    used += stringWidth(segment);
    if (used > max) return `${text.slice(0, fits)}…`;
    if (used <= max - 1) fits = index + segment.length;
  }
  return text;
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

/** Signed difference of two scores in percentage points: "-7.0 pp", in Chinese "-7.0 个百分点" (docs/glossary.md). */
export function deltaPoints(baseline: number, current: number, lang: 'en' | 'zh' = 'en'): string {
  const pp = (current - baseline) * 100;
  const sign = pp > 0 ? '+' : pp < 0 ? '-' : '±';
  return `${sign}${Math.abs(pp).toFixed(1)}${POINTS[lang]}`;
}

const POINTS = { en: ' pp', zh: ' 个百分点' } as const;

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

/** A mean to two decimals, or — when nothing was measured (a simulate slice's turns and calls to success). */
export function meanText(value: number | null): string {
  return value === null ? '—' : value.toFixed(2);
}
