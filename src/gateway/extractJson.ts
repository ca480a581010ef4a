export type ExtractResult = { ok: true; value: Record<string, unknown> } | { ok: false; reason: string };

const FENCE = /```[a-zA-Z]*[ \t]*\r?\n?([\s\S]*?)```/g;

/** Bounds on the search for an object in prose: how many spans are parsed, how many characters in all. */
const MAX_SPANS = 50;
const MAX_PARSE_CHARS = 4 * 1024 * 1024;
/** Scans restarted at a later '{' (a stray quote in prose can hide the object from the first). */
const MAX_SCANS = 8;

/**
 * Finds the JSON object in a model's answer: the whole text, a ```json fence, or
 * the first balanced {...} that parses, with prose around it. Never repairs JSON.
 * Linear in the answer's length whatever it holds (a hostile answer of a million '{' included).
 */
export function extractJson(text: string): ExtractResult {
  const cleaned = withoutThinking(text.replace(/^\uFEFF/, '')).trim();
  if (cleaned === '') return { ok: false, reason: 'empty answer' };

  // The whole text first (the usual answer), then each fence's content.
  const whole = wholeCandidate(cleaned);
  if (whole) return whole;
  let fences = 0;
  for (const match of cleaned.matchAll(FENCE)) {
    const fenced = wholeCandidate((match[1] ?? '').trim());
    if (fenced) return fenced;
    if (++fences >= MAX_SPANS) break;
  }

  let lastError = 'unbalanced braces';
  let spans = 0;
  let budget = MAX_PARSE_CHARS;
  const tried = new Set<string>();
  let from = cleaned.indexOf('{');
  scans: for (let scan = 0; scan < MAX_SCANS && from !== -1; scan++) {
    for (const [start, end] of balancedSpans(cleaned, from)) {
      const key = `${start}:${end}`;
      if (tried.has(key)) continue;
      if (spans >= MAX_SPANS || budget < end - start) break scans;
      tried.add(key);
      spans++;
      budget -= end - start + 1;
      const parsed = tryParse(cleaned.slice(start, end + 1));
      if (parsed.ok && isObject(parsed.value)) return { ok: true, value: parsed.value };
      if (!parsed.ok) lastError = parsed.error;
    }
    from = cleaned.indexOf('{', from + 1);
  }
  if (!cleaned.includes('{')) return { ok: false, reason: `no JSON object in the answer: ${preview(cleaned)}` };
  return { ok: false, reason: `no parsable JSON object (${lastError}): ${preview(cleaned)}` };
}

/** Drops <think>…</think> blocks (reasoning models think aloud first; braces in there are not the answer). */
function withoutThinking(text: string): string {
  const lower = text.toLowerCase();
  let kept = '';
  let at = 0;
  for (;;) {
    const open = lower.indexOf('<think>', at);
    const close = open === -1 ? -1 : lower.indexOf('</think>', open + 7);
    if (close === -1) return kept + text.slice(at);
    kept += text.slice(at, open);
    at = close + 8;
  }
}

/** The answer when `candidate` is JSON as a whole, or null when it does not parse. */
function wholeCandidate(candidate: string): ExtractResult | null {
  const parsed = tryParse(candidate);
  if (!parsed.ok) return null;
  if (isObject(parsed.value)) return { ok: true, value: parsed.value };
  // Valid JSON of the wrong kind: digging an element out of it would misread the answer.
  return { ok: false, reason: `the answer is JSON but not an object: ${preview(candidate)}` };
}

function tryParse(text: string): { ok: true; value: unknown } | { ok: false; error: string } {
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch (error) {
    return { ok: false, error: (error as Error).message };
  }
}

function isObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/**
 * Every balanced {...} from `from` on, in one pass, ordered by where it starts (outermost first):
 * braces inside strings are skipped; quotes outside any brace are prose.
 */
function balancedSpans(text: string, from: number): Array<[number, number]> {
  const spans: Array<[number, number]> = [];
  const opens: number[] = [];
  let inString = false;
  let escaped = false;
  for (let i = from; i < text.length; i++) {
    const ch = text[i];
    if (inString) {
      if (escaped) escaped = false;
      else if (ch === '\\') escaped = true;
      else if (ch === '"') inString = false;
    } else if (ch === '"') inString = opens.length > 0;
    else if (ch === '{') opens.push(i);
    else if (ch === '}' && opens.length > 0) spans.push([opens.pop()!, i]);
  }
  return spans.sort((a, b) => a[0] - b[0]);
}

function preview(text: string): string {
  const flat = text.replace(/\s+/g, ' ');
  return flat.length > 80 ? `${flat.slice(0, 80)}…` : flat;
}
