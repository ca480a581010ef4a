/** Escaping for XML (JUnit) and HTML text, and URL fragments. */
import { LONE_SURROGATE_SOURCE } from '../../util/wellFormed.js';

/**
 * Characters XML 1.0 cannot carry at all, not even as character references: C0 controls
 * other than tab/LF/CR, U+FFFE/U+FFFF and unpaired surrogates.
 */
const XML_FORBIDDEN = new RegExp(`[\\u0000-\\u0008\\u000B\\u000C\\u000E-\\u001F\\uFFFE\\uFFFF]|${LONE_SURROGATE_SOURCE}`, 'g');

/** A URL fragment (`#d-…`) for any string: an unpaired surrogate is U+FFFD there, not a URIError. */
export function uriFragment(text: string): string {
  return encodeURIComponent(text.toWellFormed());
}

/** Forbidden characters stay visible as `\uXXXX` instead of silently vanishing. */
function replaceForbidden(text: string): string {
  return text.replace(XML_FORBIDDEN, (ch) => `\\u${ch.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

export function escapeXmlText(text: string): string {
  return replaceForbidden(text).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** Attribute values also escape quotes and keep tab/LF/CR, which parsers would otherwise normalise to spaces. */
export function escapeXmlAttr(text: string): string {
  return escapeXmlText(text).replace(/"/g, '&quot;').replace(/'/g, '&apos;').replace(/\t/g, '&#9;').replace(/\n/g, '&#10;').replace(/\r/g, '&#13;');
}

export function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');
}

/**
 * JSON for a `<script type="application/json">` block: no `<` can survive, so neither
 * `</script>` nor `<!--` in user text can end or confuse the block. JSON.parse restores it.
 */
export function jsonForScript(value: unknown): string {
  return scriptSafeJson(JSON.stringify(value));
}

/** The replacements of jsonForScript on JSON text already written (each is one character, so pieces may be escaped apart). */
export function scriptSafeJson(json: string): string {
  return json
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}
