/** The head every report page shares: charset, a Content-Security-Policy that fetches nothing, title and styles. */
import { escapeHtml as esc } from './escape.js';
import type { Lang } from '../model/reportTypes.js';
import { punctuation } from '../words/wording.js';

export function pageHead(options: { lang: Lang; title: string; css: string; scriptSrc?: string }): string {
  const script = options.scriptSrc ? ` script-src ${options.scriptSrc};` : '';
  const csp = `default-src 'none'; style-src 'unsafe-inline'; img-src data:;${script} base-uri 'none'; form-action 'none'`;
  return `<!DOCTYPE html>
<html lang="${punctuation(options.lang).locale}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="Content-Security-Policy" content="${esc(csp)}">
<meta name="referrer" content="no-referrer">
<title>${esc(options.title)}</title>
<style>${options.css}</style>
</head>`;
}
