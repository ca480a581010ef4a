/** Tiny inline-SVG bars for the HTML report (no xmlns: inline SVG in HTML does not need one). */
import { escapeHtml } from './escape.js';
import { label } from '../words/labels.js';
import type { Lang } from '../model/reportTypes.js';

const clamp = (value: number) => Math.min(1, Math.max(0, value));

/** A score bar in [0, 1], with an optional tick where the baseline stood. */
export function scoreBar(score: number, baseline: number | null, tone: 'good' | 'bad' | 'neutral', lang: Lang = 'en'): string {
  const width = 200;
  const fill = (clamp(score) * width).toFixed(1);
  const tick =
    baseline === null
      ? ''
      : `<line class="bar-baseline" x1="${(clamp(baseline) * width).toFixed(1)}" x2="${(clamp(baseline) * width).toFixed(1)}" y1="0" y2="12"><title>${escapeHtml(label(lang, 'baselineAt', `${(baseline * 100).toFixed(1)}%`))}</title></line>`;
  return (
    `<svg class="bar bar-${tone}" viewBox="0 0 ${width} 12" preserveAspectRatio="none" role="img" aria-label="${escapeHtml(`${(score * 100).toFixed(1)}%`)}">` +
    `<rect class="bar-track" x="0" y="2" width="${width}" height="8" rx="4"/>` +
    `<rect class="bar-fill" x="0" y="2" width="${fill}" height="8" rx="4"/>` +
    `${tick}</svg>`
  );
}

/** A stacked passed/failed bar. */
export function passFailBar(passed: number, failed: number): string {
  const width = 200;
  const total = passed + failed;
  const passWidth = total === 0 ? width : (passed / total) * width;
  return (
    `<svg class="bar" viewBox="0 0 ${width} 12" preserveAspectRatio="none" role="img" aria-label="${passed} passed, ${failed} failed">` +
    `<rect class="bar-track" x="0" y="2" width="${width}" height="8" rx="4"/>` +
    (failed > 0 ? `<rect class="seg-fail" x="0" y="2" width="${width}" height="8" rx="4"/>` : '') +
    (passed > 0 || total === 0 ? `<rect class="seg-pass" x="0" y="2" width="${passWidth.toFixed(1)}" height="8" rx="4"/>` : '') +
    `</svg>`
  );
}
