/**
 * Unpaired UTF-16 surrogates: no UTF-8 file can hold one, and encodeURIComponent throws on one (URIError).
 * The platform replaces them (`String.prototype.toWellFormed`); this file says where one is, for a located message.
 */
export const LONE_SURROGATE_SOURCE = '[\\uD800-\\uDBFF](?![\\uDC00-\\uDFFF])|(?<![\\uD800-\\uDBFF])[\\uDC00-\\uDFFF]';

const LONE_SURROGATE = new RegExp(LONE_SURROGATE_SOURCE);

/** Where the first unpaired surrogate is, or -1. */
export function loneSurrogateAt(text: string): number {
  return text.isWellFormed() ? -1 : text.search(LONE_SURROGATE);
}
