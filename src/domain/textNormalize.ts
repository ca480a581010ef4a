/** Characters that end or pad an utterance and carry no meaning for the rules. */
const EDGE_PUNCTUATION = new Set([...'。！!？?，,、；;：:.~～…·\'"“”‘’「」『』()（）[]【】 \t\r\n\u3000']);
/** EDGE_PUNCTUATION by char code, for the scan that trims an utterance. */
const IS_EDGE = new Uint8Array(0x10000);
for (const ch of EDGE_PUNCTUATION) IS_EDGE[ch.charCodeAt(0)] = 1;

const FULLWIDTH_OFFSET = 0xfee0;
const IDEOGRAPHIC_SPACE = 0x3000;

function isAsciiAlnum(code: number): boolean {
  return (code >= 48 && code <= 57) || (code >= 97 && code <= 122) || (code >= 65 && code <= 90);
}

/**
 * Full-width digits, Latin letters and amount symbols (％ ＋ － ． ＄). Chinese punctuation
 * such as ，！？ is left as it is: it is the ordinary punctuation of the text.
 */
function isFoldedFullWidth(code: number): boolean {
  return (
    (code >= 0xff10 && code <= 0xff19) ||
    (code >= 0xff21 && code <= 0xff3a) ||
    (code >= 0xff41 && code <= 0xff5a) ||
    code === 0xff05 ||
    code === 0xff0b ||
    code === 0xff0d ||
    code === 0xff0e ||
    code === 0xff04
  );
}

function isSpace(code: number): boolean {
  return code === 32 || code === 9 || code === 10 || code === 13 || code === IDEOGRAPHIC_SPACE;
}

/**
 * What normalizeUtterance makes of each character: 0 = kept as it is, SPACE_MARK = a space
 * (dropped), otherwise the replacement (full-width folded, Latin lowercased).
 */
const SPACE_MARK = 1;
const REPLACEMENT = new Uint16Array(0x10000);
for (let code = 0; code < 0x10000; code++) {
  let folded = isFoldedFullWidth(code) ? code - FULLWIDTH_OFFSET : code;
  if (isSpace(folded)) {
    REPLACEMENT[code] = SPACE_MARK;
    continue;
  }
  if (folded >= 65 && folded <= 90) folded += 32;
  if (folded !== code) REPLACEMENT[code] = folded;
}

/**
 * Full-width digits and Latin → half-width, Latin lowercased, spaces dropped (Chinese has no
 * word spaces; one is kept only between two ASCII letters/digits so "60 30" stays two
 * numbers), and leading/trailing punctuation trimmed. One pass, no regex.
 */
export function normalizeUtterance(text: string): string {
  // Fast path: nothing to fold, lowercase or drop, so only the edges may change.
  let i = 0;
  while (i < text.length && REPLACEMENT[text.charCodeAt(i)] === 0) i++;
  return i === text.length ? trimEdges(text) : rewrite(text);
}

function trimEdges(out: string): string {
  let start = 0;
  let end = out.length;
  while (start < end && IS_EDGE[out.charCodeAt(start)] === 1) start++;
  while (end > start && IS_EDGE[out.charCodeAt(end - 1)] === 1) end--;
  return start === 0 && end === out.length ? out : out.slice(start, end);
}

/** String.fromCharCode.apply takes this many codes at a time. */
const CHUNK = 4096;

function rewrite(text: string): string {
  const codes: number[] = [];
  let pendingSpace = false;
  for (let i = 0; i < text.length; i++) {
    const original = text.charCodeAt(i);
    const replacement = REPLACEMENT[original]!;
    if (replacement === SPACE_MARK) {
      pendingSpace = true;
      continue;
    }
    const code = replacement === 0 ? original : replacement;
    if (pendingSpace) {
      if (codes.length > 0 && isAsciiAlnum(codes[codes.length - 1]!) && isAsciiAlnum(code)) codes.push(32);
      pendingSpace = false;
    }
    codes.push(code);
  }
  let start = 0;
  let end = codes.length;
  while (start < end && IS_EDGE[codes[start]!] === 1) start++;
  while (end > start && IS_EDGE[codes[end - 1]!] === 1) end--;
  if (end - start <= CHUNK) {
    return String.fromCharCode.apply(null, start === 0 && end === codes.length ? codes : codes.slice(start, end));
  }
  let out = '';
  for (let from = start; from < end; from += CHUNK) out += String.fromCharCode.apply(null, codes.slice(from, Math.min(end, from + CHUNK)));
  return out;
}
