export type ExtractResult = { ok: true; value: Record<string, unknown> } | { ok: false; reason: string };

const FENCE = /```[a-zA-Z]*[ \t]*\r?\n?([\s\S]*?)```/g;
// Reasoning models may think aloud first; braces in there are not the answer.
const THINK_BLOCK = /<think>[\s\S]*?<\/think>/gi;

/**
 * Finds the JSON object in a model's answer: the whole text, a ```json fence, or
 * the first balanced {...} that parses, with prose around it. Never repairs JSON.
 */
export function extractJson(text: string): ExtractResult {
  const cleaned = text.replace(/^\uFEFF/, '').replace(THINK_BLOCK, '').trim();
  if (cleaned === '') return { ok: false, reason: 'empty answer' };

  // The whole text first (the usual answer), then each fence's content.
  const whole = wholeCandidate(cleaned);
  if (whole) return whole;
  for (const match of cleaned.matchAll(FENCE)) {
    const fenced = wholeCandidate((match[1] ?? '').trim());
    if (fenced) return fenced;
  }

  let lastError = 'unbalanced braces';
  const spans = balancedObjects(cleaned);
  for (const span of spans) {
    const parsed = tryParse(span);
    if (parsed.ok && isObject(parsed.value)) return { ok: true, value: parsed.value };
    if (!parsed.ok) lastError = parsed.error;
  }
  if (!cleaned.includes('{')) return { ok: false, reason: `no JSON object in the answer: ${preview(cleaned)}` };
  return { ok: false, reason: `no parsable JSON object (${lastError}): ${preview(cleaned)}` };
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
 * For each '{' (up to a bound), the span up to its matching '}', skipping braces
 * inside strings. Trying every start copes with stray braces in surrounding prose.
 */
function balancedObjects(text: string): string[] {
  const spans: string[] = [];
  for (let start = text.indexOf('{'); start !== -1 && spans.length < MAX_SPANS; start = text.indexOf('{', start + 1)) {
    const end = matchingBrace(text, start);
    if (end !== -1) spans.push(text.slice(start, end + 1));
  }
  return spans;
}

const MAX_SPANS = 50;

function matchingBrace(text: string, start: number): number {
  let depth = 0;
  let inString = false;
  let escaped = false;
  for (let i = start; i < text.length; i++) {
    const ch = text[i];
    if (inString) {
      if (escaped) escaped = false;
      else if (ch === '\\') escaped = true;
      else if (ch === '"') inString = false;
    } else if (ch === '"') inString = true;
    else if (ch === '{') depth++;
    else if (ch === '}' && --depth === 0) return i;
  }
  return -1;
}

function preview(text: string): string {
  const flat = text.replace(/\s+/g, ' ');
  return flat.length > 80 ? `${flat.slice(0, 80)}…` : flat;
}
