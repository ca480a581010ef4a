/** Unpaired UTF-16 surrogates: no UTF-8 file can hold one, and encodeURIComponent throws on one (URIError). */
export const LONE_SURROGATE_SOURCE = '[\\uD800-\\uDBFF](?![\\uDC00-\\uDFFF])|(?<![\\uD800-\\uDBFF])[\\uDC00-\\uDFFF]';

const LONE_SURROGATE = new RegExp(LONE_SURROGATE_SOURCE);
const LONE_SURROGATES = new RegExp(LONE_SURROGATE_SOURCE, 'g');

/** Where the first unpaired surrogate is, or -1. */
export function loneSurrogateAt(text: string): number {
  return text.search(LONE_SURROGATE);
}

/** The text with each unpaired surrogate replaced by U+FFFD, as a UTF-8 encoder writes it. */
export function wellFormed(text: string): string {
  return text.replace(LONE_SURROGATES, '\uFFFD');
}
