/** Characters that end or pad an utterance and carry no meaning for the rules. */
const EDGE_PUNCTUATION = new Set([...'。！!？?，,、；;：:.~～…·\'"“”‘’「」『』()（）[]【】 \t\r\n\u3000']);

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
 * Full-width digits and Latin → half-width, Latin lowercased, spaces dropped (Chinese has no
 * word spaces; one is kept only between two ASCII letters/digits so "60 30" stays two
 * numbers), and leading/trailing punctuation trimmed. One pass, no regex.
 */
export function normalizeUtterance(text: string): string {
  let out = '';
  let pendingSpace = false;
  for (let i = 0; i < text.length; i++) {
    let code = text.charCodeAt(i);
    if (isFoldedFullWidth(code)) code -= FULLWIDTH_OFFSET;
    if (isSpace(code)) {
      pendingSpace = true;
      continue;
    }
    if (code >= 65 && code <= 90) code += 32;
    if (pendingSpace) {
      if (out.length > 0 && isAsciiAlnum(out.charCodeAt(out.length - 1)) && isAsciiAlnum(code)) out += ' ';
      pendingSpace = false;
    }
    out += String.fromCharCode(code);
  }
  let start = 0;
  let end = out.length;
  while (start < end && EDGE_PUNCTUATION.has(out[start] as string)) start++;
  while (end > start && EDGE_PUNCTUATION.has(out[end - 1] as string)) end--;
  return start === 0 && end === out.length ? out : out.slice(start, end);
}
